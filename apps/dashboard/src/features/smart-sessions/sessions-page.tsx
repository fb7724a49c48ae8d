import { Badge, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from '../../components/link.js';
import { PageLoading } from '../../components/page-state.js';
import { Pager } from '../../components/pager.js';
import { ColumnHeads, ScrollTable } from '../../components/scroll-table.js';
import { useI18n } from '../../i18n/i18n.js';
import { useTexts } from '../../i18n/texts.js';
import { pathTo } from '../../navigation.js';
import type { PageProps } from '../../routes.js';
import { SmartFormFrame } from './page-frame.js';
import {
  SESSION_FILTERS,
  SESSIONS_PAGE_SIZE,
  type SessionFilter,
  type SessionStatus,
  useSessionsPage,
} from './queries.js';
import { sessionsTexts } from './texts.js';

const STATUS_COLOR: Record<SessionStatus, string> = { active: 'blue', completed: 'green', abandoned: 'gray' };

/** A smart form's interview sessions, newest first, filtered by status, a page at a time. */
export default function SessionsPage({ params }: PageProps) {
  const smartFormId = params.smartFormId!;
  const tx = useTexts(sessionsTexts);
  const { t, language } = useI18n();
  const [status, setStatus] = useState<SessionFilter>('all');
  const [page, setPage] = useState(1);
  const sessions = useSessionsPage(smartFormId, { status, page });
  const when = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const pages = Math.max(1, Math.ceil((sessions.data?.total ?? 0) / SESSIONS_PAGE_SIZE));

  return (
    <SmartFormFrame smartFormId={smartFormId} heading={tx('sessions')} current="sessions">
      <NativeSelect
        label={tx('status')}
        value={status}
        maw={240}
        data={SESSION_FILTERS.map((value) => ({ value, label: tx(value) }))}
        onChange={(e) => {
          setStatus(e.currentTarget.value as SessionFilter);
          setPage(1);
        }}
      />
      {sessions.isPending ? (
        <PageLoading />
      ) : sessions.isError ? (
        <Text role="alert">{t('somethingWrong')}</Text>
      ) : sessions.data.total === 0 ? (
        <Text role="status">{status === 'all' ? tx('none') : tx('noMatch')}</Text>
      ) : (
        <Stack>
          <Text role="status">{tx('count', { count: sessions.data.total })}</Text>
          <ScrollTable label={tx('sessions')} minWidth={520}>
            <Table striped aria-label={tx('sessions')}>
              <ColumnHeads
                labels={[tx('started'), tx('status'), tx('answers'), tx('lastActivity'), tx('language')]}
              />
              <Table.Tbody>
                {sessions.data.items.map((session) => {
                  const date = when.format(new Date(session.startedAt));
                  return (
                    <Table.Tr key={session.id}>
                      <Table.Td>
                        <Link
                          to={pathTo('/smart-forms/:smartFormId/sessions/:sessionId', {
                            smartFormId,
                            sessionId: session.id,
                          })}
                          aria-label={tx('view', { date })}
                        >
                          {date}
                        </Link>
                      </Table.Td>
                      <Table.Td>
                        <Badge color={STATUS_COLOR[session.status]} variant="light" c="dark">
                          {tx(session.status)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        {tx('answersOf', { answered: session.answeredCount, total: session.questionCount })}
                      </Table.Td>
                      <Table.Td>{when.format(new Date(session.lastActivityAt))}</Table.Td>
                      <Table.Td>{session.language ?? ''}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollTable>
          <Pager page={page} pages={pages} hasMore={sessions.data.hasMore} onPage={setPage} />
        </Stack>
      )}
    </SmartFormFrame>
  );
}
