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
