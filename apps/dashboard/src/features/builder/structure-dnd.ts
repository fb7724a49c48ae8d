import {
  type Active,
  type Announcements,
  type CollisionDetection,
  closestCenter,
  type DroppableContainers,
  type KeyboardCoordinateGetter,
  type Over,
  type ScreenReaderInstructions,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useRef } from 'react';
import { useTexts } from '../../i18n/texts.js';
import { builderTexts } from './texts.js';

/**
 * Dragging in the structure list: sections and fields are sortables of one DndContext (so a field
 * can be dropped into another section), and each kind only ever lands among its own kind.
 */

/**
 * What each sortable carries: its kind, its id in the schema, and the name it is announced by.
 * An empty section's list is a field target too (`into`: that section), so a field can go there.
 */
export interface ItemData {
  kind: 'field' | 'section';
  id: string;
  name: string;
  into?: string;
}

/** A section's sortable id: "/" is not allowed in ids, so it never equals a field's. */
export const sectionKey = (id: string) => `section/${id}`;

const dataOf = (item: Active | Over | null | undefined) => item?.data.current as ItemData | undefined;

/** Among the droppables of the dragged item's kind, the closest. */
export const sameKindCollisions: CollisionDetection = (args) => {
  const kind = dataOf(args.active)?.kind;
  return closestCenter({
    ...args,
    droppableContainers: args.droppableContainers.filter((c) => c.data.current?.kind === kind),
  });
};

/**
 * dnd-kit's keyboard steps for sortables, looking only at the dragged item's kind: an arrow moves
 * a section past the next section, not onto the first field inside it.
 */
export const sameKindKeyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
  const all = args.context.droppableContainers;
  const kind = dataOf(args.context.active)?.kind;
  const same = all.getEnabled().filter((c) => c.data.current?.kind === kind);
  // sortableKeyboardCoordinates reads the containers through these two methods only.
  const droppableContainers = {
    getEnabled: () => same,
    get: (id: Parameters<DroppableContainers['get']>[0]) => all.get(id),
  } as unknown as DroppableContainers;
  return sortableKeyboardCoordinates(event, {
    ...args,
    context: { ...args.context, droppableContainers },
  });
};

/** Where `over` would put the dragged item, counted from 1, and how many there would be. */
function place(active: Active, over: Over): { n: number; count: number } {
  if (dataOf(over)?.into !== undefined) return { n: 1, count: 1 };
  const sortable = over.data.current?.sortable as { index: number; items: unknown[] } | undefined;
  const from = active.data.current?.sortable as { containerId: unknown } | undefined;
  const into = over.data.current?.sortable as { containerId: unknown } | undefined;
  const count = (sortable?.items.length ?? 1) + (from?.containerId === into?.containerId ? 0 : 1);
  return { n: (sortable?.index ?? 0) + 1, count };
}

/** What a screen reader hears while an item is dragged: its name and place, in the member's language. */
export function useDragAnnouncements(): {
  announcements: Announcements;
  screenReaderInstructions: ScreenReaderInstructions;
} {
  const t = useTexts(builderTexts);
  // Where the item was last said to be: a drag starts over the item itself, which is no move
  // and must not talk over "picked up".
  const lastOver = useRef<UniqueIdentifier | undefined>(undefined);
  const name = (active: Active) => dataOf(active)?.name ?? String(active.id);
  return {
    announcements: {
      onDragStart: ({ active }) => {
        lastOver.current = active.id;
        return t('dragStart', { name: name(active) });
      },
      onDragOver: ({ active, over }) => {
        if (over === null || over.id === lastOver.current) return undefined;
        lastOver.current = over.id;
        return t('dragOver', { name: name(active), ...place(active, over) });
      },
      onDragEnd: ({ active, over }) =>
        over === null
          ? t('dragCancel', { name: name(active) })
          : t('dragEnd', { name: name(active), ...place(active, over) }),
      onDragCancel: ({ active }) => t('dragCancel', { name: name(active) }),
    },
    screenReaderInstructions: { draggable: t('dragInstructions') },
  };
}
