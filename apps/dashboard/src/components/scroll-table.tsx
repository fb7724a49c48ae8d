import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways on a narrow screen. The scrolling box is focusable and named, so a
 * keyboard can scroll it (WCAG 2.1.1; axe's scrollable-region-focusable) and a screen reader says what it holds.
 */
export function ScrollTable({
  label,
  minWidth = 320,
  children,
}: {
  label: string;
  minWidth?: number;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native" tabIndex={0} role="region" aria-label={label}>
      {children}
    </Table.ScrollContainer>
  );
}

/** A table's head: one row of column headers, each naming its column for a screen reader. */
export function ColumnHeads({ labels }: { labels: string[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {labels.map((label, index) => (
          // Two columns may share a word; the place is what tells them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: the columns never move
          <Table.Th key={index} scope="col">
            {label}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
