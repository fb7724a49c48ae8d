import { Badge, Button, Group, List, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { client } from '../../api.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { useI18n } from '../../i18n/i18n.js';
import { useTexts } from '../../i18n/texts.js';
import { draftTexts } from './draft-texts.js';
import { useRevisions } from './queries.js';

/**
 * The live form's revisions, newest first, with when and by whom; one can be restored (live at
 * once, as a new revision) after a confirmation. The builder then starts over (`onRestored`).
 */
export function RevisionHistory({
  formId,
  liveRevision,
  canWrite,
  onRestored,
}: {
  formId: string;
  liveRevision: number | null;
  canWrite: boolean;
  onRestored: () => void;
}) {
  const t = useTexts(draftTexts);
  const { language } = useI18n();
  const query = useRevisions(formId);
  const [restoring, setRestoring] = useState<number | undefined>(undefined);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });

  if (query.isPending) return <Loader size="sm" role="status" />;
  if (query.isError) return <Text role="alert">{t('actionFailed', { message: query.error.message })}</Text>;
  const revisions = query.data.revisions;

  async function restore(revision: number) {
    setPending(true);
    setError(undefined);
    try {
      await client.forms.revisions.restore(formId, revision);
      setRestoring(undefined);
      onRestored();
    } catch (e) {
      setError(t('actionFailed', { message: e instanceof Error ? e.message : String(e) }));
    } finally {
      setPending(false);
    }
  }

  return (
    <Stack gap="sm">
      <Text size="sm">{t('historyIntro')}</Text>
      {revisions.length === 0 ? (
        <Text size="sm">{t('noRevisions')}</Text>
      ) : (
        <List listStyleType="none" spacing="xs" aria-label={t('tabHistory')}>
          {revisions.map((r) => {
            const when = date.format(new Date(r.publishedAt));
            const who =
              r.by === null ? undefined : r.by.type === 'key' ? t('apiKey') : (r.by.email ?? r.by.id);
            return (
              <List.Item key={r.revision}>
                <Group gap="xs" wrap="wrap">
                  <Text fw={600} size="sm">
                    {t('revisionLine', { n: r.revision })}
                  </Text>
                  {r.revision === liveRevision ? (
                    <Badge size="sm" variant="light" color="green" c="dark">
                      {t('liveRevision')}
                    </Badge>
                  ) : null}
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {who === undefined ? t('revisionByServer', { when }) : t('revisionBy', { when, who })}
                  </Text>
                  {canWrite && r.revision !== liveRevision ? (
                    <Button size="xs" variant="default" onClick={() => setRestoring(r.revision)}>
                      {t('restore', { n: r.revision })}
                    </Button>
                  ) : null}
                </Group>
              </List.Item>
            );
          })}
        </List>
      )}
      <ConfirmDialog
        opened={restoring !== undefined}
        title={t('restoreTitle', { n: restoring ?? 0 })}
        confirmLabel={t('restore', { n: restoring ?? 0 })}
        pending={pending}
        {...(error === undefined ? {} : { error })}
        onConfirm={() => void (restoring === undefined ? undefined : restore(restoring))}
        onClose={() => setRestoring(undefined)}
      >
        {t('restoreBody', { n: restoring ?? 0 })}
      </ConfirmDialog>
    </Stack>
  );
}
