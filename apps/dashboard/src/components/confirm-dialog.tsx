import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useI18n } from '../i18n/i18n.js';

/**
 * A destructive action's confirmation: a named dialog whose Cancel has focus first (so Enter
 * does not destroy), closed by Escape, with the action's button in red. `pending` shows the
 * action running; the caller closes the dialog when the action succeeds or settles. A failed
 * action's `error` is announced above the buttons, so the member can try again or cancel.
 */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  pending = false,
  error,
  cancelLabel,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  /** What will happen, in words; long names wrap anywhere. */
  children: ReactNode;
  confirmLabel: string;
  pending?: boolean;
  /** What went wrong with the last try, in words. */
  error?: string;
  /** The page's own word for Cancel where it has one (default: the shell's). */
  cancelLabel?: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  return (
    <Modal opened={opened} onClose={onClose} title={title} closeButtonProps={{ 'aria-label': t('close') }}>
      <Stack>
        {typeof children === 'string' ? (
          <Text style={{ overflowWrap: 'anywhere' }}>{children}</Text>
        ) : (
          children
        )}
        {error !== undefined && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {cancelLabel ?? t('cancel')}
          </Button>
          <Button color="red" loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
