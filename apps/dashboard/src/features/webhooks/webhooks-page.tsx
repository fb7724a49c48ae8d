import {
  type Role,
  roleAllows,
  WEBHOOK_EVENT_TYPES,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@formloom/sdk';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  CopyButton,
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
import { DeliveryLog } from '../../components/delivery-log.js';
import { LoadingMark } from '../../components/page-state.js';
import { useTexts } from '../../i18n/texts.js';
import { useMe } from '../auth/queries.js';
import {
  DELIVERIES_PAGE_SIZE,
  useCreateWebhook,
  useDeleteWebhook,
  useDeliveries,
  useRedeliver,
  useTestWebhook,
  useUpdateWebhook,
  useWebhooks,
} from './queries.js';
import { texts } from './texts.js';

type T = ReturnType<typeof useTexts<keyof (typeof texts)['en']>>;

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Webhook endpoints: create (the secret shown once), pause state, test, delete, the delivery log. */
export default function WebhooksPage() {
  const t = useTexts(texts);
  const role: Role = useMe().data?.role ?? 'viewer';
  const canWrite = roleAllows(role, 'webhooks.write');
  const webhooks = useWebhooks();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | undefined>();

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Button onClick={() => setAdding(true)} disabled={!canWrite || adding}>
          {t('add')}
        </Button>
      </Group>
      <Text>{t('intro')}</Text>
      {!canWrite && <Text role="note">{t('readOnly')}</Text>}
      {secret !== undefined && <SecretShownOnce secret={secret} t={t} onDone={() => setSecret(undefined)} />}
      {adding && (
        <CreateEndpoint
          t={t}
          onCancel={() => setAdding(false)}
          onCreated={(created) => {
            setAdding(false);
            setSecret(created);
          }}
        />
      )}
      {webhooks.isPending ? (
        <LoadingMark />
      ) : webhooks.isError ? (
        <Text role="alert">{message(webhooks.error)}</Text>
      ) : webhooks.data.length === 0 ? (
        <Text>{t('empty')}</Text>
      ) : (
        webhooks.data.map((endpoint) => (
          <Endpoint key={endpoint.id} endpoint={endpoint} canWrite={canWrite} t={t} />
        ))
      )}
    </Stack>
  );
}

function SecretShownOnce({ secret, t, onDone }: { secret: string; t: T; onDone: () => void }) {
  return (
    // The title in the text colour: Mantine's yellow title is below WCAG AA contrast on its background.
    <Alert
      color="yellow"
      title={t('secretTitle')}
      role="status"
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      <Stack gap="xs">
        <Text size="sm">{t('secretText')}</Text>
        <Code block data-testid="webhook-secret">
          {secret}
        </Code>
        <Group>
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? t('copied') : t('copy')}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onDone}>{t('done')}</Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function CreateEndpoint({
  t,
  onCancel,
  onCreated,
}: {
  t: T;
  onCancel: () => void;
  onCreated: (secret: string) => void;
}) {
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const events = useEventsChoice(['FORM_RESPONSE_CREATED'], t);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!events.valid()) return;
    create.mutate(
      {
        url: url.trim(),
        events: events.chosen,
        ...(description.trim() === '' ? {} : { description: description.trim() }),
      },
      { onSuccess: (created) => onCreated(created.secret) },
    );
  };
  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} aria-labelledby="new-endpoint">
      <Stack>
        <Title order={2} size="h4" id="new-endpoint">
          {t('add')}
        </Title>
        <TextInput
          label={t('url')}
          description={t('urlHint')}
          type="url"
          required
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
          data-autofocus
        />
        <TextInput
          label={t('description')}
          maxLength={500}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        <EventsPicker label={t('events')} {...events.picker} />
        {create.isError && <Text role="alert">{t('failedAction', { message: message(create.error) })}</Text>}
        <Group>
          <Button type="submit" loading={create.isPending}>
            {t('create')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('cancel')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * The events chosen for an endpoint, new or changed: the picker's props, and `valid()`, which
 * refuses none at all and has the picker say so.
 */
function useEventsChoice(initial: readonly string[], t: T) {
  const [events, setEvents] = useState<string[]>([...initial]);
  const [empty, setEmpty] = useState(false);
  return {
    chosen: events as WebhookEventType[],
    valid: () => {
      setEmpty(events.length === 0);
      return events.length > 0;
    },
    picker: {
      value: events,
      onChange: (next: string[]) => {
        setEvents(next);
        setEmpty(false);
      },
      error: empty ? t('eventsRequired') : undefined,
    },
  };
}

/** The events an endpoint receives, one checkbox each: for a new endpoint and for changing one. */
function EventsPicker(props: {
  label: string;
  value: string[];
  onChange: (next: string[]) => void;
  error: string | undefined;
}) {
  return (
    <Checkbox.Group {...props}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="xs">
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <Checkbox key={type} value={type} label={type} />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}

/** Changing which events an existing endpoint receives (PATCH events). */
function EditEvents({ endpoint, t, onDone }: { endpoint: WebhookEndpoint; t: T; onDone: () => void }) {
  const update = useUpdateWebhook();
  const events = useEventsChoice(endpoint.events, t);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!events.valid()) return;
    update.mutate({ id: endpoint.id, events: events.chosen }, { onSuccess: onDone });
  };
  return (
    <Stack component="form" onSubmit={submit} gap="xs">
      <EventsPicker label={t('eventsOf', { url: endpoint.url })} {...events.picker} />
      {update.isError && <Text role="alert">{t('failedAction', { message: message(update.error) })}</Text>}
      <Group gap="xs">
        <Button type="submit" loading={update.isPending}>
          {t('saveEvents')}
        </Button>
        <Button variant="default" onClick={onDone}>
          {t('cancel')}
        </Button>
      </Group>
    </Stack>
  );
}

function Endpoint({ endpoint, canWrite, t }: { endpoint: WebhookEndpoint; canWrite: boolean; t: T }) {
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const test = useTestWebhook();
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const headingId = `endpoint-${endpoint.id}`;
  const failure = update.error ?? remove.error ?? test.error;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h5" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {endpoint.url}
          </Title>
          <Badge color={endpoint.isActive ? 'green' : 'red'} variant="light" c="dark">
            {endpoint.isActive ? t('active') : t('paused')}
          </Badge>
        </Group>
        {endpoint.description && <Text size="sm">{endpoint.description}</Text>}
        {editing ? (
          <EditEvents endpoint={endpoint} t={t} onDone={() => setEditing(false)} />
        ) : (
          <Group gap={6} wrap="wrap">
            {endpoint.events.map((type) => (
              <Code key={type}>{type}</Code>
            ))}
          </Group>
        )}
        <Text size="sm">{t('secretEnds', { last4: endpoint.secretLast4 })}</Text>
        {!endpoint.isActive && <Text size="sm">{t('pausedHint')}</Text>}
        {test.isSuccess && (
          <Text size="sm" role="status">
            {t('testSent')}
          </Text>
        )}
        {failure && <Text role="alert">{t('failedAction', { message: message(failure) })}</Text>}
        <Group gap="xs" wrap="wrap">
          {!endpoint.isActive && (
            <Button
              disabled={!canWrite}
              loading={update.isPending}
              onClick={() => update.mutate({ id: endpoint.id, isActive: true })}
            >
              {t('enable')}
            </Button>
          )}
          <Button
            variant="default"
            disabled={!canWrite || editing}
            aria-expanded={editing}
            onClick={() => setEditing(true)}
          >
            {t('changeEvents')}
          </Button>
          <Button
            variant="default"
            disabled={!canWrite}
            loading={test.isPending}
            onClick={() => test.mutate(endpoint.id)}
          >
            {t('sendTest')}
          </Button>
          <Button
            variant="default"
            aria-expanded={open}
            aria-controls={`${headingId}-deliveries`}
            onClick={() => setOpen(!open)}
          >
            {t('showDeliveries')}
          </Button>
          <Button color="red" variant="outline" disabled={!canWrite} onClick={() => setConfirming(true)}>
            {t('remove')}
          </Button>
        </Group>
        <div id={`${headingId}-deliveries`}>
          {open && <Deliveries endpoint={endpoint} canWrite={canWrite} t={t} />}
        </div>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('confirm')}
        confirmLabel={t('confirm')}
        pending={remove.isPending}
        onConfirm={() => {
          // The log stops refreshing before its endpoint goes (a refresh after would be a 404).
          setOpen(false);
          remove.mutate(endpoint, { onSettled: () => setConfirming(false) });
        }}
      >
        {t('confirmRemove', { url: endpoint.url })}
      </ConfirmDialog>
    </Paper>
  );
}

function Deliveries({ endpoint, canWrite, t }: { endpoint: WebhookEndpoint; canWrite: boolean; t: T }) {
  const [page, setPage] = useState(1);
  const deliveries = useDeliveries(endpoint.id, page);
  const redeliver = useRedeliver();
  return (
    <DeliveryLog
      label={t('deliveriesOf', { url: endpoint.url })}
      log={deliveries}
      page={page}
      pageSize={DELIVERIES_PAGE_SIZE}
      onPage={setPage}
      canWrite={canWrite}
      redeliver={{
        mutate: (deliveryId) => redeliver.mutate({ id: endpoint.id, deliveryId }),
        isSuccess: redeliver.isSuccess,
        error: redeliver.error,
      }}
    />
  );
}
