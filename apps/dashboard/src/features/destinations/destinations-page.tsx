import { APIError, type Role, roleAllows } from '@formloom/sdk';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { errorText } from '../../components/error-text.js';
import { Link } from '../../components/link.js';
import { LoadingMark, PageLoading, PageMissing } from '../../components/page-state.js';
import { useI18n } from '../../i18n/i18n.js';
import { useTexts } from '../../i18n/texts.js';
import { pathTo } from '../../navigation.js';
import type { PageProps } from '../../routes.js';
import { useMe } from '../auth/queries.js';
import { useForm } from '../forms/queries.js';
import { AddDestination } from './destination-forms.js';
import { DestinationPanel } from './destination-panel.js';
import { type NewDestination, useDestinations, useStartGoogle } from './queries.js';
import { texts } from './texts.js';

type Kind = NewDestination['kind'];

const GOOGLE_OUTCOMES = {
  connected: 'googleConnected',
  denied: 'googleDenied',
  error: 'googleError',
} as const;

/** The form's destinations page, at `/app/forms/:formId/destinations`. */
export default function DestinationsPage({ params, search }: PageProps) {
  const formId = params.formId!;
  const t = useTexts(texts);
  const { t: shell } = useI18n();
  const form = useForm(formId);
  const destinations = useDestinations(formId);
  const role: Role = useMe().data?.role ?? 'viewer';
  const canWrite = roleAllows(role, 'webhooks.write');
  const [adding, setAdding] = useState<Kind | undefined>();
  const [added, setAdded] = useState(false);
  const google = useStartGoogle(formId);
  const outcome = search.get('google');
  const googleOutcome =
    outcome !== null && outcome in GOOGLE_OUTCOMES ? (outcome as keyof typeof GOOGLE_OUTCOMES) : undefined;

  if (form.isPending) return <PageLoading />;
  if (form.isError)
    return (
      <PageMissing
        heading={t('title')}
        message={t('notFound')}
        back={<Link to={pathTo('/forms')}>{t('back')}</Link>}
      />
    );

  // 409 or 501: the server has no Google client set up; 404: a server without the route at all.
  const googleRefused =
    google.error instanceof APIError && [404, 409, 501].includes(google.error.status ?? 0);
  return (
    <Stack>
      <Group gap="md">
        <Link to={pathTo('/forms')}>{t('back')}</Link>
        <Link to={pathTo('/forms/:formId/share', { formId })}>{t('share')}</Link>
        <Link to={pathTo('/forms/:formId/responses', { formId })}>{t('responses')}</Link>
      </Group>
      <div>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {form.data.title}
        </Text>
      </div>
      <Text>{t('intro')}</Text>
      {!canWrite && <Text role="note">{t('readOnly')}</Text>}
      {googleOutcome !== undefined && (
        <Alert
          color={googleOutcome === 'connected' ? 'green' : 'red'}
          role={googleOutcome === 'connected' ? 'status' : 'alert'}
          styles={{ message: { color: 'var(--mantine-color-text)' } }}
        >
          {t(GOOGLE_OUTCOMES[googleOutcome])}
        </Alert>
      )}
      <Group gap="xs" wrap="wrap">
        <Button onClick={() => setAdding('airtable')} disabled={!canWrite || adding !== undefined}>
          {t('addAirtable')}
        </Button>
        <Button onClick={() => setAdding('notion')} disabled={!canWrite || adding !== undefined}>
          {t('addNotion')}
        </Button>
        <Button
          variant="default"
          disabled={!canWrite}
          loading={google.isPending}
          onClick={() => google.mutate()}
        >
          {t('connectGoogle')}
        </Button>
      </Group>
      {google.isError && (
        <Text role="alert">
          {googleRefused
            ? t('googleNotConfigured')
            : t('failedAction', { message: errorText(google.error, shell('somethingWrong')) })}
        </Text>
      )}
      {added && (
        <Text role="status" size="sm">
          {t('connected')}
        </Text>
      )}
      {adding !== undefined && (
        <AddDestination
          key={adding}
          kind={adding}
          formId={formId}
          t={t}
          onCancel={() => setAdding(undefined)}
          onAdded={() => {
            setAdding(undefined);
            setAdded(true);
          }}
        />
      )}
      {destinations.isPending ? (
        <LoadingMark />
      ) : destinations.isError ? (
        <Text role="alert">{errorText(destinations.error, shell('somethingWrong'))}</Text>
      ) : destinations.data.length === 0 ? (
        <Text>{t('empty')}</Text>
      ) : (
        destinations.data.map((destination) => (
          <DestinationPanel
            key={destination.id}
            formId={formId}
            destination={destination}
            canWrite={canWrite}
            t={t}
          />
        ))
      )}
    </Stack>
  );
}
