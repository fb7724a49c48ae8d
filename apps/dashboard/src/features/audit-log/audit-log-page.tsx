import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '@formloom/sdk';
import { Alert, Anchor, Button, Group, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { DateRange } from '../../components/date-range.js';
import { LoadingMark } from '../../components/page-state.js';
import { Pager } from '../../components/pager.js';
import { ColumnHeads, ScrollTable } from '../../components/scroll-table.js';
import { errorMessage } from '../../components/shown-once.js';
import { useI18n } from '../../i18n/i18n.js';
import { useTexts } from '../../i18n/texts.js';
import { useApiKeys } from '../api-keys/queries.js';
import { useMembers } from '../members/queries.js';
import { AUDIT_PAGE_SIZE, type AuditFilters, downloadCsv, useAuditLog } from './queries.js';
import { texts } from './texts.js';

/** A `yyyy-mm-dd` date input's day as the first or last instant of that day (UTC). */
const dayBound = (day: string, end: boolean) =>
  day === '' ? undefined : new Date(`${day}T${end ? '23:59:59.999' : '00:00:00.000'}Z`).toISOString();

export default function AuditLogPage() {
  const t = useTexts(texts);
  const { language } = useI18n();
  const [action, setAction] = useState('');
  const [actorId, setActorId] = useState('');
  const [target, setTarget] = useState<AuditEntry['target'] | undefined>();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const members = useMembers();
  const keys = useApiKeys();
  const filters: AuditFilters = {
    ...(action === '' ? {} : { action: action as AuditAction }),
    ...(actorId === '' ? {} : { actorId }),
    ...(target === undefined ? {} : { targetType: target.type, targetId: target.id }),
    ...(from === '' ? {} : { from: dayBound(from, false) }),
    ...(to === '' ? {} : { to: dayBound(to, true) }),
  };
  const log = useAuditLog(filters, page);
  const exportCsv = useMutation({ mutationFn: () => downloadCsv(filters) });
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium' });
  const pages = Math.max(1, Math.ceil((log.data?.total ?? 0) / AUDIT_PAGE_SIZE));
  const reset =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Button variant="default" onClick={() => exportCsv.mutate()} loading={exportCsv.isPending}>
          {t('exportCsv')}
        </Button>
      </Group>
      {exportCsv.isError && (
        <Alert color="red" role="alert">
          {t('failed', { message: errorMessage(exportCsv.error) })}
        </Alert>
      )}
      <Group
        component="fieldset"
        aria-label={t('filters')}
        wrap="wrap"
        align="flex-end"
        style={{ border: 0, padding: 0, margin: 0 }}
      >
        <NativeSelect
          label={t('action')}
          value={action}
          onChange={(e) => reset(setAction)(e.currentTarget.value)}
          data={[
            { value: '', label: t('allActions') },
            ...AUDIT_ACTIONS.map((a) => ({ value: a, label: a })),
          ]}
        />
        <NativeSelect
          label={t('actor')}
          value={actorId}
          onChange={(e) => reset(setActorId)(e.currentTarget.value)}
          data={[
            { value: '', label: t('anyone') },
            {
              group: t('members'),
              items: (members.data?.members ?? []).map((m) => ({ value: m.id, label: m.email })),
            },
            {
              group: t('keys'),
              // An entry names a key by its public prefix, `formloom_<id>`.
              items: (keys.data ?? []).map((k) => ({
                value: k.prefix,
                label: k.name === null ? k.prefix : `${k.name} (${k.prefix})`,
              })),
            },
          ]}
        />
        <DateRange
          labels={{ legend: t('dates'), from: t('from'), to: t('to') }}
          start={from}
          end={to}
          onStart={reset(setFrom)}
          onEnd={reset(setTo)}
        />
      </Group>
      {target !== undefined && (
        <Group gap="xs" wrap="wrap">
          <Text role="status">{t('targetShown', { target: `${target.type} ${target.id}` })}</Text>
          <Button variant="default" size="xs" onClick={() => reset(setTarget)(undefined)}>
            {t('allTargets')}
          </Button>
        </Group>
      )}
      {log.isPending ? (
        <LoadingMark />
      ) : log.isError ? (
        <Text role="alert">{t('failed', { message: errorMessage(log.error) })}</Text>
      ) : log.data.total === 0 ? (
        <Text role="status">{t('none')}</Text>
      ) : (
        <>
          <ScrollTable label={t('title')}>
            <Table striped aria-label={t('title')}>
              <ColumnHeads labels={[t('at'), t('action'), t('actor'), t('target'), t('ip')]} />
              <Table.Tbody>
                {log.data.items.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td>{date.format(new Date(entry.at))}</Table.Td>
                    <Table.Td>{entry.action}</Table.Td>
                    <Table.Td>{entry.actor.email ?? entry.actor.id}</Table.Td>
                    <Table.Td>
                      {entry.target.type}{' '}
                      <Anchor
                        component="button"
                        type="button"
                        ff="monospace"
                        size="sm"
                        aria-label={t('onlyTarget', { target: `${entry.target.type} ${entry.target.id}` })}
                        onClick={() => reset(setTarget)(entry.target)}
                      >
                        {entry.target.id}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{entry.ip ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
          <Pager page={page} pages={pages} hasMore={log.data.hasMore} onPage={setPage} />
        </>
      )}
    </Stack>
  );
}
