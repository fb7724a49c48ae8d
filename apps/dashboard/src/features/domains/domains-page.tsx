import type { Domain } from '@formloom/sdk';
import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { CopyValue } from '../../components/copy-value.js';
import { LoadingMark } from '../../components/page-state.js';
import { errorMessage } from '../../components/shown-once.js';
import { useTexts } from '../../i18n/texts.js';
import {
  useAddDomain,
  useDomains,
  useFormChoices,
  useRemoveDomain,
  useSetRootForm,
  useVerifyDomain,
} from './queries.js';
import { texts } from './texts.js';

type T = ReturnType<typeof useTexts<keyof (typeof texts)['en']>>;

/** The account's custom domains: add one, create its TXT record, verify it, pick its root form, remove it. */
export default function DomainsPage() {
  const t = useTexts(texts);
  const domains = useDomains();
  const [removing, setRemoving] = useState<Domain | null>(null);
  const remove = useRemoveDomain();
  const closeRemove = () => {
    setRemoving(null);
    remove.reset();
  };

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      <Text>{t('intro')}</Text>
      <AddDomain t={t} />
      {domains.isPending ? (
        <LoadingMark />
      ) : domains.isError ? (
        <Text role="alert">{t('failed', { message: errorMessage(domains.error) })}</Text>
      ) : domains.data.length === 0 ? (
        <Text>{t('none')}</Text>
      ) : (
        domains.data.map((domain) => (
          <DomainCard key={domain.id} domain={domain} t={t} onRemove={() => setRemoving(domain)} />
        ))
      )}
      <ConfirmDialog
        opened={removing !== null}
        onClose={closeRemove}
        title={removing === null ? '' : t('removeTitle', { host: removing.hostname })}
        confirmLabel={t('remove')}
        cancelLabel={t('cancel')}
        pending={remove.isPending}
        error={remove.isError ? t('failed', { message: errorMessage(remove.error) }) : undefined}
        onConfirm={() => removing !== null && remove.mutate(removing.id, { onSuccess: closeRemove })}
      >
        {t('removeText')}
      </ConfirmDialog>
    </Stack>
  );
}

function AddDomain({ t }: { t: T }) {
  const add = useAddDomain();
  const [hostname, setHostname] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(hostname.trim(), { onSuccess: () => setHostname('') });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <Group align="flex-end" wrap="wrap" gap="xs">
          <TextInput
            label={t('hostname')}
            description={t('hostnameHint')}
            placeholder="forms.example.com"
            autoComplete="off"
            spellCheck={false}
            value={hostname}
            onChange={(event) => {
              setHostname(event.currentTarget.value);
              add.reset();
            }}
            style={{ flex: '1 1 14rem' }}
          />
          <Button type="submit" loading={add.isPending} disabled={hostname.trim() === ''}>
            {t('add')}
          </Button>
        </Group>
        {add.isError && (
          <Alert color="red" role="alert">
            {t('failed', { message: errorMessage(add.error) })}
          </Alert>
        )}
      </Stack>
    </form>
  );
}

/** A record's part (its name or value), with a copy button named after it. */
function RecordPart({ label, copyLabel, value }: { label: string; copyLabel: string; value: string }) {
  const t = useTexts(texts);
  return (
    <CopyValue label={label} copyLabel={copyLabel} value={value} copy={t('copy')} copied={t('copied')} />
  );
}

function DomainCard({ domain, t, onRemove }: { domain: Domain; t: T; onRemove: () => void }) {
  const verify = useVerifyDomain();
  const host = domain.hostname;
  const verified = domain.status === 'verified';
  // What the last check found, said when it changes (a verify's answer).
  const said = verified
    ? verify.isSuccess
      ? t('nowVerified', { host })
      : ''
    : domain.lastCheck === null
      ? ''
      : t(domain.lastCheck.result === 'verified' ? 'no_record' : domain.lastCheck.result);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`domain-${domain.id}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id={`domain-${domain.id}`} style={{ overflowWrap: 'anywhere' }}>
            {host}
          </Title>
          <Badge variant="light" c="dark" color={verified ? 'green' : 'yellow'}>
            {t(domain.status)}
          </Badge>
        </Group>
        {!verified && (
          <>
            <Text size="sm">{t('recordIntro')}</Text>
            <RecordPart
              label={t('recordName')}
              copyLabel={t('copyName', { host })}
              value={domain.verification.txtName}
            />
            <RecordPart
              label={t('recordValue')}
              copyLabel={t('copyValue', { host })}
              value={domain.verification.txtValue}
            />
          </>
        )}
        <Text size="sm" role="status" aria-live="polite">
          {said}
        </Text>
        {verify.isError && (
          <Alert color="red" role="alert">
            {t('failed', { message: errorMessage(verify.error) })}
          </Alert>
        )}
        {verified && <RootForm domain={domain} t={t} />}
        <Group gap="xs">
          {!verified && (
            <Button
              loading={verify.isPending}
              onClick={() => verify.mutate(domain.id)}
              aria-label={t('verifyNamed', { host })}
            >
              {t('verify')}
            </Button>
          )}
          <Button color="red" variant="light" onClick={onRemove} aria-label={t('removeNamed', { host })}>
            {t('remove')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function RootForm({ domain, t }: { domain: Domain; t: T }) {
  const forms = useFormChoices();
  const save = useSetRootForm();
  const options = [
    { value: '', label: t('noRootForm') },
    ...(forms.data ?? []).map((form) => ({ value: form.id, label: form.title })),
  ];
  return (
    <Stack gap={4}>
      <NativeSelect
        label={t('rootForm', { host: domain.hostname })}
        description={t('rootFormHint')}
        data={options}
        value={domain.rootFormId ?? ''}
        disabled={forms.isPending || save.isPending}
        onChange={(event) => {
          const value = event.currentTarget.value;
          save.mutate({ id: domain.id, rootFormId: value === '' ? null : value });
        }}
      />
      <Text size="sm" role="status" aria-live="polite">
        {save.isSuccess ? t('saved') : ''}
      </Text>
      {save.isError && (
        <Alert color="red" role="alert">
          {t('failed', { message: errorMessage(save.error) })}
        </Alert>
      )}
    </Stack>
  );
}
