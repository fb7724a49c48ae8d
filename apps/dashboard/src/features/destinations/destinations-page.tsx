import { APIError, type Destination, type Role, roleAllows } from '@formloom/sdk';
import { Alert, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { DeliveryLog } from '../../components/delivery-log.js';
import { errorText } from '../../components/error-text.js';
import { Link } from '../../components/link.js';
import { LoadingMark, PageLoading, PageMissing } from '../../components/page-state.js';
import { useI18n } from '../../i18n/i18n.js';
import { useTexts } from '../../i18n/texts.js';
import { pathTo } from '../../navigation.js';
import type { PageProps } from '../../routes.js';
import { useMe } from '../auth/queries.js';
import { useForm } from '../forms/queries.js';
import {
  DELIVERIES_PAGE_SIZE,
  type NewDestination,
  useCreateDestination,
  useDeleteDestination,
  useDestinationDeliveries,
  useDestinations,
  useRedeliverToDestination,
  useStartGoogle,
  useUpdateDestination,
} from './queries.js';
import { texts } from './texts.js';

type T = ReturnType<typeof useTexts<keyof (typeof texts)['en']>>;
type Kind = NewDestination['kind'];

const STATUS_COLOR = { active: 'green', paused: 'gray', failing: 'red' } as const;
const GOOGLE_OUTCOMES = {
  connected: 'googleConnected',
  denied: 'googleDenied',
  error: 'googleError',
} as const;

/** How a destination is named on the page: its provider and where it writes, in words. */
function nameOf(destination: Destination, t: T): string {
  const target = destination.target;
  const where =
    'baseId' in target
      ? t('airtableTarget', { base: target.baseId, table: target.table })
      : 'dataSourceId' in target
        ? t('notionTarget', { id: target.dataSourceId })
        : t('sheetsTarget', { id: target.spreadsheetId, sheet: target.sheet });
  return `${t(destination.kind)}: ${where}`;
}

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

/** Which input an issue of the API's 400 belongs to (its path), and its message in the page's language. */
const FIELD_OF_ISSUE: Record<string, { field: string; message: Parameters<T>[0] }> = {
  'credentials.token': { field: 'token', message: 'tokenError' },
  'target.baseId': { field: 'baseId', message: 'baseIdError' },
  'target.table': { field: 'table', message: 'tableError' },
  'target.dataSourceId': { field: 'dataSourceId', message: 'dataSourceIdError' },
};

/** The fields of a refused body that a form marks, by input; whatever else the server said. */
function fieldErrors(error: unknown, t: T): { fields: Record<string, string>; other: string | undefined } {
  const fields: Record<string, string> = {};
  if (!(error instanceof APIError) || error.issues === undefined) return { fields, other: undefined };
  const rest: string[] = [];
  for (const issue of error.issues) {
    const known = FIELD_OF_ISSUE[issue.path.replace(/^body\./, '')];
    if (known === undefined) rest.push(issue.message);
    else fields[known.field] = t(known.message);
  }
  return { fields, other: rest.length > 0 ? rest.join(' ') : undefined };
}

/**
 * A form's first input, focused when the form appears: the button that opened it is disabled
 * meanwhile, and the keyboard's place moves on to what it opened.
 */
function useFocusOnShow() {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

/**
 * Connecting an Airtable table or a Notion data source: the token (write-only: never shown again)
 * and where to write. The server checks the ids; its refusals mark the fields they concern.
 */
function AddDestination({
  kind,
  formId,
  t,
  onCancel,
  onAdded,
}: {
  kind: Kind;
  formId: string;
  t: T;
  onCancel: () => void;
  onAdded: () => void;
}) {
  const { t: shell } = useI18n();
  const create = useCreateDestination(formId);
  const first = useFocusOnShow();
  const [values, setValues] = useState({ token: '', baseId: '', table: '', dataSourceId: '' });
  const { fields, other } = fieldErrors(create.error, t);
  // An edit clears the last refusal: its marks were about the values as they were sent.
  const set = (name: keyof typeof values) => (event: { currentTarget: HTMLInputElement }) => {
    setValues({ ...values, [name]: event.currentTarget.value });
    if (create.isError) create.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const credentials = { token: values.token };
    const body: NewDestination =
      kind === 'airtable'
        ? { kind, credentials, target: { baseId: values.baseId.trim(), table: values.table.trim() } }
        : { kind, credentials, target: { dataSourceId: values.dataSourceId.trim() } };
    create.mutate(body, {
      onSuccess: onAdded,
      onError: (error) => {
        // The first field the server refused takes the focus, so its message is read out there.
        const marked = Object.keys(fieldErrors(error, t).fields)[0];
        if (marked !== undefined) document.getElementById(`destination-${marked}`)?.focus();
      },
    });
  };
  const headingId = 'new-destination';
  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} noValidate aria-labelledby={headingId}>
      <Stack>
        <Title order={2} size="h4" id={headingId}>
          {kind === 'airtable' ? t('newAirtable') : t('newNotion')}
        </Title>
        <TextInput
          id="destination-token"
          label={t('token')}
          description={kind === 'airtable' ? t('airtableTokenHint') : t('notionTokenHint')}
          type="password"
          autoComplete="off"
          required
          maxLength={500}
          value={values.token}
          onChange={set('token')}
          error={fields.token}
          ref={first}
        />
        {kind === 'airtable' ? (
          <>
            <TextInput
              id="destination-baseId"
              label={t('baseId')}
              description={t('baseIdHint')}
              required
              maxLength={17}
              value={values.baseId}
              onChange={set('baseId')}
              error={fields.baseId}
            />
            <TextInput
              id="destination-table"
              label={t('table')}
              description={t('tableHint')}
              required
              maxLength={255}
              value={values.table}
              onChange={set('table')}
              error={fields.table}
            />
          </>
        ) : (
          <TextInput
            id="destination-dataSourceId"
            label={t('dataSourceId')}
            description={t('dataSourceIdHint')}
            required
            maxLength={36}
            value={values.dataSourceId}
            onChange={set('dataSourceId')}
            error={fields.dataSourceId}
          />
        )}
        {create.isError && (
          <Text role="alert">
            {Object.keys(fields).length > 0 && other === undefined
              ? t('fixErrors')
              : t('failedAction', { message: other ?? errorText(create.error, shell('somethingWrong')) })}
          </Text>
        )}
        <Group>
          <Button type="submit" loading={create.isPending}>
            {t('connect')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('cancel')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** A new token for a destination (PATCH credentials): write-only, as when it was connected. */
function ReplaceToken({
  formId,
  destination,
  name,
  t,
  onDone,
}: {
  formId: string;
  destination: Destination;
  name: string;
  t: T;
  onDone: (saved: boolean) => void;
}) {
  const { t: shell } = useI18n();
  const update = useUpdateDestination(formId);
  const input = useFocusOnShow();
  const [token, setToken] = useState('');
  const { fields } = fieldErrors(update.error, t);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ id: destination.id, credentials: { token } }, { onSuccess: () => onDone(true) });
  };
  return (
    <Stack component="form" onSubmit={submit} gap="xs">
      <TextInput
        label={t('newToken', { name })}
        type="password"
        autoComplete="off"
        required
        maxLength={500}
        value={token}
        onChange={(e) => setToken(e.currentTarget.value)}
        error={fields.token}
        ref={input}
      />
      {update.isError && fields.token === undefined && (
        <Text role="alert">
          {t('failedAction', { message: errorText(update.error, shell('somethingWrong')) })}
        </Text>
      )}
      <Group gap="xs">
        <Button type="submit" loading={update.isPending}>
          {t('saveToken')}
        </Button>
        <Button variant="default" onClick={() => onDone(false)}>
          {t('cancel')}
        </Button>
      </Group>
    </Stack>
  );
}

function DestinationPanel({
  formId,
  destination,
  canWrite,
  t,
}: {
  formId: string;
  destination: Destination;
  canWrite: boolean;
  t: T;
}) {
  const { t: shell } = useI18n();
  const update = useUpdateDestination(formId);
  const remove = useDeleteDestination(formId);
  const [open, setOpen] = useState(false);
  const [replacing, setReplacing] = useState(false);
  const [tokenSaved, setTokenSaved] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const headingId = `destination-${destination.id}`;
  const name = nameOf(destination, t);
  const failure = update.error ?? remove.error;
  const status = destination.status;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h5" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          <Badge color={STATUS_COLOR[status]} variant="light" c="dark">
            {t(status)}
          </Badge>
        </Group>
        {status === 'failing' && <Text size="sm">{t('failingHint')}</Text>}
        {status === 'paused' && <Text size="sm">{t('pausedHint')}</Text>}
        {tokenSaved && (
          <Text size="sm" role="status">
            {t('tokenSaved')}
          </Text>
        )}
        {failure && (
          <Text role="alert">
            {t('failedAction', { message: errorText(failure, shell('somethingWrong')) })}
          </Text>
        )}
        {replacing && (
          <ReplaceToken
            formId={formId}
            destination={destination}
            name={name}
            t={t}
            onDone={(saved) => {
              setReplacing(false);
              setTokenSaved(saved);
            }}
          />
        )}
        <Group gap="xs" wrap="wrap">
          {status === 'active' ? (
            <Button
              variant="default"
              disabled={!canWrite}
              loading={update.isPending}
              onClick={() => update.mutate({ id: destination.id, enabled: false })}
            >
              {t('pause')}
            </Button>
          ) : (
            <Button
              disabled={!canWrite}
              loading={update.isPending}
              onClick={() => update.mutate({ id: destination.id, enabled: true })}
            >
              {t('resume')}
            </Button>
          )}
          {destination.kind !== 'google_sheets' && (
            <Button
              variant="default"
              disabled={!canWrite || replacing}
              aria-expanded={replacing}
              onClick={() => {
                setTokenSaved(false);
                setReplacing(true);
              }}
            >
              {t('replaceToken')}
            </Button>
          )}
          <Button
            variant="default"
            aria-expanded={open}
            aria-controls={`${headingId}-deliveries`}
            onClick={() => setOpen(!open)}
          >
            {t('showDeliveries')}
          </Button>
          <Button color="red" variant="outline" disabled={!canWrite} onClick={() => setConfirming(true)}>
            {t('disconnect')}
          </Button>
        </Group>
        <div id={`${headingId}-deliveries`}>
          {open && (
            <Deliveries formId={formId} destination={destination} name={name} canWrite={canWrite} t={t} />
          )}
        </div>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('confirm')}
        confirmLabel={t('confirm')}
        cancelLabel={t('cancel')}
        pending={remove.isPending}
        onConfirm={() => {
          // The log stops refreshing before its destination goes (a refresh after would be a 404).
          setOpen(false);
          remove.mutate(destination, { onSettled: () => setConfirming(false) });
        }}
      >
        {t('confirmDisconnect', { name })}
      </ConfirmDialog>
    </Paper>
  );
}

function Deliveries({
  formId,
  destination,
  name,
  canWrite,
  t,
}: {
  formId: string;
  destination: Destination;
  name: string;
  canWrite: boolean;
  t: T;
}) {
  const [page, setPage] = useState(1);
  const deliveries = useDestinationDeliveries(formId, destination.id, page);
  const redeliver = useRedeliverToDestination(formId, destination.id);
  const events: Record<string, Parameters<T>[0]> = {
    FORM_RESPONSE_CREATED: 'eventCreated',
    FORM_RESPONSE_UPDATED: 'eventUpdated',
    DESTINATION_BACKFILL: 'eventBackfill',
    DESTINATION_REMOVAL: 'eventRemoval',
  };
  return (
    <DeliveryLog
      label={t('deliveriesOf', { name })}
      log={deliveries}
      page={page}
      pageSize={DELIVERIES_PAGE_SIZE}
      onPage={setPage}
      canWrite={canWrite}
      redeliver={redeliver}
      eventName={(type) => (events[type] === undefined ? type : t(events[type]))}
    />
  );
}
