import { Button, Group, Text } from '@mantine/core';
import type { MouseEvent } from 'react';
import { useI18n } from '../i18n/i18n.js';

/**
 * A button that goes nowhere at the first or last page: disabled for assistive technology and to
 * the eye, but still focusable, so pressing Next onto the last page keeps the keyboard's place
 * (a `disabled` button would drop focus to the top of the document).
 */
function edge(disabled: boolean, go: () => void) {
  return disabled
    ? { 'aria-disabled': true, 'data-disabled': true, onClick: (event: MouseEvent) => event.preventDefault() }
    : { onClick: go };
}

/**
 * Previous / next paging for a page-numbered list: a named navigation region whose position is
 * announced politely when it changes. `hasMore` comes from the list's answer; `pages` may be a
 * lower bound while more pages follow.
 */
export function Pager({
  page,
  pages,
  hasMore,
  onPage,
  size,
  label,
}: {
  page: number;
  pages: number;
  hasMore: boolean;
  onPage: (page: number) => void;
  size?: 'xs' | 'sm';
  /** The region's name when the page has several lists; else the position names it. */
  label?: string;
}) {
  const { t } = useI18n();
  const position = t('pageOf', { page, pages: Math.max(pages, page) });
  return (
    <Group justify="space-between" component="nav" aria-label={label ?? position}>
      <Button size={size} variant="default" {...edge(page <= 1, () => onPage(page - 1))}>
        {t('previous')}
      </Button>
      <Text size={size} aria-live="polite">
        {position}
      </Text>
      <Button size={size} variant="default" {...edge(!hasMore, () => onPage(page + 1))}>
        {t('next')}
      </Button>
    </Group>
  );
}
