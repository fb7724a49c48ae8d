import {
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { FieldType, FormSchema } from '@formloom/contract';
import { FIELD_TYPES } from '@formloom/contract';
import type { SchemaProblem } from '@formloom/contract/engine';
import { Button, Group, NativeSelect, Paper, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTexts } from '../../i18n/texts.js';
import { named, useNames } from './names.js';
import { problemsAt } from './problems.js';
import { fieldsOf, moveField, moveSection, sectionsOf } from './schema-edit.js';
import {
  type ItemData,
  sameKindCollisions,
  sameKindKeyboardCoordinates,
  sectionKey,
  useDragAnnouncements,
} from './structure-dnd.js';
import { EmptySection, FieldItem, SectionItem } from './structure-items.js';
import { builderTexts } from './texts.js';

export type Selection = { kind: 'field' | 'section'; id: string } | undefined;

interface Props {
  schema: FormSchema;
  problems: readonly SchemaProblem[];
  selection: Selection;
  onSelect: (selection: Selection) => void;
  edit: (change: (s: FormSchema) => FormSchema) => void;
  onAddField: (sectionId: string, type: FieldType) => void;
  onAddSection: () => void;
  onRemoveField: (id: string) => void;
  onRemoveSection: (id: string) => void;
  disabled: boolean;
}

/**
 * The sections (pages) and their fields, in order: select one to edit it; reorder either by
 * dragging its handle (mouse, touch, or the keyboard: space on the handle, then the arrows) or
 * with the move buttons. A field dragged onto a field of another section, or onto an empty
 * section's list, moves there.
 */
export function StructureList(props: Props) {
  const { schema, problems, selection, onSelect, edit, disabled } = props;
  const t = useTexts(builderTexts);
  const names = useNames();
  const sections = sectionsOf(schema);
  const [addType, setAddType] = useState<FieldType>('text');
  const [addTo, setAddTo] = useState<string>('');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sameKindKeyboardCoordinates }),
  );
  const accessibility = useDragAnnouncements();
  const paged = schema.settings?.layout === 'paged';
  const chosen = sections.some((x) => x.id === addTo) ? addTo : sections.at(-1)?.id;
  const fieldIndex = new Map(schema.fields.map((f, i) => [f.id, i]));
  const sectionIndex = new Map(schema.sections.map((s, i) => [s.id, i]));

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const from = active.data.current as ItemData | undefined;
    const to = over?.data.current as ItemData | undefined;
    if (from === undefined || to === undefined || from.id === to.id || from.kind !== to.kind) return;
    if (to.into !== undefined) {
      const into = to.into;
      edit((s) => moveField(s, from.id, 0, into));
      return;
    }
    if (from.kind === 'section') {
      const at = sections.findIndex((x) => x.id === to.id);
      edit((s) => moveSection(s, from.id, at));
      return;
    }
    const target = schema.fields.find((f) => f.id === to.id);
    if (target === undefined) return;
    const at = fieldsOf(schema, target.sectionId).findIndex((f) => f.id === target.id);
    edit((s) => moveField(s, from.id, at, target.sectionId));
  };

  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('structure')}
      </Title>
      <DndContext
        sensors={sensors}
        collisionDetection={sameKindCollisions}
        onDragEnd={onDragEnd}
        accessibility={accessibility}
      >
        <SortableContext items={sections.map((x) => sectionKey(x.id))} strategy={verticalListSortingStrategy}>
          {sections.map((section, s) => {
            const fields = fieldsOf(schema, section.id);
            const name = `${t(paged ? 'page' : 'section', { n: s + 1 })}: ${section.title || t('untitledSection')}`;
            return (
              <SectionItem
                key={section.id}
                section={section}
                name={name}
                index={s}
                count={sections.length}
                problems={problemsAt(problems, `$.sections[${sectionIndex.get(section.id)}]`).length}
                selected={selection?.kind === 'section' && selection.id === section.id}
                onSelect={() => onSelect({ kind: 'section', id: section.id })}
                onMove={(to) => edit((x) => moveSection(x, section.id, to))}
                onRemove={() => props.onRemoveSection(section.id)}
                disabled={disabled}
              >
                <SortableContext items={fields.map((f) => f.id)} strategy={verticalListSortingStrategy}>
                  {fields.length === 0 ? (
                    <EmptySection id={section.id} name={name} />
                  ) : (
                    <Stack component="ul" gap={4} p={0} m={0}>
                      {fields.map((field, i) => (
                        <FieldItem
                          key={field.id}
                          field={field}
                          index={i}
                          count={fields.length}
                          problems={problemsAt(problems, `$.fields[${fieldIndex.get(field.id)}]`).length}
                          selected={selection?.kind === 'field' && selection.id === field.id}
                          onSelect={() => onSelect({ kind: 'field', id: field.id })}
                          onMove={(to) => edit((x) => moveField(x, field.id, to))}
                          onRemove={() => props.onRemoveField(field.id)}
                          disabled={disabled}
                        />
                      ))}
                    </Stack>
                  )}
                </SortableContext>
              </SectionItem>
            );
          })}
        </SortableContext>
      </DndContext>
      <Paper withBorder p="xs">
        <Stack gap="xs">
          <Group gap="xs" align="flex-end" wrap="wrap">
            <NativeSelect
              label={t('fieldType')}
              value={addType}
              data={named(FIELD_TYPES, names.type)}
              disabled={disabled}
              onChange={(e) => setAddType(e.currentTarget.value as FieldType)}
            />
            <NativeSelect
              label={t('toSection')}
              value={chosen ?? ''}
              disabled={disabled}
              data={sections.map((x, i) => ({
                value: x.id,
                label: `${t(paged ? 'page' : 'section', { n: i + 1 })}: ${x.title || t('untitledSection')}`,
              }))}
              onChange={(e) => setAddTo(e.currentTarget.value)}
            />
          </Group>
          <Group gap="xs">
            <Button
              disabled={disabled || chosen === undefined}
              onClick={() => chosen !== undefined && props.onAddField(chosen, addType)}
            >
              {t('addField')}
            </Button>
            <Button variant="default" disabled={disabled} onClick={props.onAddSection}>
              {t('addSection')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
