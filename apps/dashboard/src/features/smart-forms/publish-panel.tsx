import type { SmartFormDetail, UnpublishMode } from '@formloom/contract';
import {
  Alert,
  Anchor,
  Button,
  CopyButton,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type ReactElement, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { errorText } from '../../components/error-text.js';
import { useFocusRescue } from '../../components/focus-rescue.js';
import { useI18n } from '../../i18n/i18n.js';
import { useTexts } from '../../i18n/texts.js';
import { navigate, pathTo } from '../../navigation.js';
import { useDeleteSmartForm, usePublishSmartForm, useUnpublishSmartForm } from './queries.js';
import { StatusBadge } from './status-badge.js';
import { smartFormsTexts } from './texts.js';

type Confirming = UnpublishMode | 'delete' | undefined;

/**
 * Publishing a smart form (docs/decisions.md "Smart-form interviews"): publish shows the public link;
 * unpublish is soft (running interviews finish) or hard (they end at once), each after a confirmation; delete
 * likewise. `gate` wraps a write control so a role that may not use it sees it disabled, with the reason.
 */
export function PublishPanel({
  form,
  canWrite,
  gate,
}: {
  form: SmartFormDetail;
  canWrite: boolean;
  gate: (control: ReactElement) => ReactElement;
}) {
  const { t } = useI18n();
  const tx = useTexts(smartFormsTexts);
  const publish = usePublishSmartForm(form.id);
  const unpublish = useUnpublishSmartForm(form.id);
  const remove = useDeleteSmartForm();
  const [confirming, setConfirming] = useState<Confirming>();
  const [notice, setNotice] = useState<string | undefined>();
  const failure = publish.error ?? unpublish.error ?? remove.error;
  const published = form.status === 'published';
  const { stats } = form;
  // Publish turns into Unpublish (and back): the keyboard stays on the buttons, not the page.
  const actions = useRef<HTMLDivElement>(null);
  useFocusRescue(actions, `${form.status}:${publish.isPending}:${unpublish.isPending}`);

  const doUnpublish = (mode: UnpublishMode) =>
    unpublish.mutate(mode, {
      onSuccess: () => setNotice(tx(mode === 'hard' ? 'unpublishedHard' : 'unpublishedSoft')),
      onSettled: () => setConfirming(undefined),
    });

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="smart-form-publishing">
      <Stack>
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h3" id="smart-form-publishing">
            {tx('publishing')}
          </Title>
          <StatusBadge status={form.status} />
        </Group>
        <Text>{published ? tx('statusPublished') : tx('statusDraft')}</Text>
        <Text size="sm">
          {tx('stats', {
            total: stats.totalSessions,
            active: stats.activeSessions,
            completed: stats.completedSessions,
            abandoned: stats.abandonedSessions,
          })}
        </Text>
        {published && form.publicUrl !== null ? (
          <Stack gap="xs">
            <Group align="flex-end" wrap="wrap" gap="xs">
              <TextInput label={tx('link')} value={form.publicUrl} readOnly style={{ flex: '1 1 14rem' }} />
              <CopyButton value={form.publicUrl}>
                {({ copied, copy }) => (
                  <Button
                    variant="default"
                    size="xs"
                    onClick={copy}
                    aria-label={tx('copyNamed', { name: tx('link') })}
                  >
                    {copied ? tx('copied') : tx('copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
            {/* Another page, not one of the app's: a plain link, opened in a new tab. */}
            <Anchor href={form.publicUrl} target="_blank" rel="noopener">
              {tx('open')}
            </Anchor>
          </Stack>
        ) : null}
        <div aria-live="polite">{notice !== undefined ? <Text>{notice}</Text> : null}</div>
        {failure ? <Alert role="alert">{errorText(failure, t('somethingWrong'))}</Alert> : null}
        <Group gap="xs" wrap="wrap" ref={actions}>
          {published ? (
            <>
              {gate(
                <Button variant="default" disabled={!canWrite} onClick={() => setConfirming('soft')}>
                  {tx('unpublishSoft')}
                </Button>,
              )}
              {gate(
                <Button
                  color="red"
                  variant="outline"
                  disabled={!canWrite}
                  onClick={() => setConfirming('hard')}
                >
                  {tx('unpublishHard')}
                </Button>,
              )}
            </>
          ) : (
            gate(
              <Button
                disabled={!canWrite}
                loading={publish.isPending}
                onClick={() =>
                  publish.mutate(undefined, { onSuccess: () => setNotice(tx('publishedNotice')) })
                }
              >
                {tx('publish')}
              </Button>,
            )
          )}
          {gate(
            <Button color="red" variant="subtle" disabled={!canWrite} onClick={() => setConfirming('delete')}>
              {tx('delete')}
            </Button>,
          )}
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming === 'soft' || confirming === 'hard'}
        onClose={() => setConfirming(undefined)}
        title={tx(confirming === 'hard' ? 'hardTitle' : 'softTitle', { title: form.title })}
        confirmLabel={tx(confirming === 'hard' ? 'unpublishHard' : 'unpublishSoft')}
        pending={unpublish.isPending}
        onConfirm={() => doUnpublish(confirming === 'hard' ? 'hard' : 'soft')}
      >
        {tx(confirming === 'hard' ? 'hardText' : 'softText')}
      </ConfirmDialog>
      <ConfirmDialog
        opened={confirming === 'delete'}
        onClose={() => setConfirming(undefined)}
        title={tx('deleteTitle', { title: form.title })}
        confirmLabel={tx('deleteConfirm')}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(form.id, {
            onSuccess: () => navigate(pathTo('/smart-forms')),
            onSettled: () => setConfirming(undefined),
          })
        }
      >
        {tx('deleteText')}
      </ConfirmDialog>
    </Paper>
  );
}
