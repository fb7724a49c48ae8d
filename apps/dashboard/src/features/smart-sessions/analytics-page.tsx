import { type ConversationHistoryEntry, SENTIMENTS } from '@formloom/contract';
import { roleAllows } from '@formloom/sdk';
import { Alert, Button, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useRef } from 'react';
import { errorText } from '../../components/error-text.js';
import { ScrollTable } from '../../components/scroll-table.js';
import { useI18n } from '../../i18n/i18n.js';
import { useTexts } from '../../i18n/texts.js';
import type { PageProps } from '../../routes.js';
import { useMe } from '../auth/queries.js';
import { AnalyticsChat } from '../responses/analytics-chat.js';
import { ExportButtons } from '../responses/export-buttons.js';
import { Figure } from './figure.js';
import { SmartFormFrame } from './page-frame.js';
import { downloadSessions, streamInsightsChat, useAnalyse } from './queries.js';
import { sessionsTexts } from './texts.js';

const COLORS = {
  started: 'var(--mantine-color-blue-7)',
  completed: 'var(--mantine-color-green-8)',
  score: 'var(--mantine-color-violet-7)',
  count: 'var(--mantine-color-teal-8)',
};

/**
 * A smart form's aggregate analytics (run on request: it costs credits) as charts, each with its
 * figures as a table; then the insights chat, streamed, and the export of every session.
 */
export default function AnalyticsPage({ params }: PageProps) {
  const smartFormId = params.smartFormId!;
  const tx = useTexts(sessionsTexts);
  const { t, language } = useI18n();
  const role = useMe().data?.role ?? 'viewer';
  const allowed = roleAllows(role, 'ai.use');
  const analyse = useAnalyse(smartFormId);
  // The insights chat's earlier turns: the server keeps no conversation.
  const history = useRef<ConversationHistoryEntry[]>([]);
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
  const seconds = (value: number | null) =>
    value === null ? tx('unknown') : tx('seconds', { seconds: number.format(Math.round(value)) });
  const result = analyse.data;

  return (
    <SmartFormFrame smartFormId={smartFormId} heading={tx('analytics')} current="analytics">
      <Text>{tx('analyticsIntro')}</Text>
      <div>
        <Button
          onClick={() => analyse.mutate()}
          loading={analyse.isPending}
          disabled={!allowed}
          aria-describedby={allowed ? undefined : 'analyse-not-allowed'}
        >
          {tx('analyse')}
        </Button>
        {allowed ? null : (
          <Text id="analyse-not-allowed" size="sm" c="dimmed" mt={4}>
            {tx('noAi', { role })}
          </Text>
        )}
      </div>
      {analyse.isError ? <Alert role="alert">{errorText(analyse.error, t('somethingWrong'))}</Alert> : null}
      {result ? (
        <Stack>
          <Text role="status">
            {tx('basedOn', {
              count: result.sessionCount,
              date: new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
                new Date(result.generatedAt),
              ),
            })}
          </Text>
          <Paper withBorder p="md">
            <Title order={2} size="h3" mb="sm">
              {tx('statistics')}
            </Title>
            <ScrollTable label={tx('statistics')}>
              <Table aria-label={tx('statistics')}>
                <Table.Tbody>
                  {[
                    [tx('sessions'), number.format(result.statistics.totalSessions)],
                    [tx('completed'), number.format(result.statistics.completedSessions)],
                    [tx('completionRate'), percent.format(result.statistics.completionRate)],
                    [tx('averageDuration'), seconds(result.statistics.averageDurationSeconds)],
                    [tx('medianDuration'), seconds(result.statistics.medianDurationSeconds)],
                    [tx('averageAnswers'), number.format(result.statistics.averageAnswersPerSession)],
                  ].map(([label, value]) => (
                    <Table.Tr key={label}>
                      <Table.Th scope="row">{label}</Table.Th>
                      <Table.Td>{value}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          </Paper>
          <Figure
            title={tx('overTime')}
            kind="bar"
            rows={result.sessionsOverTime}
            category={{ key: 'period', label: tx('period') }}
            series={[
              { key: 'started', label: tx('started'), color: COLORS.started },
              { key: 'completed', label: tx('completed'), color: COLORS.completed },
            ]}
            format={number.format}
          />
          <Figure
            title={tx('sentimentShare')}
            kind="bar"
            rows={SENTIMENTS.map((label) => ({
              label: tx(label),
              sessions: result.sentiment.distribution[label],
            }))}
            category={{ key: 'label', label: tx('sentiment') }}
            series={[{ key: 'sessions', label: tx('sessions'), color: COLORS.count }]}
            format={number.format}
          />
          {result.sentiment.trend.length > 0 ? (
            <Figure
              title={tx('sentimentTrend')}
              kind="line"
              rows={result.sentiment.trend}
              category={{ key: 'period', label: tx('period') }}
              series={[{ key: 'averageScore', label: tx('averageScore'), color: COLORS.score }]}
              format={number.format}
            />
          ) : null}
          {result.themes.length > 0 ? (
            <Figure
              title={tx('themes')}
              kind="bar"
              rows={result.themes}
              category={{ key: 'theme', label: tx('theme') }}
              series={[{ key: 'count', label: tx('sessions'), color: COLORS.count }]}
              format={number.format}
            />
          ) : null}
          <Paper withBorder p="md">
            <Stack gap="sm">
              <Title order={2} size="h3">
                {tx('summary')}
              </Title>
              <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{result.summary}</Text>
              {result.trends.length > 0 ? (
                <>
                  <Title order={3} size="h5">
                    {tx('trends')}
                  </Title>
                  <List>
                    {result.trends.map((trend) => (
                      <List.Item key={trend}>{trend}</List.Item>
                    ))}
                  </List>
                </>
              ) : null}
              {result.keyInsights.length > 0 ? (
                <>
                  <Title order={3} size="h5">
                    {tx('keyInsights')}
                  </Title>
                  <List>
                    {result.keyInsights.map((insight) => (
                      <List.Item key={insight}>{insight}</List.Item>
                    ))}
                  </List>
                </>
              ) : null}
            </Stack>
          </Paper>
        </Stack>
      ) : null}
      <AnalyticsChat
        heading={tx('chat')}
        stream={(message) => streamInsightsChat(smartFormId, message, history)}
      />
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={2} size="h3">
            {tx('exportHeading')}
          </Title>
          <ExportButtons download={(format) => downloadSessions(smartFormId, format)} />
        </Stack>
      </Paper>
    </SmartFormFrame>
  );
}
