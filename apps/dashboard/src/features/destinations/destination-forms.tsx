import { APIError, type Destination } from '@formloom/sdk';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { errorText } from '../../components/error-text.js';
import { useI18n } from '../../i18n/i18n.js';
import type { useTexts } from '../../i18n/texts.js';
import { type NewDestination, useCreateDestination, useUpdateDestination } from './queries.js';
import type { texts } from './texts.js';

export type T = ReturnType<typeof useTexts<keyof (typeof texts)['en']>>;
type Kind = NewDestination['kind'];

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
export function AddDestination({
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
export function ReplaceToken({
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
