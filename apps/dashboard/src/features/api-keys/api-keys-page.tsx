import { type ApiKey, SCOPES, type Scope } from '@formloom/sdk';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { LoadingMark } from '../../components/page-state.js';
import { ColumnHeads, ScrollTable } from '../../components/scroll-table.js';
import { errorMessage, ShownOnce } from '../../components/shown-once.js';
import { useI18n } from '../../i18n/i18n.js';
import { useTexts } from '../../i18n/texts.js';
import { useApiKeys, useCreateKey, useRevokeKey, useRotateKey } from './queries.js';
import { texts } from './texts.js';

type Dialog = { kind: 'create' } | { kind: 'rotate'; key: ApiKey } | { kind: 'revoke'; key: ApiKey } | null;

export default function ApiKeysPage() {
  const t = useTexts(texts);
  const { language } = useI18n();
  const keys = useApiKeys();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const revoke = useRevokeKey();
  const close = () => {
    setDialog(null);
    setSecret(null);
  };
  const closeRevoke = () => {
    close();
    revoke.reset();
  };

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Button onClick={() => setDialog({ kind: 'create' })}>{t('create')}</Button>
      </Group>
      {keys.isPending ? (
        <LoadingMark />
      ) : keys.isError ? (
        <Text role="alert">{t('failed', { message: errorMessage(keys.error) })}</Text>
      ) : keys.data.length === 0 ? (
        <Text>{t('none')}</Text>
      ) : (
        <ScrollTable label={t('title')}>
          <Table striped aria-label={t('title')}>
            <ColumnHeads
              labels={[t('name'), t('prefix'), t('scopes'), t('status'), t('lastUsed'), t('actions')]}
            />
            <Table.Tbody>
              {keys.data.map((key) => (
                <Table.Tr key={key.id}>
                  <Table.Td>{key.name ?? '—'}</Table.Td>
                  <Table.Td>
                    <code>{key.prefix}</code>
                  </Table.Td>
                  <Table.Td>{key.scopes.join(', ')}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" c="dark" color={key.status === 'active' ? 'green' : 'gray'}>
                      {t(key.status)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{key.lastUsedAt ? date.format(new Date(key.lastUsedAt)) : t('never')}</Table.Td>
                  <Table.Td>
                    {key.status === 'active' && (
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="default"
                          aria-label={`${t('rotate')} ${key.name ?? key.prefix}`}
                          onClick={() => setDialog({ kind: 'rotate', key })}
                        >
                          {t('rotate')}
                        </Button>
                        <Button
                          size="xs"
                          color="red"
                          variant="light"
                          aria-label={`${t('revoke')} ${key.name ?? key.prefix}`}
                          onClick={() => setDialog({ kind: 'revoke', key })}
                        >
                          {t('revoke')}
                        </Button>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      <Modal
        opened={dialog !== null && dialog.kind !== 'revoke'}
        onClose={close}
        title={
          dialog?.kind === 'create'
            ? t('create')
            : dialog?.kind === 'rotate'
              ? t('rotateTitle', { name: dialog.key.name ?? dialog.key.prefix })
              : ''
        }
        closeButtonProps={{ 'aria-label': t('close') }}
      >
        {secret !== null ? (
          <Stack>
            <ShownOnce
              label={t('newKey')}
              value={secret}
              warning={t('showOnce')}
              copy={t('copy')}
              copied={t('copied')}
            />
            <Button variant="default" onClick={close}>
              {t('close')}
            </Button>
          </Stack>
        ) : dialog?.kind === 'create' ? (
          <CreateForm onCreated={setSecret} onCancel={close} />
        ) : dialog?.kind === 'rotate' ? (
          <RotateForm id={dialog.key.id} onRotated={setSecret} onCancel={close} />
        ) : null}
      </Modal>
      <ConfirmDialog
        opened={dialog?.kind === 'revoke'}
        onClose={closeRevoke}
        title={
          dialog?.kind === 'revoke' ? t('revokeTitle', { name: dialog.key.name ?? dialog.key.prefix }) : ''
        }
        confirmLabel={t('revoke')}
        cancelLabel={t('cancel')}
        pending={revoke.isPending}
        error={revoke.isError ? t('failed', { message: errorMessage(revoke.error) }) : undefined}
        onConfirm={() =>
          dialog?.kind === 'revoke' && revoke.mutate(dialog.key.id, { onSuccess: closeRevoke })
        }
      >
        {t('revokeText')}
      </ConfirmDialog>
    </Stack>
  );
}

function CreateForm({ onCreated, onCancel }: { onCreated: (key: string) => void; onCancel: () => void }) {
  const t = useTexts(texts);
  const create = useCreateKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>([]);
  const [picked, setPicked] = useState(true);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (scopes.length === 0) {
      setPicked(false);
      return;
    }
    create.mutate(
      { name: name.trim(), scopes: scopes as Scope[] },
      { onSuccess: (made) => onCreated(made.key) },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {create.isError && (
          <Alert color="red" role="alert">
            {t('failed', { message: errorMessage(create.error) })}
          </Alert>
        )}
        <TextInput
          label={t('name')}
          required
          data-autofocus
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <Checkbox.Group
          label={t('scopes')}
          value={scopes}
          onChange={(value) => {
            setScopes(value);
            setPicked(true);
          }}
          error={picked ? undefined : <span role="alert">{t('pickScope')}</span>}
        >
          <Stack gap={4} mt="xs">
            {SCOPES.map((scope) => (
              <Checkbox key={scope} value={scope} label={scope} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={create.isPending} disabled={name.trim() === ''}>
            {t('create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RotateForm({
  id,
  onRotated,
  onCancel,
}: {
  id: string;
  onRotated: (key: string) => void;
  onCancel: () => void;
}) {
  const t = useTexts(texts);
  const rotate = useRotateKey();
  const [graceHours, setGraceHours] = useState<number>(24);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    rotate.mutate({ id, graceHours }, { onSuccess: (made) => onRotated(made.key) });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {rotate.isError && (
          <Alert color="red" role="alert">
            {t('failed', { message: errorMessage(rotate.error) })}
          </Alert>
        )}
        <NumberInput
          label={t('graceHours')}
          min={0}
          max={168}
          data-autofocus
          value={graceHours}
          onChange={(value) => setGraceHours(typeof value === 'number' ? value : 0)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={rotate.isPending}>
            {t('rotate')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
