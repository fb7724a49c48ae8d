import type { WebhookDelivery } from '@formloom/sdk';
import { Badge, Button, Code, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useI18n } from '../i18n/i18n.js';
import { useTexts } from '../i18n/texts.js';
import { deliveryLogTexts } from './delivery-log-texts.js';
import { errorText } from './error-text.js';
import { LoadingMark } from './page-state.js';
import { Pager } from './pager.js';
import { ScrollTable } from './scroll-table.js';

type DeliveryAttempt = WebhookDelivery['attempts'][number];

const STATUS_COLOR = { pending: 'yellow', succeeded: 'green', failed: 'red' } as const;

/** What the log shows of a delivery, whatever its target (a webhook endpoint, a destination). */
export interface LogDelivery {
  id: string;
  eventType: string;
  status: WebhookDelivery['status'];
  createdAt: string;
  attempts: DeliveryAttempt[];
}

/** A page of the log as its query holds it. */
export interface LogPage {
  items: LogDelivery[];
  total: number;
  hasMore: boolean;
}

/**
 * An outbox target's delivery log: each delivery's event, status, time and attempts (the answer's
 * status and first KB, or the network error), with "Deliver again" for a finished one, and paging.
 * The page owns the queries; this draws them.
 */
export function DeliveryLog({
  label,
  log,
  page,
  pageSize,
  onPage,
  canWrite,
  redeliver,
  eventName = (type) => <Code>{type}</Code>,
}: {
  /** Names the table (and its scrolling region) for a screen reader. */
  label: string;
  log: { isPending: boolean; isError: boolean; error: unknown; data: LogPage | undefined };
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  canWrite: boolean;
  redeliver: { mutate: (deliveryId: string) => void; isSuccess: boolean; error: unknown };
  /** How an event type reads in the log (default: the type as code). */
  eventName?: (type: string) => ReactNode;
}) {
  const t = useTexts(deliveryLogTexts);
  const { language, t: shell } = useI18n();
  const failure = (error: unknown) => errorText(error, shell('somethingWrong'));
  const when = new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'medium' });
  if (log.isPending) return <LoadingMark />;
  if (log.isError || log.data === undefined) return <Text role="alert">{failure(log.error)}</Text>;
  if (log.data.total === 0) return <Text size="sm">{t('noDeliveries')}</Text>;
  const pages = Math.max(1, Math.ceil(log.data.total / pageSize));
  return (
    <Stack gap="xs">
      {redeliver.isSuccess && (
        <Text size="sm" role="status">
          {t('redelivered')}
        </Text>
      )}
      {redeliver.error != null && <Text role="alert">{failure(redeliver.error)}</Text>}
      <ScrollTable label={label} minWidth={560}>
        <Table aria-label={label} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('event')}</Table.Th>
              <Table.Th scope="col">{t('status')}</Table.Th>
              <Table.Th scope="col">{t('created')}</Table.Th>
              <Table.Th scope="col">{t('attempts')}</Table.Th>
              <Table.Th scope="col">
                <span className="mantine-visually-hidden">{t('redeliver')}</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {log.data.items.map((delivery) => (
              <Table.Tr key={delivery.id}>
                <Table.Td>{eventName(delivery.eventType)}</Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLOR[delivery.status]} variant="light" c="dark">
                    {t(delivery.status)}
                  </Badge>
                </Table.Td>
                <Table.Td>{when.format(new Date(delivery.createdAt))}</Table.Td>
                <Table.Td>
                  <Attempts attempts={delivery.attempts} />
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="default"
                    disabled={!canWrite || delivery.status === 'pending'}
                    onClick={() => redeliver.mutate(delivery.id)}
                  >
                    {t('redeliver')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      {pages > 1 && <Pager page={page} pages={pages} hasMore={log.data.hasMore} onPage={onPage} size="xs" />}
    </Stack>
  );
}

/** Each attempt: its answer's status and time, or the network error, and the first KB of the body. */
function Attempts({ attempts }: { attempts: readonly DeliveryAttempt[] }) {
  const t = useTexts(deliveryLogTexts);
  if (attempts.length === 0) return <Text size="sm">0</Text>;
  return (
    <Stack gap={4}>
      {attempts.map((attempt) => (
        <details key={attempt.attempt}>
          <summary>
            {t('attempt', { n: attempt.attempt })}:{' '}
            {attempt.statusCode === null
              ? t('networkError', { error: attempt.error ?? '' })
              : t('answer', { status: attempt.statusCode, ms: attempt.durationMs })}
          </summary>
          {attempt.responseBody !== null && (
            <Code block aria-label={t('body')} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {attempt.responseBody}
            </Code>
          )}
        </details>
      ))}
    </Stack>
  );
}
