import type { SsoSettings } from '@formloom/contract';
import {
  Alert,
  Button,
  Group,
  NativeSelect,
  PasswordInput,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { CopyValue } from '../../components/copy-value.js';
import { LoadingMark } from '../../components/page-state.js';
import { errorMessage } from '../../components/shown-once.js';
import { useI18n } from '../../i18n/i18n.js';
import { useTexts } from '../../i18n/texts.js';
import { useDisableSso, useSaveSso, useSso } from './queries.js';
import { texts } from './texts.js';

type T = ReturnType<typeof useTexts<keyof (typeof texts)['en']>>;

/** The roles a first sign-in may give (never owner: the server refuses it too). */
const JOIN_ROLES = ['admin', 'editor', 'viewer'] as const;
type JoinRole = (typeof JOIN_ROLES)[number];

/** An owner's page: the account's OpenID Connect provider, who may join through it, and how members sign in. */
export default function SsoPage() {
  const t = useTexts(texts);
  const sso = useSso();
  // Here, not in the form: a save remounts the form with what the server now holds, and its
  // outcome must stay said.
  const save = useSaveSso();
  const disable = useDisableSso();
  const [confirming, setConfirming] = useState(false);
  const settings = sso.data ?? undefined;
  return (
    <Stack gap="lg" maw={640}>
      <Group gap="sm">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        {sso.isPending && <LoadingMark />}
      </Group>
      <Text>{t('intro')}</Text>
      {sso.isError && (
        <Alert color="red" role="alert">
          {t('failed', { message: errorMessage(sso.error) })}
        </Alert>
      )}
      {disable.isSuccess && sso.data === null && (
        <Alert color="blue" role="status">
          {t('turnedOff')}
        </Alert>
      )}
      {sso.data !== undefined && (
        <>
          <Text fw={500}>{settings === undefined ? t('statusOff') : t('statusOn')}</Text>
          {/* Keyed by the saved version: the form starts again from what the server holds. */}
          <SsoForm key={settings?.updatedAt ?? 'new'} settings={settings} save={save} t={t} />
          <Links settings={settings} t={t} />
          {settings !== undefined && (
            <Group>
              <Button color="red" variant="light" onClick={() => setConfirming(true)}>
                {t('turnOff')}
              </Button>
            </Group>
          )}
        </>
      )}
      <ConfirmDialog
        opened={confirming}
        title={t('confirmTitle')}
        confirmLabel={t('turnOff')}
        pending={disable.isPending}
        error={disable.isError ? t('failed', { message: errorMessage(disable.error) }) : undefined}
        onConfirm={() =>
          disable.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              save.reset();
            },
          })
        }
        onClose={() => {
          setConfirming(false);
          disable.reset();
        }}
      >
        {t('confirmText')}
      </ConfirmDialog>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack component="section" gap="sm" aria-label={title}>
      <Title order={2} size="h3">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** The domains typed one per line, as the server takes them: trimmed, lower-case, no blank lines. */
const domainsOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter((line) => line !== '');

function SsoForm({
  settings,
  save,
  t,
}: {
  settings: SsoSettings | undefined;
  save: ReturnType<typeof useSaveSso>;
  t: T;
}) {
  const shell = useI18n();
  const [issuer, setIssuer] = useState(settings?.issuer ?? '');
  const [clientId, setClientId] = useState(settings?.clientId ?? '');
  // Write-only: never read back, so the field starts empty; empty keeps the stored one.
  const [clientSecret, setClientSecret] = useState('');
  const [domains, setDomains] = useState(settings?.allowedDomains.join('\n') ?? '');
  const [defaultRole, setDefaultRole] = useState<JoinRole>(
    settings !== undefined && settings.defaultRole !== 'owner' ? settings.defaultRole : 'editor',
  );
  const [enforce, setEnforce] = useState(settings?.enforce ?? false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      issuer: issuer.trim(),
      clientId: clientId.trim(),
      ...(clientSecret === '' ? {} : { clientSecret }),
      allowedDomains: domainsOf(domains),
      defaultRole,
      enforce,
    });
  };
  return (
    <Section title={t('settingsTitle')}>
      <form onSubmit={submit} noValidate aria-label={t('settingsTitle')}>
        <Stack gap="sm">
          <TextInput
            label={t('issuer')}
            description={t('issuerHint')}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="none"
            required
            value={issuer}
            onChange={(e) => setIssuer(e.currentTarget.value)}
          />
          <TextInput
            label={t('clientId')}
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="none"
            required
            value={clientId}
            onChange={(e) => setClientId(e.currentTarget.value)}
          />
          <PasswordInput
            label={t('clientSecret')}
            description={settings === undefined ? t('secretHintNew') : t('secretHintKeep')}
            visibilityToggleButtonProps={{ 'aria-label': shell.t('showPassword') }}
            autoComplete="off"
            required={settings === undefined}
            value={clientSecret}
            onChange={(e) => setClientSecret(e.currentTarget.value)}
          />
          <Textarea
            label={t('domains')}
            description={t('domainsHint')}
            autosize
            minRows={2}
            spellCheck={false}
            autoCapitalize="none"
            required
            value={domains}
            onChange={(e) => setDomains(e.currentTarget.value)}
          />
          <NativeSelect
            label={t('defaultRole')}
            description={t('defaultRoleHint')}
            data={JOIN_ROLES.map((role) => ({ value: role, label: t(role) }))}
            value={defaultRole}
            onChange={(e) => setDefaultRole(e.currentTarget.value as JoinRole)}
          />
          <Switch
            label={t('enforce')}
            description={t('enforceHint')}
            checked={enforce}
            onChange={(e) => setEnforce(e.currentTarget.checked)}
          />
          {save.isError && (
            <Alert color="red" role="alert">
              {t('failed', { message: errorMessage(save.error) })}
            </Alert>
          )}
          {save.isSuccess && (
            <Alert color="green" role="status">
              {t('saved')}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}

function Links({ settings, t }: { settings: SsoSettings | undefined; t: T }) {
  return (
    <Section title={t('linksTitle')}>
      {settings === undefined ? (
        <Text>{t('linksPending')}</Text>
      ) : (
        <>
          <CopyValue
            label={t('redirectUri')}
            copyLabel={t('copyRedirect')}
            value={settings.redirectUri}
            copy={t('copy')}
            copied={t('copied')}
          />
          <CopyValue
            label={t('signInLink')}
            copyLabel={t('copySignIn')}
            value={settings.signInUrl}
            copy={t('copy')}
            copied={t('copied')}
          />
        </>
      )}
    </Section>
  );
}
