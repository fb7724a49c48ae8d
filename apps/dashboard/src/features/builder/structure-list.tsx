import {
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Field, FieldType, FormSchema, Section } from '@formloom/contract';
import { FIELD_TYPES } from '@formloom/contract';
import type { SchemaProblem } from '@formloom/contract/engine';
import { ActionIcon, Badge, Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
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

function FieldItem({
  field,
  index,
  count,
  problems,
  selected,
  onSelect,
  onMove,
  onRemove,
  disabled,
}: {
  field: Field;
  index: number;
  count: number;
  problems: number;
  selected: boolean;
  onSelect: () => void;
  onMove: (to: number) => void;
  onRemove: () => void;
  disabled: boolean;
}) {
  const t = useTexts(builderTexts);
  const names = useNames();
  const name = field.label;
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: field.id,
    data: { kind: 'field', id: field.id, name } satisfies ItemData,
    disabled,
  });
  return (
    <li
      ref={setNodeRef}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        listStyle: 'none',
        opacity: isDragging ? 0.6 : 1,
      }}
    >
      <Paper withBorder p={6} bg={selected ? 'blue.0' : undefined}>
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('dragHandle', { name })}
            {...attributes}
            {...listeners}
          >
            <span aria-hidden="true">⠿</span>
          </ActionIcon>
          <Button
            variant="subtle"
            justify="flex-start"
            style={{ flex: 1, minWidth: 0 }}
            aria-pressed={selected}
            aria-label={t('editItem', { name })}
            onClick={onSelect}
          >
            <Text truncate size="sm" c="dark">
              {name}
            </Text>
          </Button>
          <Badge variant="light" color="gray" c="dark" size="sm">
            {names.type[field.type]}
          </Badge>
          {problems > 0 ? (
            <Badge color="red" size="sm" aria-label={t('problemsCount', { count: problems })}>
              {problems}
            </Badge>
          ) : null}
          <ActionIcon
            variant="subtle"
            aria-label={t('moveUp', { name })}
            disabled={disabled || index === 0}
            onClick={() => onMove(index - 1)}
          >
            <span aria-hidden="true">↑</span>
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            aria-label={t('moveDown', { name })}
            disabled={disabled || index === count - 1}
            onClick={() => onMove(index + 1)}
          >
            <span aria-hidden="true">↓</span>
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('remove', { name })}
            disabled={disabled}
            onClick={onRemove}
          >
            <span aria-hidden="true">×</span>
          </ActionIcon>
        </Group>
      </Paper>
    </li>
  );
}

/** The list of a section without fields: a field dragged onto it moves into the section. */
function EmptySection({ id, name }: { id: string; name: string }) {
  const t = useTexts(builderTexts);
  const { setNodeRef, isOver } = useDroppable({
    id: `empty/${id}`,
    data: { kind: 'field', id: '', name, into: id } satisfies ItemData,
  });
  return (
    <Text
      ref={setNodeRef}
      size="sm"
      c="dimmed"
      p={4}
      style={{ outline: isOver ? '2px dashed var(--mantine-color-blue-6)' : undefined }}
    >
      {t('noFields')}
    </Text>
  );
}

/** A section (a page) with its fields: dragged by its handle or moved with its buttons as a whole. */
function SectionItem({
  section,
  name,
  index,
  count,
  problems,
  selected,
  onSelect,
  onMove,
  onRemove,
  disabled,
  children,
}: {
  section: Section;
  name: string;
  index: number;
  count: number;
  problems: number;
  selected: boolean;
  onSelect: () => void;
  onMove: (to: number) => void;
  onRemove: () => void;
  disabled: boolean;
  children: ReactNode;
}) {
  const t = useTexts(builderTexts);
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: sectionKey(section.id),
    data: { kind: 'section', id: section.id, name } satisfies ItemData,
    disabled,
  });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="xs"
      component="section"
      aria-label={name}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : 1,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
      }}
    >
      <Stack gap={6}>
        <Group gap={4} wrap="nowrap" justify="space-between">
          <Group gap={2} wrap="nowrap" style={{ minWidth: 0 }}>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('dragHandle', { name })}
              {...attributes}
              {...listeners}
            >
              <span aria-hidden="true">⠿</span>
            </ActionIcon>
            <Title order={3} size="h6" style={{ minWidth: 0 }}>
              <Button
                variant={selected ? 'light' : 'subtle'}
                size="compact-sm"
                aria-pressed={selected}
                aria-label={t('editItem', { name })}
                onClick={onSelect}
              >
                <Text truncate size="sm" fw={700} c="dark">
                  {name}
                </Text>
              </Button>
            </Title>
          </Group>
          <Group gap={2} wrap="nowrap">
            {problems > 0 ? (
              <Badge color="red" size="sm" aria-label={t('problemsCount', { count: problems })}>
                {problems}
              </Badge>
            ) : null}
            <ActionIcon
              variant="subtle"
              aria-label={t('moveUp', { name })}
              disabled={disabled || index === 0}
              onClick={() => onMove(index - 1)}
            >
              <span aria-hidden="true">↑</span>
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              aria-label={t('moveDown', { name })}
              disabled={disabled || index === count - 1}
              onClick={() => onMove(index + 1)}
            >
              <span aria-hidden="true">↓</span>
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('remove', { name })}
              disabled={disabled || count === 1}
              onClick={onRemove}
            >
              <span aria-hidden="true">×</span>
            </ActionIcon>
          </Group>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
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
