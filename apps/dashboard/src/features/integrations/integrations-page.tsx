import { type IntegrationConnection, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@formloom/sdk';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { LoadingMark } from '../../components/page-state.js';
import { useTexts } from '../../i18n/texts.js';
import type { PageProps } from '../../routes.js';
import {
  useConnectDiscord,
  useConnections,
  useRemoveConnection,
  useSetEvents,
  useStartSlack,
} from './queries.js';
import { texts } from './texts.js';

type T = ReturnType<typeof useTexts<keyof (typeof texts)['en']>>;

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const SLACK_OUTCOME = {
  connected: 'slackConnected',
  cancelled: 'slackCancelled',
  failed: 'slackFailed',
} as const;

/** Slack and Discord connections: add, choose each one's events, remove (folds in the /integrations page). */
export default function IntegrationsPage({ search }: PageProps) {
  const t = useTexts(texts);
  const connections = useConnections();
  const startSlack = useStartSlack();
  const outcome = search.get('slack') as keyof typeof SLACK_OUTCOME | null;

  if (connections.isPending) return <LoadingMark />;
  if (connections.isError) {
    const needsPro = /Pro plan/.test(message(connections.error));
    return (
      <Stack>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text role="alert">
          {needsPro ? t('needsPro') : t('failed', { message: message(connections.error) })}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      <Text>{t('intro')}</Text>
      {outcome !== null && outcome in SLACK_OUTCOME && (
        <Alert
          color={outcome === 'connected' ? 'green' : 'orange'}
          role="status"
          styles={{ message: { color: 'var(--mantine-color-text)' } }}
        >
          {t(SLACK_OUTCOME[outcome])}
        </Alert>
      )}
      <Title order={2} size="h3">
        {t('connections')}
      </Title>
      {connections.data.connections.length === 0 ? (
        <Text>{t('none')}</Text>
      ) : (
        connections.data.connections.map((connection) => (
          <Connection key={connection.id} connection={connection} t={t} />
        ))
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="md" component="section" aria-labelledby="add-slack">
          <Stack gap="xs">
            <Title order={2} size="h4" id="add-slack">
              {t('slack')}
            </Title>
            {connections.data.slack.configured ? (
              <>
                <Text size="sm">{t('slackHint')}</Text>
                <Group>
                  <Button onClick={() => startSlack.mutate()} loading={startSlack.isPending}>
                    {t('addSlack')}
                  </Button>
                </Group>
                {startSlack.isError && (
                  <Text role="alert">{t('failed', { message: message(startSlack.error) })}</Text>
                )}
              </>
            ) : (
              <Text size="sm">{t('slackMissing')}</Text>
            )}
          </Stack>
        </Paper>
        <AddDiscord t={t} />
      </SimpleGrid>
    </Stack>
  );
}

function AddDiscord({ t }: { t: T }) {
  const connect = useConnectDiscord();
  const [url, setUrl] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    connect.mutate({ url: url.trim(), events: ['FORM_RESPONSE_CREATED'] }, { onSuccess: () => setUrl('') });
  };
  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} aria-labelledby="add-discord">
      <Stack gap="xs">
        <Title order={2} size="h4" id="add-discord">
          {t('discord')}
        </Title>
        <TextInput
          label={t('discordUrl')}
          description={t('discordHint')}
          type="url"
          required
          autoComplete="off"
          placeholder="https://discord.com/api/webhooks/…"
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
          error={connect.isError ? message(connect.error) : undefined}
        />
        <Group>
          <Button type="submit" loading={connect.isPending}>
            {t('addDiscord')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function Connection({ connection, t }: { connection: IntegrationConnection; t: T }) {
  const setEvents = useSetEvents();
  const remove = useRemoveConnection();
  const [events, setChosen] = useState<string[]>(connection.events);
  const [confirming, setConfirming] = useState(false);
  const headingId = `connection-${connection.id}`;
  const provider = t(connection.provider);
  const failure = setEvents.error ?? remove.error;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} size="h5" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {provider}: {connection.target}
          </Title>
          <Badge color={connection.status === 'CONNECTED' ? 'green' : 'red'} variant="light" c="dark">
            {connection.status === 'CONNECTED' ? t('connected') : t('error')}
          </Badge>
        </Group>
        {connection.status === 'ERROR' && <Text size="sm">{t('errorHint', { provider })}</Text>}
        <Checkbox.Group label={t('events')} value={events} onChange={setChosen}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="xs">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <Checkbox key={type} value={type} label={t(type)} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        {setEvents.isSuccess && (
          <Text size="sm" role="status">
            {t('saved')}
          </Text>
        )}
        {failure && <Text role="alert">{t('failed', { message: message(failure) })}</Text>}
        <Group gap="xs">
          <Button
            loading={setEvents.isPending}
            onClick={() => setEvents.mutate({ id: connection.id, events: events as WebhookEventType[] })}
          >
            {t('save')}
          </Button>
          <Button color="red" variant="outline" onClick={() => setConfirming(true)}>
            {t('remove')}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('confirmTitle')}
        confirmLabel={t('confirmTitle')}
        pending={remove.isPending}
        onConfirm={() => remove.mutate(connection.id, { onSettled: () => setConfirming(false) })}
      >
        {t('confirmText', { target: connection.target })}
      </ConfirmDialog>
    </Paper>
  );
}
