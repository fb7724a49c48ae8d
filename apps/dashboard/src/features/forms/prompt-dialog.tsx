import { Alert, Badge, Button, Group, Loader, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { errorText } from '../../components/error-text.js';
import { Link } from '../../components/link.js';
import { useI18n } from '../../i18n/i18n.js';
import { useTexts } from '../../i18n/texts.js';
import { pathTo } from '../../navigation.js';
import { useAiJob, useGenerateForm } from './queries.js';
import { formsTexts } from './texts.js';

/**
 * Create a form from a prompt: the AI job is queued, its status shown as it is polled, and the
 * result opened from here. A form the offline provider made says so (the job's `ai.offline`).
 */
export function PromptDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const tx = useTexts(formsTexts);
  const { t } = useI18n();
  const [prompt, setPrompt] = useState('');
  const generate = useGenerateForm();
  const jobId = generate.data?.jobId;
  const job = useAiJob(jobId);
  const status = job.data?.status ?? (jobId === undefined ? undefined : 'PENDING');
  const running = generate.isPending || status === 'PENDING' || status === 'PROCESSING';
  const close = () => {
    generate.reset();
    setPrompt('');
    onClose();
  };

  return (
    <Modal
      closeButtonProps={{ 'aria-label': tx('close') }}
      opened={opened}
      onClose={close}
      title={tx('promptTitle')}
      size="lg"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (prompt.trim() !== '') generate.mutate({ prompt: prompt.trim() });
        }}
      >
        <Stack>
          <Textarea
            label={tx('promptLabel')}
            description={tx('promptHint')}
            value={prompt}
            onChange={(e) => setPrompt(e.currentTarget.value)}
            maxLength={400}
            autosize
            minRows={3}
            required
            disabled={running || status === 'DONE'}
            data-autofocus
          />
          {generate.isError ? (
            <Alert role="alert">{errorText(generate.error, t('somethingWrong'))}</Alert>
          ) : null}
          <div aria-live="polite">
            {status === 'PENDING' || status === 'PROCESSING' ? (
              <Group gap="xs">
                <Loader size="xs" />
                <Text>{tx(`job${status}`)}</Text>
              </Group>
            ) : status === 'FAILED' ? (
              <Alert role="alert">{tx('jobFAILED', { reason: job.data?.error ?? '' })}</Alert>
            ) : status === 'DONE' && job.data?.form ? (
              <Stack gap="xs">
                <Text>{tx('jobDONE', { title: job.data.form.title })}</Text>
                {job.data.ai?.offline ? (
                  <Stack gap={4}>
                    <Badge variant="light" color="yellow" c="dark">
                      {tx('offlineLabel')}
                    </Badge>
                    <Text size="sm">{tx('offlineHint')}</Text>
                  </Stack>
                ) : null}
                <Link to={pathTo('/forms/:formId', { formId: job.data.form.id })}>{tx('openForm')}</Link>
              </Stack>
            ) : null}
          </div>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {status === 'DONE' ? tx('close') : tx('cancel')}
            </Button>
            {status === 'DONE' ? null : (
              <Button type="submit" loading={running}>
                {tx('generate')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
