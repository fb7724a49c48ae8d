import type { Form, FormSchema, Language } from '@formloom/contract';
import { translationKeys } from '@formloom/contract/engine';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { client } from '../../api.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { errorText } from '../../components/error-text.js';
import { useI18n } from '../../i18n/i18n.js';
import { useTexts } from '../../i18n/texts.js';
import { useAiJob } from '../forms/queries.js';
import { useTranslateForm } from './queries.js';
import { builderTexts } from './texts.js';

/**
 * The AI translation of one language: "missing texts" fills only the texts the language lacks and
 * never replaces one; "all again" replaces them too, so it asks first when there are any. Offered
 * once every edit is saved (the job reads the stored form); when the job is done, the stored form
 * becomes the builder's.
 */
export function TranslateWithAi({
  formId,
  schema,
  language,
  languageName,
  enabled,
  adopt,
  onRunning,
}: {
  formId: string;
  schema: FormSchema;
  language: Language;
  languageName: string;
  /** Nothing waits to be saved, and the member may edit. */
  enabled: boolean;
  adopt: (form: Form, etag: string | undefined) => void;
  onRunning: (running: boolean) => void;
}) {
  const t = useTexts(builderTexts);
  const { t: shell } = useI18n();
  const translate = useTranslateForm(formId);
  const jobId = translate.data?.jobId;
  const job = useAiJob(jobId);
  const [confirming, setConfirming] = useState(false);
  const [adoptError, setAdoptError] = useState<unknown>(undefined);
  const adopted = useRef<string | undefined>(undefined);
  const status = job.data?.status ?? (jobId === undefined ? undefined : 'PENDING');
  const running = translate.isPending || status === 'PENDING' || status === 'PROCESSING';
  const table = schema.translations?.[language] ?? {};
  const has = translationKeys(schema).filter(({ key }) => (table[key] ?? '').trim() !== '').length;

  useEffect(() => onRunning(running), [running, onRunning]);

  // Done: the stored form, with its ETag for the next save, replaces the builder's copy (once).
  useEffect(() => {
    if (status !== 'DONE' || jobId === undefined || adopted.current === jobId) return;
    adopted.current = jobId;
    client.forms
      .retrieve(formId)
      .withResponse()
      .then(({ data, etag }) => adopt(data, etag), setAdoptError);
  }, [status, jobId, formId, adopt]);

  const start = (overwrite: boolean) => {
    setAdoptError(undefined);
    translate.mutate({ language, overwrite });
  };

  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap">
        <Button variant="light" disabled={!enabled || running} loading={running} onClick={() => start(false)}>
          {t('aiMissing')}
        </Button>
        <Button
          variant="default"
          disabled={!enabled || running}
          onClick={() => (has > 0 ? setConfirming(true) : start(true))}
        >
          {t('aiAll')}
        </Button>
      </Group>
      <div aria-live="polite">
        {running ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">{t('aiRunning')}</Text>
          </Group>
        ) : translate.isError || adoptError !== undefined ? (
          <Alert color="red" role="alert">
            {t('aiFailed', { reason: errorText(translate.error ?? adoptError, shell('somethingWrong')) })}
          </Alert>
        ) : status === 'FAILED' ? (
          <Alert color="red" role="alert">
            {t('aiFailed', { reason: job.data?.error ?? '' })}
          </Alert>
        ) : status === 'DONE' ? (
          <Text size="sm">{job.data?.ai?.offline ? `${t('aiDone')} ${t('aiOffline')}` : t('aiDone')}</Text>
        ) : null}
      </div>
      <ConfirmDialog
        opened={confirming}
        title={t('aiConfirmTitle', { language: languageName })}
        confirmLabel={t('aiConfirm')}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          start(true);
        }}
      >
        {t('aiConfirmBody', { count: has, language: languageName })}
      </ConfirmDialog>
    </Stack>
  );
}
