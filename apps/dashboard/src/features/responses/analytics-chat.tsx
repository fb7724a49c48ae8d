import { roleAllows } from '@formloom/sdk';
import { Alert, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { client } from '../../api.js';
import { errorText } from '../../components/error-text.js';
import { useI18n } from '../../i18n/i18n.js';
import { useTexts } from '../../i18n/texts.js';
import { useMe } from '../auth/queries.js';
import { responsesTexts } from './texts.js';

/**
 * The analytics chat: the answer is streamed (server-sent events through the SDK) into a polite
 * live region as it is written; follow-ups continue the same chat session.
 */
export function AnalyticsChat({ formId }: { formId: string }) {
  const tx = useTexts(responsesTexts);
  const { t } = useI18n();
  const role = useMe().data?.role ?? 'viewer';
  const allowed = roleAllows(role, 'ai.use');
  const [question, setQuestion] = useState('');
  const [answer, setAnswer] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  const sessionId = useRef<string | undefined>(undefined);

  const ask = async () => {
    setBusy(true);
    setFailure(undefined);
    setAnswer('');
    try {
      const body = {
        message: question.trim(),
        ...(sessionId.current ? { sessionId: sessionId.current } : {}),
      };
      for await (const { event, data } of client.analytics.chatStream(formId, body)) {
        if (event === 'session') sessionId.current = data.sessionId;
        else if (event === 'chunk') setAnswer((text) => text + data.text);
        else if (event === 'done') setAnswer(data.message);
        else if (event === 'error') setFailure(data.message);
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
          {tx('chat')}
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
