import { Badge, Group, Paper, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { LoadingMark } from '../../components/page-state.js';
import { Pager } from '../../components/pager.js';
import { ScrollTable } from '../../components/scroll-table.js';
import { useI18n } from '../../i18n/i18n.js';
import { useTexts } from '../../i18n/texts.js';
import { LEDGER_PAGE_SIZE, useAccount, useLedger } from './queries.js';
import { texts } from './texts.js';

const KIND_COLOR = { grant: 'green', reserve: 'blue', refund: 'teal' } as const;

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Requests against the plan's limits and monthly quota; the credit balance and its ledger. */
export default function UsagePage() {
  const t = useTexts(texts);
  const { language } = useI18n();
  const account = useAccount();
  const number = new Intl.NumberFormat(language);
  const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });

  if (account.isPending) return <LoadingMark />;
  if (account.isError) return <Text role="alert">{t('failed', { message: message(account.error) })}</Text>;
  const { plan, limits, usage, credits } = account.data;
  const used = usage.requests;
  const quota = limits.monthlyQuota;
  const percent = quota === 0 ? 100 : Math.min(100, (used / quota) * 100);
  const end = day.format(new Date(usage.periodEnd));

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Badge size="lg" variant="light" c="dark">
          {t('plan', { plan })}
        </Badge>
      </Group>

      <Paper withBorder p="md" component="section" aria-labelledby="usage-month">
        <Stack gap="xs">
          <Title order={2} size="h4" id="usage-month">
            {t('month')}
          </Title>
          <Text size="sm">{t('period', { start: day.format(new Date(usage.periodStart)), end })}</Text>
          <Text fw={600}>{t('requests', { used: number.format(used), quota: number.format(quota) })}</Text>
          <Progress
            value={percent}
            color={percent >= 90 ? 'red' : percent >= 75 ? 'orange' : 'blue'}
            aria-label={t('requestsLabel')}
          />
          <Text size="sm">{t('remaining', { remaining: number.format(usage.remaining), end })}</Text>
        </Stack>
      </Paper>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="md" component="section" aria-labelledby="usage-limits">
          <Title order={2} size="h4" id="usage-limits" mb="xs">
            {t('limits')}
          </Title>
          <Table aria-labelledby="usage-limits">
            <Table.Tbody>
              {(
                [
                  ['perMinute', limits.requestsPerMinute],
                  ['perHour', limits.requestsPerHour],
                  ['monthlyQuota', limits.monthlyQuota],
                  ['maxKeys', limits.maxApiKeys],
                ] as const
              ).map(([key, value]) => (
                <Table.Tr key={key}>
                  <Table.Th scope="row">{t(key)}</Table.Th>
                  <Table.Td ta="end">{number.format(value)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
        <Paper withBorder p="md" component="section" aria-labelledby="usage-ai">
          <Title order={2} size="h4" id="usage-ai" mb="xs">
            {t('aiPerHour')}
          </Title>
          <Table aria-labelledby="usage-ai">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('aiCall')}</Table.Th>
                <Table.Th scope="col" ta="end">
                  {t('perHourShort')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(Object.entries(limits.aiPerHour) as [keyof typeof limits.aiPerHour, number][]).map(
                ([name, value]) => (
                  <Table.Tr key={name}>
                    <Table.Th scope="row">{t(name)}</Table.Th>
                    <Table.Td ta="end">{value === 0 ? t('notOnPlan') : number.format(value)}</Table.Td>
                  </Table.Tr>
                ),
              )}
            </Table.Tbody>
          </Table>
        </Paper>
      </SimpleGrid>

      <Paper withBorder p="md" component="section" aria-labelledby="usage-credits">
        <Stack gap="xs">
          <Title order={2} size="h4" id="usage-credits">
            {t('credits')}
          </Title>
          <Text fw={600}>{t('balance', { balance: number.format(credits.balance) })}</Text>
          <Text size="sm">{t('creditsHint')}</Text>
          <Ledger />
        </Stack>
      </Paper>
    </Stack>
  );
}

function Ledger() {
  const t = useTexts(texts);
  const { language } = useI18n();
  const [page, setPage] = useState(1);
  const ledger = useLedger(page);
  const when = new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' });
  const signed = new Intl.NumberFormat(language, { signDisplay: 'always' });
  const number = new Intl.NumberFormat(language);
  if (ledger.isPending) return <LoadingMark />;
  if (ledger.isError) return <Text role="alert">{t('failed', { message: message(ledger.error) })}</Text>;
  if (ledger.data.total === 0) return <Text>{t('noLedger')}</Text>;
  const pages = Math.max(1, Math.ceil(ledger.data.total / LEDGER_PAGE_SIZE));
  return (
    <>
      <ScrollTable label={t('ledger')} minWidth={560}>
        <Table striped aria-label={t('ledger')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('when')}</Table.Th>
              <Table.Th scope="col">{t('kind')}</Table.Th>
              <Table.Th scope="col" ta="end">
                {t('delta')}
              </Table.Th>
              <Table.Th scope="col" ta="end">
                {t('balanceAfter')}
              </Table.Th>
              <Table.Th scope="col">{t('reason')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ledger.data.items.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td>{when.format(new Date(entry.createdAt))}</Table.Td>
                <Table.Td>
                  <Badge color={KIND_COLOR[entry.kind]} variant="light" c="dark">
                    {t(entry.kind)}
                  </Badge>
                </Table.Td>
                <Table.Td ta="end">{signed.format(entry.delta)}</Table.Td>
                <Table.Td ta="end">{number.format(entry.balanceAfter)}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.reason}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      {pages > 1 && (
        <Pager page={page} pages={pages} hasMore={ledger.data.hasMore} onPage={setPage} label={t('ledger')} />
      )}
    </>
  );
}
