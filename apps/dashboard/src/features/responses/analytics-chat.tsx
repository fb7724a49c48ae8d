import { roleAllows } from '@formloom/sdk';
import { Alert, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { errorText } from '../../components/error-text.js';
import { useI18n } from '../../i18n/i18n.js';
import { useTexts } from '../../i18n/texts.js';
import { useMe } from '../auth/queries.js';
import { responsesTexts } from './texts.js';

/** What a chat's stream says: a piece of the answer, the whole answer, or why there is none. */
export type ChatEvent =
  | { event: 'chunk'; text: string }
  | { event: 'done'; text: string }
  | { event: 'error'; message: string };

/**
 * An AI chat about a form's data: the answer is streamed (server-sent events through the SDK) into
 * a polite live region as it is written. `stream` asks one question; it keeps whatever the
 * conversation needs for follow-ups (the responses' chat session, the interviews' history).
 */
export function AnalyticsChat({
  heading,
  stream,
}: {
  heading: string;
  stream: (question: string) => AsyncIterable<ChatEvent>;
}) {
  const tx = useTexts(responsesTexts);
  const { t } = useI18n();
  const role = useMe().data?.role ?? 'viewer';
  const allowed = roleAllows(role, 'ai.use');
  const [question, setQuestion] = useState('');
  const [answer, setAnswer] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();

  const ask = async () => {
    setBusy(true);
    setFailure(undefined);
    setAnswer('');
    try {
      for await (const event of stream(question.trim())) {
        if (event.event === 'chunk') setAnswer((text) => text + event.text);
        else if (event.event === 'done') setAnswer(event.text);
        else setFailure(event.message);
      }
    } catch (error) {
      setFailure(errorText(error, t('somethingWrong')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={2} size="h3">
          {heading}
        </Title>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (question.trim() !== '' && !busy) void ask();
          }}
        >
          <Stack gap="xs">
            <Textarea
              label={tx('question')}
              description={allowed ? undefined : tx('noAi', { role })}
              value={question}
              onChange={(e) => setQuestion(e.currentTarget.value)}
              disabled={!allowed}
              autosize
              minRows={2}
              maxLength={2000}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={busy} disabled={!allowed}>
                {tx('ask')}
              </Button>
            </Group>
          </Stack>
        </form>
        {failure ? <Alert role="alert">{failure}</Alert> : null}
        <section aria-label={tx('answer')} aria-live="polite" aria-busy={busy}>
          {busy && answer === '' ? <Text c="dimmed">{tx('answering')}</Text> : null}
          {answer === '' ? null : <Text style={{ whiteSpace: 'pre-wrap' }}>{answer}</Text>}
        </section>
      </Stack>
    </Paper>
  );
}
