import { Button, Group } from '@mantine/core';

/**
 * Move up, move down and remove for one item of a list edited in place (a page's jumps, the
 * endings). The focus follows the moved item (its same button, or the other once it reached the
 * end), through `focus` of `useFocusAfter` on the list's container; a move that cannot go further
 * is said by aria-disabled. After a removal the focus goes to the next item's remove button, else
 * the list's add button (marked `data-focus="<name>-add"`).
 */
export function ReorderButtons({
  name,
  index,
  count,
  onMove,
  onRemove,
  focus,
  labels,
  compact = false,
}: {
  /** What the list holds (`jump`): the buttons' focus keys start with it. */
  name: string;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
  focus: (key: string) => void;
  labels: { up: string; down: string; remove: string };
  /** Arrows and a cross, named by `labels` for screen readers: beside a one-line item in a narrow column. */
  compact?: boolean;
}) {
  const size = compact ? 'compact-sm' : 'xs';
  const first = index === 0;
  const last = index === count - 1;
  const move = (to: number) => {
    onMove(index, to);
    const toward = to < index ? 'up' : 'down';
    const stays = toward === 'up' ? to > 0 : to < count - 1;
    focus(`${name}-${stays ? toward : toward === 'up' ? 'down' : 'up'}-${to}`);
  };
  return (
    <Group gap={compact ? 4 : 'xs'} wrap={compact ? 'nowrap' : 'wrap'}>
      <Button
        variant="default"
        size={size}
        aria-label={compact ? labels.up : undefined}
        data-focus={`${name}-up-${index}`}
        data-disabled={first || undefined}
        aria-disabled={first || undefined}
        onClick={() => (first ? undefined : move(index - 1))}
      >
        {compact ? '↑' : labels.up}
      </Button>
      <Button
        variant="default"
        size={size}
        aria-label={compact ? labels.down : undefined}
        data-focus={`${name}-down-${index}`}
        data-disabled={last || undefined}
        aria-disabled={last || undefined}
        onClick={() => (last ? undefined : move(index + 1))}
      >
        {compact ? '↓' : labels.down}
      </Button>
      <Button
        variant="subtle"
        color="red"
        size={size}
        aria-label={compact ? labels.remove : undefined}
        data-focus={`${name}-remove-${index}`}
        onClick={() => {
          onRemove();
          // The item that takes its place, else the one before, else the list's add button.
          focus(count > 1 ? `${name}-remove-${Math.min(index, count - 2)}` : `${name}-add`);
        }}
      >
        {compact ? '×' : labels.remove}
      </Button>
    </Group>
  );
}
