import { type FormListItem, roleAllows } from '@formloom/sdk';
import { Button, Menu } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTexts } from '../../i18n/texts.js';
import { navigate, pathTo } from '../../navigation.js';
import { useMe } from '../auth/queries.js';
import { importTexts } from './import-texts.js';
import {
  downloadDefinition,
  useArchiveForm,
  useDeleteForm,
  useDuplicateForm,
  useUnarchiveForm,
} from './queries.js';
import { formsTexts } from './texts.js';

// The confirmation loads when first asked for: a modal's code is not needed to show the list.
const ConfirmDialog = lazy(() =>
  import('../../components/confirm-dialog.js').then((m) => ({ default: m.ConfirmDialog })),
);

/** The id of a form's title link in the list, which its actions button is described by. */
export const formTitleId = (formId: string) => `form-title-${formId}`;

export interface FormActionResult {
  ok: boolean;
  text: string;
}

/**
 * A form's menu in the list: its share and responses pages, duplicate, archive or unarchive, and
 * delete after a confirmation. `canWrite`: the member's role may change forms (else only the
 * pages are offered). Each outcome is reported through `onDone`, which the list announces.
 */
export function FormActions({
  form,
  canWrite,
  onDone,
  describeError,
}: {
  form: FormListItem;
  canWrite: boolean;
  onDone: (result: FormActionResult) => void;
  describeError: (error: unknown) => string;
}) {
  const tx = useTexts(formsTexts);
  const ix = useTexts(importTexts);
  const [confirming, setConfirming] = useState(false);
  // Mounted from its first opening on, so closing it keeps Mantine's focus return.
  const [confirmWanted, setConfirmWanted] = useState(false);
  const duplicate = useDuplicateForm();
  const archive = useArchiveForm();
  const unarchive = useUnarchiveForm();
  const remove = useDeleteForm();
  const report = (text: string) => ({
    onSuccess: () => onDone({ ok: true, text }),
    onError: (error: unknown) => onDone({ ok: false, text: describeError(error) }),
  });
  const copyTitle = tx('copyOf', { title: form.title });
  const canReadDestinations = roleAllows(useMe().data?.role ?? 'viewer', 'webhooks.read');
  const go = (path: string) => () => navigate(pathTo(path, { formId: form.id }));

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          {/* Named "Actions" and described by the row's title: a name holding the title would make the
              title's cell and this one read alike. */}
          <Button variant="default" size="xs" aria-describedby={formTitleId(form.id)}>
            {tx('actions')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={go('/forms/:formId/share')}>{tx('share')}</Menu.Item>
          <Menu.Item onClick={go('/forms/:formId/responses')}>{tx('responses')}</Menu.Item>
          {/* Only for a role that may open the page (destinations are read as webhooks are). */}
          {canReadDestinations ? (
            <Menu.Item onClick={go('/forms/:formId/destinations')}>{tx('destinations')}</Menu.Item>
          ) : null}
          <Menu.Item
            onClick={() =>
              downloadDefinition(form.id, form.title).then(
                () => onDone({ ok: true, text: ix('exported', { title: form.title }) }),
                (error: unknown) => onDone({ ok: false, text: describeError(error) }),
              )
            }
          >
            {ix('exportDefinition')}
          </Menu.Item>
          {canWrite ? (
            <>
              <Menu.Divider />
              <Menu.Item
                onClick={() =>
                  duplicate.mutate(
                    { id: form.id, title: copyTitle },
                    report(tx('duplicated', { title: copyTitle })),
                  )
                }
              >
                {tx('duplicate')}
              </Menu.Item>
              {form.publishStatus === 'PUBLISHED' ? (
                <Menu.Item
                  onClick={() => archive.mutate(form.id, report(tx('archived', { title: form.title })))}
                >
                  {tx('archive')}
                </Menu.Item>
              ) : null}
              {form.publishStatus === 'ARCHIVED' ? (
                <Menu.Item
                  onClick={() => unarchive.mutate(form.id, report(tx('unarchived', { title: form.title })))}
                >
                  {tx('unarchive')}
                </Menu.Item>
              ) : null}
              <Menu.Item
                color="red"
                onClick={() => {
                  setConfirmWanted(true);
                  setConfirming(true);
                }}
              >
                {tx('delete')}
              </Menu.Item>
            </>
          ) : null}
        </Menu.Dropdown>
      </Menu>
      {confirmWanted ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            opened={confirming}
            onClose={() => setConfirming(false)}
            title={tx('deleteTitle', { title: form.title })}
            confirmLabel={tx('deleteConfirm')}
            pending={remove.isPending}
            onConfirm={() =>
              remove.mutate(form.id, {
                ...report(tx('deleted', { title: form.title })),
                onSettled: () => setConfirming(false),
              })
            }
          >
            {tx('deleteText')}
          </ConfirmDialog>
        </Suspense>
      ) : null}
    </>
  );
}
