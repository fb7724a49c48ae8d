import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from '../../components/link.js';
import { PageLoading } from '../../components/page-state.js';
import { useTexts } from '../../i18n/texts.js';
import { pathTo } from '../../navigation.js';
import { useSmartForm } from '../smart-forms/queries.js';
import { sessionsTexts } from './texts.js';

/**
 * The frame of a smart form's sessions and analytics pages: the links back and between them, the
 * page's heading over the smart form's title; loading and "not found" while the smart form is not there.
 */
export function SmartFormFrame({
  smartFormId,
  heading,
  current,
  children,
}: {
  smartFormId: string;
  heading: string;
  current: 'sessions' | 'analytics';
  children: ReactNode;
}) {
  const tx = useTexts(sessionsTexts);
  const smartForm = useSmartForm(smartFormId);
  const link = (page: 'sessions' | 'analytics') => (
    <Link
      to={pathTo(`/smart-forms/:smartFormId/${page}`, { smartFormId })}
      aria-current={current === page ? 'page' : undefined}
    >
      {tx(page)}
    </Link>
  );

  if (smartForm.isPending) return <PageLoading />;
  return (
    <Stack>
      <Group gap="md" wrap="wrap" component="nav" aria-label={tx('back')}>
        <Link to={pathTo('/smart-forms/:smartFormId', { smartFormId })}>{tx('back')}</Link>
        {link('sessions')}
        {link('analytics')}
      </Group>
      <div>
        <Title order={1} size="h2">
          {heading}
        </Title>
        {smartForm.isSuccess ? <Text c="dimmed">{smartForm.data.title}</Text> : null}
      </div>
      {smartForm.isError ? <Text role="alert">{tx('notFound')}</Text> : children}
    </Stack>
  );
}
