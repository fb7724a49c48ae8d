import { useDroppable } from '@dnd-kit/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Field, Section } from '@formloom/contract';
import { entryBounds } from '@formloom/runtime/repeat';
import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTexts } from '../../i18n/texts.js';
import { useNames } from './names.js';
import { type ItemData, sectionKey } from './structure-dnd.js';
import { builderTexts } from './texts.js';

/** The rows of the structure list: a section with its fields, each draggable by its handle. */

/** What a row of the list shows and does, a field's or a section's alike. */
interface RowProps {
  index: number;
  count: number;
  problems: number;
  selected: boolean;
  onSelect: () => void;
  onMove: (to: number) => void;
  onRemove: () => void;
  disabled: boolean;
}

/**
 * A field's or a section's problem count, its move buttons and its remove button. `lastStays`:
 * the only one left cannot be removed (a form keeps a section).
 */
function ItemControls({
  name,
  row: { index, count, problems, disabled, onMove, onRemove },
  lastStays = false,
}: {
  name: string;
  row: RowProps;
  lastStays?: boolean;
}) {
  const t = useTexts(builderTexts);
  return (
    <>
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
        disabled={disabled || (lastStays && count === 1)}
        onClick={onRemove}
      >
        <span aria-hidden="true">×</span>
      </ActionIcon>
    </>
  );
}

export function FieldItem({ field, ...row }: RowProps & { field: Field }) {
  const { selected, onSelect, disabled } = row;
  const t = useTexts(builderTexts);
  const names = useNames();
  const name = field.label;
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: field.id,
    data: { kind: 'field', id: field.id, name } satisfies ItemData,
    disabled,
  });
  const grip = { ...attributes, ...listeners };
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
          <ActionIcon variant="subtle" color="gray" aria-label={t('dragHandle', { name })} {...grip}>
            <span aria-hidden="true">⠿</span>
          </ActionIcon>
          {/* The name wraps to two lines: in a narrow column, a name cut to "Whic…" beside its
              badge could not be told from its neighbours. */}
          <Button
            variant="subtle"
            justify="flex-start"
            h="auto"
            mih={36}
            py={4}
            style={{ flex: 1, minWidth: 0 }}
            styles={{ label: { whiteSpace: 'normal', height: 'auto', overflow: 'visible' } }}
            aria-pressed={selected}
            aria-label={t('editItem', { name })}
            onClick={onSelect}
          >
            <Text size="sm" c="dark" lineClamp={2} style={{ overflowWrap: 'anywhere', textAlign: 'start' }}>
              {name}
            </Text>
          </Button>
          <Badge variant="light" color="gray" c="dark" size="sm">
            {names.type[field.type]}
          </Badge>
          <ItemControls name={name} row={row} />
        </Group>
      </Paper>
    </li>
  );
}

/** The list of a section without fields: a field dragged onto it moves into the section. */
export function EmptySection({ id, name }: { id: string; name: string }) {
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
export function SectionItem({
  section,
  name,
  children,
  ...row
}: RowProps & { section: Section; name: string; children: ReactNode }) {
  const { selected, onSelect, disabled } = row;
  const t = useTexts(builderTexts);
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: sectionKey(section.id),
    data: { kind: 'section', id: section.id, name } satisfies ItemData,
    disabled,
  });
  const grip = { ...attributes, ...listeners };
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
            <ActionIcon variant="subtle" color="gray" aria-label={t('dragHandle', { name })} {...grip}>
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
            <ItemControls name={name} row={row} lastStays />
          </Group>
        </Group>
        {section.repeat === undefined ? null : (
          <Text size="xs" c="dark">
            {t('repeatSummary', entryBounds(section))}
          </Text>
        )}
        {children}
      </Stack>
    </Paper>
  );
}
