import type { SmartFormStatus } from '@formloom/contract';
import { Badge } from '@mantine/core';
import { useI18n } from '../../i18n/i18n.js';

const STATUS = {
  draft: { key: 'DRAFT', color: 'gray' },
  published: { key: 'PUBLISHED', color: 'green' },
} as const;

/** A smart form's status, in the words and colours the forms list uses. */
export function StatusBadge({ status }: { status: SmartFormStatus }) {
  const { t } = useI18n();
  return (
    <Badge color={STATUS[status].color} variant="light" c="dark">
      {t(STATUS[status].key)}
    </Badge>
  );
}
