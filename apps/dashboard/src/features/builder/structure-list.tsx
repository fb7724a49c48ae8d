import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Field, FieldType, FormSchema } from '@formloom/contract';
import { FIELD_TYPES } from '@formloom/contract';
import type { SchemaProblem } from '@formloom/contract/engine';
import { ActionIcon, Badge, Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTexts } from '../../i18n/texts.js';
import { named, useNames } from './names.js';
import { problemsAt } from './problems.js';
import { fieldsOf, moveField, moveSection, sectionsOf } from './schema-edit.js';
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
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: field.id,
    disabled,
  });
  const name = field.label;
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

/**
 * The sections (pages) and their fields, in order: select one to edit it; reorder by dragging
 * (mouse, touch, or the keyboard: space on the handle, then the arrows) or with the move buttons.
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
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const paged = schema.settings?.layout === 'paged';
  const chosen = sections.some((x) => x.id === addTo) ? addTo : sections.at(-1)?.id;
  const fieldIndex = new Map(schema.fields.map((f, i) => [f.id, i]));
  const sectionIndex = new Map(schema.sections.map((s, i) => [s.id, i]));

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over === null || active.id === over.id) return;
    const target = schema.fields.find((f) => f.id === over.id);
    if (target === undefined) return;
    const to = fieldsOf(schema, target.sectionId).findIndex((f) => f.id === target.id);
    edit((s) => moveField(s, String(active.id), to, target.sectionId));
  };

  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('structure')}
      </Title>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        {sections.map((section, s) => {
          const fields = fieldsOf(schema, section.id);
          const name = `${t(paged ? 'page' : 'section', { n: s + 1 })}: ${section.title || t('untitledSection')}`;
          const sectionProblems = problemsAt(problems, `$.sections[${sectionIndex.get(section.id)}]`).length;
          const selected = selection?.kind === 'section' && selection.id === section.id;
          return (
            <Paper key={section.id} withBorder p="xs" component="section" aria-label={name}>
              <Stack gap={6}>
                <Group gap={4} wrap="nowrap" justify="space-between">
                  <Title order={3} size="h6" style={{ minWidth: 0 }}>
                    <Button
                      variant={selected ? 'light' : 'subtle'}
                      size="compact-sm"
                      aria-pressed={selected}
                      aria-label={t('editItem', { name })}
                      onClick={() => onSelect({ kind: 'section', id: section.id })}
                    >
                      <Text truncate size="sm" fw={700} c="dark">
                        {name}
                      </Text>
                    </Button>
                  </Title>
                  <Group gap={2} wrap="nowrap">
                    {sectionProblems > 0 ? (
                      <Badge
                        color="red"
                        size="sm"
                        aria-label={t('problemsCount', { count: sectionProblems })}
                      >
                        {sectionProblems}
                      </Badge>
                    ) : null}
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('moveUp', { name })}
                      disabled={disabled || s === 0}
                      onClick={() => edit((x) => moveSection(x, section.id, s - 1))}
                    >
                      <span aria-hidden="true">↑</span>
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('moveDown', { name })}
                      disabled={disabled || s === sections.length - 1}
                      onClick={() => edit((x) => moveSection(x, section.id, s + 1))}
                    >
                      <span aria-hidden="true">↓</span>
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('remove', { name })}
                      disabled={disabled || sections.length === 1}
                      onClick={() => props.onRemoveSection(section.id)}
                    >
                      <span aria-hidden="true">×</span>
                    </ActionIcon>
                  </Group>
                </Group>
                <SortableContext items={fields.map((f) => f.id)} strategy={verticalListSortingStrategy}>
                  {fields.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      {t('noFields')}
                    </Text>
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
              </Stack>
            </Paper>
          );
        })}
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
