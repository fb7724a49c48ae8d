import {
  Alert,
  Button,
  Checkbox,
  Code,
  Group,
  Image,
  PasswordInput,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { LoadingMark } from '../../components/page-state.js';
import { ColumnHeads, ScrollTable } from '../../components/scroll-table.js';
import { errorMessage, ShownOnce } from '../../components/shown-once.js';
import { useI18n } from '../../i18n/i18n.js';
import { useTexts } from '../../i18n/texts.js';
import { isTwoFactorRequired } from '../auth/auth-error.js';
import { passkeyProblem } from '../auth/passkey-ceremony.js';
import { useMe } from '../auth/queries.js';
import {
  useAddPasskey,
  useChangePassword,
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useEndSession,
  usePasskeys,
  useRemovePasskey,
  useRenewRecoveryCodes,
  useRequireTwoFactor,
  useSessions,
  useSetupTwoFactor,
  useTwoFactor,
} from './queries.js';
import { texts } from './texts.js';

type T = ReturnType<typeof useTexts<keyof (typeof texts)['en']>>;

/** A wrong or spent code reads as such; anything else says what the server said. */
const failure = (t: T, error: unknown) =>
  isTwoFactorRequired(error) ? t('wrongCode') : t('failed', { message: errorMessage(error) });

/** The signed-in member's own sign-in: two-factor, passkeys, sessions, password; an owner's rule for all. */
export default function SecurityPage() {
  const t = useTexts(texts);
  const me = useMe();
  return (
    <Stack gap="xl">
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      <TwoFactorSection />
      <PasskeysSection />
      <SessionsSection />
      <PasswordSection />
      {me.data?.role === 'owner' && <RequireSection />}
    </Stack>
  );
}

function Section({ title, busy, children }: { title: string; busy?: boolean; children: ReactNode }) {
  return (
    <Stack component="section" gap="sm" aria-label={title}>
      <Group gap="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        {busy === true && <LoadingMark />}
      </Group>
      {children}
    </Stack>
  );
}

/** One code field and a button: confirming, turning off, new recovery codes. */
function CodeForm({
  label,
  hint,
  submit,
  pending,
  onSubmit,
}: {
  label: string;
  hint?: string;
  submit: string;
  pending: boolean;
  onSubmit: (code: string) => void;
}) {
  const [code, setCode] = useState('');
  const send = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(code.trim());
  };
  return (
    <form onSubmit={send} noValidate aria-label={submit}>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={label}
          description={hint}
          autoComplete="one-time-code"
          spellCheck={false}
          autoCapitalize="none"
          required
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          style={{ flex: '1 1 12rem' }}
        />
        <Button type="submit" loading={pending} disabled={code.trim() === ''}>
          {submit}
        </Button>
      </Group>
    </form>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  const t = useTexts(texts);
  return (
    <ShownOnce
      label={t('recoveryCodes')}
      value={codes.join('\n')}
      warning={t('recoveryWarning')}
      copy={t('copy')}
      copied={t('copied')}
    />
  );
}

function TwoFactorSection() {
  const t = useTexts(texts);
  const status = useTwoFactor();
  const setup = useSetupTwoFactor();
  const confirm = useConfirmTwoFactor();
  const disable = useDisableTwoFactor();
  const renew = useRenewRecoveryCodes();
  const codes = confirm.data?.recoveryCodes ?? renew.data?.recoveryCodes;
  const error = [setup, confirm, disable, renew].find((m) => m.isError)?.error;
  const data = status.data;
  return (
    <Section title={t('twoFactorTitle')} busy={status.isPending}>
      {data?.required === true && !data.enabled && data.passkeys === 0 && (
        <Alert color="yellow" role="alert" styles={{ message: { color: 'var(--mantine-color-dark-7)' } }}>
          {t('required')}
        </Alert>
      )}
      {data !== undefined && (
        <Text>{data.enabled ? t('statusOn', { count: data.recoveryCodesLeft }) : t('statusOff')}</Text>
      )}
      {error !== undefined && (
        <Alert color="red" role="alert">
          {failure(t, error)}
        </Alert>
      )}
      {codes !== undefined && <RecoveryCodes codes={codes} />}
      {data !== undefined && !data.enabled && setup.data === undefined && (
        <Group>
          <Button onClick={() => setup.mutate()} loading={setup.isPending}>
            {t('turnOn')}
          </Button>
        </Group>
      )}
      {data !== undefined && !data.enabled && setup.data !== undefined && (
        <Stack gap="sm">
          <Text>{t('scan')}</Text>
          {/* The server's SVG drawn as an image, never inserted as markup. */}
          <Image
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.data.qrSvg)}`}
            alt={t('qrAlt')}
            w={200}
            h={200}
            fit="contain"
          />
          <Text size="sm">
            {t('key')}: <Code style={{ wordBreak: 'break-all' }}>{setup.data.secret}</Code>
          </Text>
          <CodeForm
            label={t('code')}
            submit={t('confirm')}
            pending={confirm.isPending}
            onSubmit={(code) => confirm.mutate(code, { onSuccess: () => setup.reset() })}
          />
        </Stack>
      )}
      {data?.enabled === true && (
        <Stack gap="md">
          <CodeForm
            label={t('code')}
            hint={t('codeHint')}
            submit={t('newCodes')}
            pending={renew.isPending}
            onSubmit={(code) => renew.mutate(code)}
          />
          <CodeForm
            label={t('code')}
            hint={t('codeHint')}
            submit={t('turnOff')}
            pending={disable.isPending}
            onSubmit={(code) =>
              disable.mutate(code, {
                onSuccess: () => {
                  confirm.reset();
                  renew.reset();
                },
              })
            }
          />
        </Stack>
      )}
    </Section>
  );
}

/** The member's passkeys: add one under a name, see when each was used, remove one. */
function PasskeysSection() {
  const t = useTexts(texts);
  const { language } = useI18n();
  const passkeys = usePasskeys();
  const twoFactor = useTwoFactor();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [name, setName] = useState('');
  // The passkey whose removal asked for a code (the session signed in too long ago).
  const [needsCode, setNeedsCode] = useState<string | undefined>(undefined);
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(name.trim(), { onSuccess: () => setName('') });
  };
  const removeOne = (id: string, code?: string) =>
    remove.mutate(
      { id, ...(code === undefined ? {} : { code }) },
      {
        onSuccess: () => setNeedsCode(undefined),
        onError: (error) => {
          if (isTwoFactorRequired(error)) setNeedsCode(id);
        },
      },
    );
  const problem = add.isError ? passkeyProblem(add.error) : undefined;
  const list = passkeys.data?.passkeys;
  let removeFailure: string | undefined;
  if (remove.isError) {
    if (!isTwoFactorRequired(remove.error)) removeFailure = failure(t, remove.error);
    else if (remove.variables.code !== undefined) removeFailure = t('wrongCode');
    else removeFailure = twoFactor.data?.enabled === true ? t('removeNeedsCode') : t('removeNeedsSignIn');
  }
  return (
    <Section title={t('passkeysTitle')} busy={passkeys.isPending}>
      <Text>{t('passkeysIntro')}</Text>
      {add.isError && (
        <Alert color={problem === 'passkeyCancelled' ? 'blue' : 'red'} role="alert">
          {problem !== undefined ? t(problem) : failure(t, add.error)}
        </Alert>
      )}
      {add.isSuccess && (
        <Alert color="green" role="status">
          {t('passkeyAdded', { name: add.data.name })}
        </Alert>
      )}
      {removeFailure !== undefined && (
        <Alert color="red" role="alert">
          {removeFailure}
        </Alert>
      )}
      {list !== undefined && list.length === 0 && <Text c="dimmed">{t('noPasskeys')}</Text>}
      {list !== undefined && list.length > 0 && (
        <ScrollTable label={t('passkeysTitle')}>
          <Table striped aria-label={t('passkeysTitle')}>
            <ColumnHeads labels={[t('passkeyName'), t('added'), t('lastUsed'), t('actions')]} />
            <Table.Tbody>
              {list.map((passkey) => (
                <Table.Tr key={passkey.id}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{passkey.name}</Table.Td>
                  <Table.Td>{date.format(new Date(passkey.createdAt))}</Table.Td>
                  <Table.Td>
                    {passkey.lastUsedAt === null ? t('neverUsed') : date.format(new Date(passkey.lastUsedAt))}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={t('removePasskeyOf', { name: passkey.name })}
                      loading={remove.isPending && remove.variables?.id === passkey.id}
                      onClick={() => removeOne(passkey.id)}
                    >
                      {t('removePasskey')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      {needsCode !== undefined && twoFactor.data?.enabled === true && (
        <CodeForm
          label={t('code')}
          hint={t('codeHint')}
          submit={t('removeWithCode')}
          pending={remove.isPending}
          onSubmit={(code) => removeOne(needsCode, code)}
        />
      )}
      <form onSubmit={submit} noValidate aria-label={t('addPasskey')}>
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={t('passkeyName')}
            description={t('passkeyNameHint')}
            required
            maxLength={100}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            style={{ flex: '1 1 12rem' }}
          />
          <Button type="submit" loading={add.isPending} disabled={name.trim() === ''}>
            {t('addPasskey')}
          </Button>
        </Group>
      </form>
    </Section>
  );
}

function SessionsSection() {
  const t = useTexts(texts);
  const { language } = useI18n();
  const sessions = useSessions();
  const end = useEndSession();
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Section title={t('sessionsTitle')} busy={sessions.isPending}>
      {end.isError && (
        <Alert color="red" role="alert">
          {failure(t, end.error)}
        </Alert>
      )}
      {sessions.data !== undefined && (
        <ScrollTable label={t('sessionsTitle')}>
          <Table striped aria-label={t('sessionsTitle')}>
            <ColumnHeads labels={[t('device'), t('address'), t('lastSeen'), t('actions')]} />
            <Table.Tbody>
              {sessions.data.sessions.map((session) => {
                const when = date.format(new Date(session.lastSeenAt));
                return (
                  <Table.Tr key={session.id}>
                    <Table.Td>{session.device}</Table.Td>
                    <Table.Td>{session.ip ?? '–'}</Table.Td>
                    <Table.Td>{when}</Table.Td>
                    <Table.Td>
                      {session.current ? (
                        // Text, not a badge: a badge cuts a long label ("Diese Sitzung") short at 360 px.
                        <Text size="sm" fw={600}>
                          {t('thisSession')}
                        </Text>
                      ) : (
                        <Button
                          size="xs"
                          variant="default"
                          aria-label={t('signOutSessionOf', { device: session.device, when })}
                          loading={end.isPending && end.variables === session.id}
                          onClick={() => end.mutate(session.id)}
                        >
                          {t('signOutSession')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Section>
  );
}

function PasswordSection() {
  const t = useTexts(texts);
  const shell = useI18n();
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(
      { current, new: next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
        },
      },
    );
  };
  return (
    <Section title={t('passwordTitle')}>
      <form onSubmit={submit} noValidate aria-label={t('changePassword')}>
        <Stack gap="sm" maw={420}>
          {change.isError && (
            <Alert color="red" role="alert">
              {t('failed', { message: errorMessage(change.error) })}
            </Alert>
          )}
          {change.isSuccess && (
            <Alert color="green" role="status">
              {t('passwordChanged', { count: change.data.sessionsEnded })}
            </Alert>
          )}
          <PasswordInput
            label={t('currentPassword')}
            visibilityToggleButtonProps={{ 'aria-label': shell.t('showPassword') }}
            autoComplete="current-password"
            required
            value={current}
            onChange={(e) => setCurrent(e.currentTarget.value)}
          />
          <PasswordInput
            label={t('newPassword')}
            description={shell.t('passwordHint')}
            visibilityToggleButtonProps={{ 'aria-label': shell.t('showPassword') }}
            autoComplete="new-password"
            required
            value={next}
            onChange={(e) => setNext(e.currentTarget.value)}
          />
          <Group>
            <Button type="submit" loading={change.isPending} disabled={current === '' || next === ''}>
              {t('changePassword')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}

function RequireSection() {
  const t = useTexts(texts);
  const status = useTwoFactor();
  const save = useRequireTwoFactor();
  const [wanted, setWanted] = useState<boolean | undefined>(undefined);
  const value = wanted ?? status.data?.required ?? false;
  return (
    <Section title={t('requireTitle')}>
      {save.isError && (
        <Alert color="red" role="alert">
          {failure(t, save.error)}
        </Alert>
      )}
      <Group align="flex-end" wrap="wrap">
        <Checkbox
          label={t('requireTitle')}
          description={t('requireHint')}
          checked={value}
          onChange={(e) => setWanted(e.currentTarget.checked)}
        />
        <Button
          variant="default"
          loading={save.isPending}
          disabled={status.data === undefined || value === status.data.required}
          onClick={() => save.mutate(value, { onSuccess: () => setWanted(undefined) })}
        >
          {t('save')}
        </Button>
      </Group>
    </Section>
  );
}
