import type { StripeConnection } from '@formloom/contract';
import { Badge, Button, Code, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { LoadingMark } from '../../components/page-state.js';
import { errorMessage } from '../../components/shown-once.js';
import { useTexts } from '../../i18n/texts.js';
import { useConnectStripe, useDisconnectStripe, useStripeConnection } from './queries.js';
import { texts } from './texts.js';

type T = ReturnType<typeof useTexts<keyof (typeof texts)['en']>>;

/**
 * The account's Stripe keys (owners and admins): whether they are set and in which mode, the
 * webhook address to give Stripe, the keys (write-only: secrets are never read back), disconnect.
 */
export default function PaymentsPage() {
  const t = useTexts(texts);
  const connection = useStripeConnection();
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      <Text>{t('intro')}</Text>
      {connection.isPending ? (
        <LoadingMark />
      ) : connection.isError ? (
        <Text role="alert">{t('failed', { message: errorMessage(connection.error) })}</Text>
      ) : (
        <StripePanel connection={connection.data} t={t} />
      )}
    </Stack>
  );
}

function StripePanel({ connection, t }: { connection: StripeConnection; t: T }) {
  const disconnect = useDisconnectStripe();
  const [confirming, setConfirming] = useState(false);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="stripe-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h3" id="stripe-title">
            {t('stripe')}
          </Title>
          <Group gap="xs">
            <Badge color={connection.connected ? 'green' : 'gray'} variant="light" c="dark">
              {connection.connected ? t('connected') : t('notConnected')}
            </Badge>
            {connection.mode !== null && (
              <Badge color={connection.mode === 'live' ? 'blue' : 'orange'} variant="light" c="dark">
                {t(connection.mode)}
              </Badge>
            )}
          </Group>
        </Group>
        {connection.publishableKey !== null && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('publishable', { key: connection.publishableKey })}
          </Text>
        )}
        <Title order={3} size="h4">
          {t('webhookTitle')}
        </Title>
        <Text size="sm">{t('webhookHint')}</Text>
        <Group gap="xs" wrap="nowrap" align="center">
          <Code style={{ overflowWrap: 'anywhere', minWidth: 0 }}>{connection.webhookUrl}</Code>
          <CopyButton value={connection.webhookUrl}>
            {({ copied, copy }) => (
              <Button variant="default" size="xs" onClick={copy} aria-label={t('copyWebhook')}>
                {copied ? t('copied') : t('copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <KeysForm t={t} />
        {disconnect.isSuccess && !connection.connected && (
          <Text size="sm" role="status">
            {t('disconnected')}
          </Text>
        )}
        {connection.connected && (
          <Group>
            <Button color="red" variant="outline" onClick={() => setConfirming(true)}>
              {t('disconnect')}
            </Button>
          </Group>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('disconnect')}
        confirmLabel={t('disconnect')}
        pending={disconnect.isPending}
        {...(disconnect.isError ? { error: errorMessage(disconnect.error) } : {})}
        onConfirm={() => disconnect.mutate(undefined, { onSuccess: () => setConfirming(false) })}
      >
        {t('confirmText')}
      </ConfirmDialog>
    </Paper>
  );
}

/** The three keys, sent together; the fields are emptied once saved (nothing secret stays on screen). */
function KeysForm({ t }: { t: T }) {
  const connect = useConnectStripe();
  const empty = { secretKey: '', publishableKey: '', webhookSecret: '' };
  const [keys, setKeys] = useState(empty);
  const set = (name: keyof typeof empty) => (event: { currentTarget: HTMLInputElement }) => {
    const value = event.currentTarget.value;
    setKeys((current) => ({ ...current, [name]: value }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = {
      secretKey: keys.secretKey.trim(),
      publishableKey: keys.publishableKey.trim(),
      webhookSecret: keys.webhookSecret.trim(),
    };
    connect.mutate(trimmed, { onSuccess: () => setKeys(empty) });
  };
  return (
    <Stack gap="xs" component="form" onSubmit={submit} aria-labelledby="stripe-keys">
      <Title order={3} size="h4" id="stripe-keys">
        {t('keysTitle')}
      </Title>
      <Text size="sm">{t('keysHint')}</Text>
      <TextInput
        label={t('secretKey')}
        type="password"
        required
        autoComplete="off"
        spellCheck={false}
        placeholder="sk_test_…"
        value={keys.secretKey}
        onChange={set('secretKey')}
      />
      <TextInput
        label={t('publishableKey')}
        required
        autoComplete="off"
        spellCheck={false}
        placeholder="pk_test_…"
        value={keys.publishableKey}
        onChange={set('publishableKey')}
      />
      <TextInput
        label={t('webhookSecret')}
        type="password"
        required
        autoComplete="off"
        spellCheck={false}
        placeholder="whsec_…"
        value={keys.webhookSecret}
        onChange={set('webhookSecret')}
        description={t('modeHint')}
      />
      {connect.isError && <Text role="alert">{t('failed', { message: errorMessage(connect.error) })}</Text>}
      {connect.isSuccess && (
        <Text size="sm" role="status">
          {t('saved')}
        </Text>
      )}
      <Group>
        <Button type="submit" loading={connect.isPending}>
          {t('save')}
        </Button>
      </Group>
    </Stack>
  );
}
