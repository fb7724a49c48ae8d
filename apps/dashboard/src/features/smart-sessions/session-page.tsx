import { Badge, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '../../components/link.js';
import { PageLoading } from '../../components/page-state.js';
import { useI18n } from '../../i18n/i18n.js';
import { useTexts } from '../../i18n/texts.js';
import { pathTo } from '../../navigation.js';
import type { PageProps } from '../../routes.js';
import { useSmartForm } from '../smart-forms/queries.js';
import { useSession } from './queries.js';
import { sessionsTexts } from './texts.js';

/**
 * One interview: who said what and when (every text rendered as text), then the AI's analysis as
 * the API gives it: summary, sentiment, themes and the answers mapped onto the reference JSON.
 */
export default function SessionPage({ params }: PageProps) {
  const smartFormId = params.smartFormId!;
  const sessionId = params.sessionId!;
  const tx = useTexts(sessionsTexts);
  const { language } = useI18n();
  const smartForm = useSmartForm(smartFormId);
  const session = useSession(smartFormId, sessionId);
  const when = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const back = (
    <Link to={pathTo('/smart-forms/:smartFormId/sessions', { smartFormId })}>{tx('backToSessions')}</Link>
  );

  if (smartForm.isPending || session.isPending) return <PageLoading />;
  if (smartForm.isError || session.isError)
    return (
      <Stack>
        {back}
        <Title order={1} size="h2">
          {tx('sessions')}
        </Title>
        <Text role="alert">{smartForm.isError ? tx('notFound') : tx('sessionNotFound')}</Text>
      </Stack>
    );

  const s = session.data;
  const analysis = s.analysis;
  const time = (iso: string) => <time dateTime={iso}>{when.format(new Date(iso))}</time>;
  return (
    <Stack>
      {back}
      <div>
        <Title order={1} size="h2">
          {tx('session', { date: when.format(new Date(s.startedAt)) })}
        </Title>
        <Text c="dimmed">{smartForm.data.title}</Text>
      </div>
      <Group gap="xs" wrap="wrap">
        <Badge variant="light" c="dark" color={s.status === 'completed' ? 'green' : 'gray'}>
          {tx(s.status)}
        </Badge>
        <Text size="sm">{tx('answersOf', { answered: s.answeredCount, total: s.questionCount })}</Text>
      </Group>

      <Paper withBorder p="md">
        <Title order={2} size="h3" mb="sm">
          {tx('transcript')}
        </Title>
        <Stack component="ol" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
          {s.transcript.map((entry) => (
            <li key={entry.questionId}>
              <Title order={3} size="h5">
                {tx('question', { index: entry.index })}
              </Title>
              <Text size="sm" c="dimmed">
                {tx('interviewer')} · {time(entry.askedAt)}
              </Text>
              <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{entry.question}</Text>
              <Text size="sm" c="dimmed" mt={4}>
                {tx('respondent')}
                {entry.answeredAt ? <> · {time(entry.answeredAt)}</> : null}
              </Text>
              {entry.answer === null ? (
                <Text c="dimmed">{tx('notAnswered')}</Text>
              ) : (
                <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{entry.answer}</Text>
              )}
            </li>
          ))}
        </Stack>
      </Paper>

      <Paper withBorder p="md">
        <Title order={2} size="h3" mb="sm">
          {tx('analysis')}
        </Title>
        {analysis === null ? (
          <Text>{tx('noAnalysis')}</Text>
        ) : (
          <Stack gap="sm">
            <div>
              <Title order={3} size="h5">
                {tx('summary')}
              </Title>
              <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{analysis.summary}</Text>
            </div>
            <div>
              <Title order={3} size="h5">
                {tx('sentiment')}
              </Title>
              <Text>
                {tx(analysis.sentiment.label)} ({tx('score', { score: analysis.sentiment.score })})
              </Text>
            </div>
            {analysis.keyThemes.length > 0 ? (
              <div>
                <Title order={3} size="h5">
                  {tx('keyThemes')}
                </Title>
                <ul>
                  {analysis.keyThemes.map((theme) => (
                    <li key={theme}>{theme}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            {analysis.mappedAnswers ? (
              <div>
                <Title order={3} size="h5">
                  {tx('mappedAnswers')}
                </Title>
                <Code block tabIndex={0} role="region" aria-label={tx('mappedAnswers')}>
                  {JSON.stringify(analysis.mappedAnswers, null, 2)}
                </Code>
              </div>
            ) : null}
          </Stack>
        )}
      </Paper>
      <Text size="sm" c="dimmed">
        {tx('sessionId')}: {s.id}
        {s.language ? ` · ${tx('language')}: ${s.language}` : ''}
        {s.respondentEmail ? ` · ${tx('email')}: ${s.respondentEmail}` : ''}
      </Text>
    </Stack>
  );
}
