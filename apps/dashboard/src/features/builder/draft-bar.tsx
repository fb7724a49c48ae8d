import { ConflictError } from '@formloom/sdk';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { client } from '../../api.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { useTexts } from '../../i18n/texts.js';
import { draftTexts } from './draft-texts.js';

/**
 * A live form's draft (docs/server.md "Revisions and drafts"): says that edits stay a draft, and
 * once there is one, publishes it as one revision or discards it. A publish refused because the
 * live form moved on since the draft began says so; either way the builder starts over from what
 * is stored (`onDone`).
 */
export function DraftBar({
  formId,
  hasDraft,
  saving,
  canWrite,
  onDone,
}: {
  formId: string;
  hasDraft: boolean;
  /** A save is under way or waiting: publishing now would miss the last edits. */
  saving: boolean;
  canWrite: boolean;
  onDone: () => void;
}) {
  const t = useTexts(draftTexts);
  const [pending, setPending] = useState<'publish' | 'discard' | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [confirming, setConfirming] = useState(false);

  async function run(kind: 'publish' | 'discard') {
    setPending(kind);
    setError(undefined);
    try {
      if (kind === 'publish') await client.forms.draft.publish(formId);
      else await client.forms.draft.discard(formId);
      setConfirming(false);
      onDone();
    } catch (e) {
      setError(
        e instanceof ConflictError
          ? t('publishConflict')
          : t('actionFailed', { message: e instanceof Error ? e.message : String(e) }),
      );
    } finally {
      setPending(undefined);
    }
  }

  return (
    <Alert color={hasDraft ? 'yellow' : 'blue'} variant="light" data-testid="draft-bar">
      <Stack gap="xs">
        <Text size="sm" c="var(--mantine-color-text)">
          {hasDraft ? t('draftPending') : t('draftIntro')}
        </Text>
        {error !== undefined && !confirming ? (
          <Text size="sm" role="alert" c="var(--mantine-color-error)">
            {error}
          </Text>
        ) : null}
        {hasDraft && canWrite ? (
          <Group gap="xs" wrap="wrap">
            <Button
              size="xs"
              loading={pending === 'publish'}
              disabled={saving || pending !== undefined}
              onClick={() => void run('publish')}
            >
              {t('publishChanges')}
            </Button>
            <Button
              size="xs"
              variant="default"
              disabled={pending !== undefined}
              onClick={() => {
                setError(undefined);
                setConfirming(true);
              }}
            >
              {t('discardChanges')}
            </Button>
          </Group>
        ) : null}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('discardTitle')}
        confirmLabel={t('discardChanges')}
        pending={pending === 'discard'}
        {...(error === undefined ? {} : { error })}
        onConfirm={() => void run('discard')}
        onClose={() => setConfirming(false)}
      >
        {t('discardBody')}
      </ConfirmDialog>
    </Alert>
  );
}
