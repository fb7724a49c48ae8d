import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  NativeSelect,
  NumberInput,
  Paper,
  PasswordInput,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import type { client } from '../../api.js';
import { errorText } from '../../components/error-text.js';
import { useI18n } from '../../i18n/i18n.js';
import { useTexts } from '../../i18n/texts.js';
import { useFormAccess, useSetFormAccess } from '../forms/queries.js';
import { accessTexts } from './access-texts.js';

/** The contract's limits (FORM_ACCESS_LIMITS): the form says them before the server would. */
const LIMITS = { passwordMin: 4, passwordMax: 200, closedMessageMax: 1000, hoursMin: 1, hoursMax: 720 };

/** An ISO time as a `datetime-local` value in this browser's time zone, the member's ('' for none). */
export function toLocalInput(iso: string | null): string {
  if (iso === null) return '';
  const at = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** A `datetime-local` value, read in this browser's time zone, as an ISO time (null when empty). */
export function fromLocalInput(value: string): string | null {
  return value === '' ? null : new Date(value).toISOString();
}

type Said = 'saved' | 'passwordSet' | 'passwordRemoved';
/** The rules as the server reads them back (`hasPassword`, never the password). */
type FormAccess = Awaited<ReturnType<typeof client.forms.access.get>>;

/**
 * Who may answer the form, and when (docs/server.md "Access rules"): its password (write-only:
 * the panel says whether there is one), its opening time and the message before it, one response
 * per personal link or verified address, and how long respondents may edit their response.
 */
export function AccessPanel({ formId, canWrite }: { formId: string; canWrite: boolean }) {
  const tx = useTexts(accessTexts);
  const access = useFormAccess(formId);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="access-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="access-heading">
          {tx('heading')}
        </Title>
        {access.data === undefined ? (
          access.isError ? (
            <Alert role="alert">{errorText(access.error, tx('heading'))}</Alert>
          ) : (
            <Loader size="sm" aria-label={tx('heading')} />
          )
        ) : (
          <AccessForm formId={formId} rules={access.data} canWrite={canWrite} />
        )}
      </Stack>
    </Paper>
  );
}

function AccessForm({ formId, rules, canWrite }: { formId: string; rules: FormAccess; canWrite: boolean }) {
  const tx = useTexts(accessTexts);
  const { t } = useI18n();
  const update = useSetFormAccess();
  const [said, setSaid] = useState<Said | undefined>();
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [opensAt, setOpensAt] = useState(toLocalInput(rules.opensAt));
  const [closedMessage, setClosedMessage] = useState(rules.closedMessage ?? '');
  const [oneResponse, setOneResponse] = useState<string>(rules.oneResponse ?? '');
  const [editing, setEditing] = useState(rules.allowEdit !== null);
  const [hours, setHours] = useState<number | string>(rules.allowEdit?.hours ?? 24);
  const [hoursError, setHoursError] = useState<string | undefined>();
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  const send = (body: Parameters<typeof update.mutate>[0], done: Said) => {
    setSaid(undefined);
    update.mutate(body, { onSuccess: () => setSaid(done) });
  };

  const setNewPassword = () => {
    if (password.length < LIMITS.passwordMin || password.length > LIMITS.passwordMax) {
      setPasswordError(tx('passwordLength'));
      return;
    }
    setPasswordError(undefined);
    send({ id: formId, password }, 'passwordSet');
    setPassword('');
  };

  const saveRules = () => {
    const count = Number(hours);
    if (editing && !(Number.isInteger(count) && count >= LIMITS.hoursMin && count <= LIMITS.hoursMax)) {
      setHoursError(tx('editHoursRange'));
      return;
    }
    setHoursError(undefined);
    send(
      {
        id: formId,
        opensAt: fromLocalInput(opensAt),
        closedMessage: closedMessage.trim() === '' ? null : closedMessage,
        oneResponse: oneResponse === 'link' || oneResponse === 'email' ? oneResponse : null,
        allowEdit: editing ? { hours: count } : null,
      },
      'saved',
    );
  };

  return (
    <Stack gap="sm">
      <Text>{rules.hasPassword ? tx('protected') : tx('open')}</Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setNewPassword();
        }}
      >
        <Stack gap="xs">
          <PasswordInput
            label={rules.hasPassword ? tx('newPassword') : tx('setPasswordLabel')}
            description={tx('passwordHint')}
            visibilityToggleButtonProps={{ 'aria-label': tx('showPassword') }}
            autoComplete="new-password"
            maxLength={LIMITS.passwordMax}
            value={password}
            disabled={!canWrite}
            error={passwordError}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setPasswordError(undefined);
            }}
          />
          <Group gap="xs" wrap="wrap">
            <Button type="submit" variant="default" disabled={!canWrite} loading={update.isPending}>
              {rules.hasPassword ? tx('changePassword') : tx('setPassword')}
            </Button>
            {rules.hasPassword ? (
              <Button
                variant="default"
                color="red"
                disabled={!canWrite || update.isPending}
                onClick={() => send({ id: formId, password: null }, 'passwordRemoved')}
              >
                {tx('removePassword')}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </form>
      <TextInput
        type="datetime-local"
        label={tx('opensAt')}
        description={tx('opensAtHint', { zone })}
        value={opensAt}
        disabled={!canWrite}
        onChange={(event) => setOpensAt(event.currentTarget.value)}
        style={{ maxWidth: '20rem' }}
      />
      <Textarea
        label={tx('closedMessage')}
        description={tx('closedMessageHint')}
        autosize
        minRows={2}
        maxLength={LIMITS.closedMessageMax}
        value={closedMessage}
        disabled={!canWrite}
        onChange={(event) => setClosedMessage(event.currentTarget.value)}
      />
      <NativeSelect
        label={tx('oneResponse')}
        value={oneResponse}
        disabled={!canWrite}
        onChange={(event) => setOneResponse(event.currentTarget.value)}
        data={[
          { value: '', label: tx('oneAnyone') },
          { value: 'link', label: tx('oneLink') },
          { value: 'email', label: tx('oneEmail') },
        ]}
      />
      <Checkbox
        label={tx('allowEdit')}
        checked={editing}
        disabled={!canWrite}
        onChange={(event) => setEditing(event.currentTarget.checked)}
      />
      {editing ? (
        <NumberInput
          label={tx('editHours')}
          description={tx('editHoursRange')}
          value={hours}
          min={LIMITS.hoursMin}
          max={LIMITS.hoursMax}
          allowDecimal={false}
          disabled={!canWrite}
          error={hoursError}
          onChange={(value) => {
            setHours(value);
            setHoursError(undefined);
          }}
          style={{ maxWidth: '16rem' }}
        />
      ) : null}
      <div>
        <Button variant="default" disabled={!canWrite} loading={update.isPending} onClick={saveRules}>
          {tx('save')}
        </Button>
      </div>
      <Text size="sm" role="status" aria-live="polite">
        {said === undefined ? '' : tx(said)}
      </Text>
      {update.error ? <Alert role="alert">{errorText(update.error, t('somethingWrong'))}</Alert> : null}
    </Stack>
  );
}
