import { Alert, Button, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { errorText } from '../../components/error-text.js';
import { useI18n } from '../../i18n/i18n.js';
import { useTexts } from '../../i18n/texts.js';
import { useSetAllowedOrigins } from '../forms/queries.js';
import { shareTexts } from './texts.js';

/**
 * The lines of the origins field as origins, each as a browser sends it in `Origin`
 * (`https://Shop.example/` is taken as `https://shop.example`), or the first line that is none.
 */
export function parseOrigins(text: string): { origins: string[] } | { invalid: string } {
  const origins: string[] = [];
  for (const line of text.split('\n').map((l) => l.trim())) {
    if (line === '') continue;
    let url: URL;
    try {
      url = new URL(line);
    } catch {
      return { invalid: line };
    }
    const bare = url.pathname === '/' && url.search === '' && url.hash === '' && url.username === '';
    if (!bare || (url.protocol !== 'https:' && url.protocol !== 'http:')) return { invalid: line };
    if (!origins.includes(url.origin)) origins.push(url.origin);
  }
  return { origins };
}

/**
 * Which sites may embed the form (docs/embedding.md "Which origins may use a form"): one origin per line,
 * empty for any.
 */
export function AllowedOrigins({
  formId,
  saved,
  canWrite,
}: {
  formId: string;
  saved: readonly string[];
  canWrite: boolean;
}) {
  const tx = useTexts(shareTexts);
  const { t } = useI18n();
  const [text, setText] = useState(saved.join('\n'));
  const [invalid, setInvalid] = useState<string | undefined>();
  const update = useSetAllowedOrigins();

  const save = () => {
    const parsed = parseOrigins(text);
    if ('invalid' in parsed) {
      setInvalid(tx('originsInvalid', { value: parsed.invalid }));
      return;
    }
    setInvalid(undefined);
    setText(parsed.origins.join('\n'));
    update.mutate({ id: formId, origins: parsed.origins });
  };

  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={2} size="h3">
          {tx('origins')}
        </Title>
        <Textarea
          label={tx('originsLabel')}
          description={tx('originsHint')}
          placeholder="https://shop.example"
          autosize
          minRows={2}
          value={text}
          disabled={!canWrite}
          error={invalid}
          onChange={(event) => {
            setText(event.currentTarget.value);
            update.reset();
          }}
        />
        <div>
          <Button variant="default" disabled={!canWrite} loading={update.isPending} onClick={save}>
            {tx('originsSave')}
          </Button>
        </div>
        <Text size="sm" role="status" aria-live="polite">
          {update.isSuccess ? tx('originsSaved') : ''}
        </Text>
        {update.error ? <Alert role="alert">{errorText(update.error, t('somethingWrong'))}</Alert> : null}
      </Stack>
    </Paper>
  );
}
