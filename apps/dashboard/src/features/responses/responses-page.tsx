import { paymentField } from '@formloom/contract';
import { roleAllows } from '@formloom/sdk';
import { Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { DateRange } from '../../components/date-range.js';
import { Link } from '../../components/link.js';
import { PageLoading, PageMissing } from '../../components/page-state.js';
import { Pager } from '../../components/pager.js';
import { ScrollTable } from '../../components/scroll-table.js';
import { useI18n } from '../../i18n/i18n.js';
import { useTexts } from '../../i18n/texts.js';
import { pathTo } from '../../navigation.js';
import type { PageProps } from '../../routes.js';
import { useMe } from '../auth/queries.js';
import { useForm } from '../forms/queries.js';
import { AnalyticsChat } from './analytics-chat.js';
import { answerItems, itemText, quizText } from './answers.js';
import { ExportButtons } from './export-buttons.js';
import { formatMoney } from './payment-money.js';
import { paymentTexts } from './payment-texts.js';
import { downloadExport, RESPONSES_PAGE_SIZE, streamResponsesChat, useResponsesPage } from './queries.js';
import { responsesTexts } from './texts.js';

export default function ResponsesPage({ params }: PageProps) {
  const formId = params.formId!;
  const tx = useTexts(responsesTexts);
  const px = useTexts(paymentTexts);
  const { t, language } = useI18n();
  const form = useForm(formId);
  const canReadDestinations = roleAllows(useMe().data?.role ?? 'viewer', 'webhooks.read');
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const responses = useResponsesPage(formId, { page, startDate, endDate, search: debounced });
  // The analytics chat's session: follow-up questions continue it.
  const chatSession = useRef<string | undefined>(undefined);
  const when = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });

  if (form.isPending) return <PageLoading />;
  if (form.isError)
    return (
      <PageMissing
        heading={tx('heading')}
        message={tx('notFound')}
        back=<Link to={pathTo('/forms')}>{tx('back')}</Link>
      />
    );

  // Every question, every repeating section (its entries one line each) and every variable (a
  // score is one) has its column; on a narrow screen the table scrolls sideways rather than
  // leaving answers out.
  const schema = form.data.schema;
  const items = answerItems(schema);
  const variables = form.data.schema.variables ?? [];
  // A quiz's marks have a column: the score, the right answers of the questions asked, passed or not.
  const quiz = schema.settings?.quiz !== undefined;
  // A form taking payments: each response's payment, as the exports carry it.
  const paid = paymentField(schema) !== undefined;
  const pages = Math.max(1, Math.ceil((responses.data?.total ?? 0) / RESPONSES_PAGE_SIZE));
  const filtered = startDate !== '' || endDate !== '' || debounced !== '';
  return (
    <Stack>
      <Group gap="md">
        <Link to={pathTo('/forms')}>{tx('back')}</Link>
        <Link to={pathTo('/forms/:formId/share', { formId })}>{tx('share')}</Link>
        <Link to={pathTo('/forms/:formId/figures', { formId })}>{tx('figures')}</Link>
        {canReadDestinations && (
          <Link to={pathTo('/forms/:formId/destinations', { formId })}>{tx('destinations')}</Link>
        )}
      </Group>
      <div>
        <Title order={1} size="h2">
          {tx('heading')}
        </Title>
        <Text c="dimmed">{form.data.title}</Text>
      </div>
      <TextInput
        type="search"
        label={tx('search')}
        description={tx('searchHint')}
        value={search}
        maxLength={100}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
      />
      <DateRange
        labels={{ legend: tx('filters'), from: tx('from'), to: tx('to') }}
        start={startDate}
        end={endDate}
        onStart={(date) => {
          setStartDate(date);
          setPage(1);
        }}
        onEnd={(date) => {
          setEndDate(date);
          setPage(1);
        }}
      />
      <ExportButtons download={(format) => downloadExport(formId, format, { startDate, endDate })} />
      {responses.isPending ? (
        <PageLoading />
      ) : responses.isError ? (
        <Text role="alert">{t('somethingWrong')}</Text>
      ) : responses.data.total === 0 ? (
        <Text role="status">
          {debounced !== '' ? tx('noSearchMatch') : filtered ? tx('noMatch') : tx('none')}
        </Text>
      ) : (
        <>
          <Text role="status">{tx('count', { count: responses.data.total })}</Text>
          <ScrollTable label={tx('heading')}>
            <Table striped aria-label={tx('heading')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{tx('submitted')}</Table.Th>
                  {quiz ? <Table.Th scope="col">{tx('quizScore')}</Table.Th> : null}
                  {items.map((item) => (
                    <Table.Th scope="col" key={item.id}>
                      {item.label}
                    </Table.Th>
                  ))}
                  {variables.map((variable) => (
                    <Table.Th scope="col" key={variable.id}>
                      {variable.id}
                    </Table.Th>
                  ))}
                  {paid ? (
                    <>
                      <Table.Th scope="col">{px('status')}</Table.Th>
                      <Table.Th scope="col">{px('amount')}</Table.Th>
                      <Table.Th scope="col">{px('currency')}</Table.Th>
                      <Table.Th scope="col">{px('paymentId')}</Table.Th>
                    </>
                  ) : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {responses.data.items.map((response) => {
                  const date = when.format(new Date(response.submittedAt));
                  return (
                    <Table.Tr key={response.id}>
                      <Table.Td>
                        <Link
                          to={pathTo('/forms/:formId/responses/:responseId', {
                            formId,
                            responseId: response.id,
                          })}
                          aria-label={tx('view', { date })}
                        >
                          {date}
                        </Link>
                      </Table.Td>
                      {quiz ? <Table.Td>{quizText(response.quiz, tx)}</Table.Td> : null}
                      {items.map((item) => (
                        <Table.Td key={item.id} style={{ whiteSpace: 'pre-line' }}>
                          {itemText(schema, item, response.answers)}
                        </Table.Td>
                      ))}
                      {variables.map((variable) => (
                        <Table.Td key={variable.id}>{String(response.variables[variable.id] ?? '')}</Table.Td>
                      ))}
                      {paid ? (
                        <>
                          <Table.Td>{response.payment ? px(response.payment.status) : ''}</Table.Td>
                          <Table.Td style={{ whiteSpace: 'nowrap' }}>
                            {response.payment
                              ? formatMoney(response.payment.amount, response.payment.currency, language)
                              : ''}
                          </Table.Td>
                          <Table.Td>{response.payment?.currency ?? ''}</Table.Td>
                          <Table.Td>{response.payment?.paymentIntentId ?? ''}</Table.Td>
                        </>
                      ) : null}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollTable>
          <Pager page={page} pages={pages} hasMore={responses.data.hasMore} onPage={setPage} />
        </>
      )}
      <AnalyticsChat
        heading={tx('chat')}
        stream={(message) => streamResponsesChat(formId, message, chatSession)}
      />
    </Stack>
  );
}
