import { Button, Group, Text } from '@mantine/core';
import { useI18n } from '../i18n/i18n.js';

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
      <Button size={size} variant="default" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('previous')}
      </Button>
      <Text size={size} aria-live="polite">
        {position}
      </Text>
      <Button size={size} variant="default" disabled={!hasMore} onClick={() => onPage(page + 1)}>
        {t('next')}
      </Button>
    </Group>
  );
}
