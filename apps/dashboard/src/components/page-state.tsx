import { Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useI18n } from '../i18n/i18n.js';

/** A page (or a part of one) whose data is on its way: a spinner and the word, announced politely. */
export function PageLoading() {
  const { t } = useI18n();
  return (
    <Group justify="center" p="xl" role="status">
      <Loader size="sm" />
      <Text>{t('loading')}</Text>
    </Group>
  );
}

/** The small spinner beside a page's heading while its table loads; a screen reader hears "Loading". */
export function LoadingMark() {
  const { t } = useI18n();
  return <Loader size="sm" role="status" aria-label={t('loading')} />;
}

/**
 * A page whose subject could not be loaded (gone, or never there): the page's heading, why,
 * announced as an alert, and a link back to where the member came from.
 */
export function PageMissing({
  heading,
  message,
  back,
}: {
  heading: string;
  message: string;
  back: ReactNode;
}) {
  return (
    <Stack>
      <Title order={1} size="h2">
        {heading}
      </Title>
      <Text role="alert">{message}</Text>
      {back}
    </Stack>
  );
}
