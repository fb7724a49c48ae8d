import type { Destination } from '@formloom/sdk';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { DeliveryLog } from '../../components/delivery-log.js';
import { errorText } from '../../components/error-text.js';
import { useI18n } from '../../i18n/i18n.js';
import { ReplaceToken, type T } from './destination-forms.js';
import {
  DELIVERIES_PAGE_SIZE,
  useDeleteDestination,
  useDestinationDeliveries,
  useRedeliverToDestination,
  useUpdateDestination,
} from './queries.js';

const STATUS_COLOR = { active: 'green', paused: 'gray', failing: 'red' } as const;

/** How a destination is named on the page: its provider and where it writes, in words. */
function nameOf(destination: Destination, t: T): string {
  const target = destination.target;
  const where =
    'baseId' in target
      ? t('airtableTarget', { base: target.baseId, table: target.table })
      : 'dataSourceId' in target
        ? t('notionTarget', { id: target.dataSourceId })
        : t('sheetsTarget', { id: target.spreadsheetId, sheet: target.sheet });
  return `${t(destination.kind)}: ${where}`;
}

/**
 * One destination: what it writes to, its status (and what to do when it failed), pause or resume,
 * a new token, its delivery log, and disconnect after a confirmation. The write controls are
 * disabled for a role that may not change destinations.
 */
export function DestinationPanel({
  formId,
  destination,
  canWrite,
  t,
}: {
  formId: string;
  destination: Destination;
  canWrite: boolean;
  t: T;
}) {
  const { t: shell } = useI18n();
  const update = useUpdateDestination(formId);
  const remove = useDeleteDestination(formId);
  const [open, setOpen] = useState(false);
  const [replacing, setReplacing] = useState(false);
  const [tokenSaved, setTokenSaved] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const headingId = `destination-${destination.id}`;
  const name = nameOf(destination, t);
  const failure = update.error ?? remove.error;
  const status = destination.status;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h5" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          <Badge color={STATUS_COLOR[status]} variant="light" c="dark">
            {t(status)}
          </Badge>
        </Group>
        {status === 'failing' && <Text size="sm">{t('failingHint')}</Text>}
        {status === 'paused' && <Text size="sm">{t('pausedHint')}</Text>}
        {tokenSaved && (
          <Text size="sm" role="status">
            {t('tokenSaved')}
          </Text>
        )}
        {failure && (
          <Text role="alert">
            {t('failedAction', { message: errorText(failure, shell('somethingWrong')) })}
          </Text>
        )}
        {replacing && (
          <ReplaceToken
            formId={formId}
            destination={destination}
            name={name}
            t={t}
            onDone={(saved) => {
              setReplacing(false);
              setTokenSaved(saved);
            }}
          />
        )}
        <Group gap="xs" wrap="wrap">
          {status === 'active' ? (
            <Button
              variant="default"
              disabled={!canWrite}
              loading={update.isPending}
              onClick={() => update.mutate({ id: destination.id, enabled: false })}
            >
              {t('pause')}
            </Button>
          ) : (
            <Button
              disabled={!canWrite}
              loading={update.isPending}
              onClick={() => update.mutate({ id: destination.id, enabled: true })}
            >
              {t('resume')}
            </Button>
          )}
          {destination.kind !== 'google_sheets' && (
            <Button
              variant="default"
              disabled={!canWrite || replacing}
              aria-expanded={replacing}
              onClick={() => {
                setTokenSaved(false);
                setReplacing(true);
              }}
            >
              {t('replaceToken')}
            </Button>
          )}
          <Button
            variant="default"
            aria-expanded={open}
            aria-controls={`${headingId}-deliveries`}
            onClick={() => setOpen(!open)}
          >
            {t('showDeliveries')}
          </Button>
          <Button color="red" variant="outline" disabled={!canWrite} onClick={() => setConfirming(true)}>
            {t('disconnect')}
          </Button>
        </Group>
        <div id={`${headingId}-deliveries`}>
          {open && (
            <Deliveries formId={formId} destination={destination} name={name} canWrite={canWrite} t={t} />
          )}
        </div>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('confirm')}
        confirmLabel={t('confirm')}
        cancelLabel={t('cancel')}
        pending={remove.isPending}
        onConfirm={() => {
          // The log stops refreshing before its destination goes (a refresh after would be a 404).
          setOpen(false);
          remove.mutate(destination, { onSettled: () => setConfirming(false) });
        }}
      >
        {t('confirmDisconnect', { name })}
      </ConfirmDialog>
    </Paper>
  );
}

function Deliveries({
  formId,
  destination,
  name,
  canWrite,
  t,
}: {
  formId: string;
  destination: Destination;
  name: string;
  canWrite: boolean;
  t: T;
}) {
  const [page, setPage] = useState(1);
  const deliveries = useDestinationDeliveries(formId, destination.id, page);
  const redeliver = useRedeliverToDestination(formId, destination.id);
  const events: Record<string, Parameters<T>[0]> = {
    FORM_RESPONSE_CREATED: 'eventCreated',
    FORM_RESPONSE_UPDATED: 'eventUpdated',
    DESTINATION_BACKFILL: 'eventBackfill',
    DESTINATION_REMOVAL: 'eventRemoval',
  };
  return (
    <DeliveryLog
      label={t('deliveriesOf', { name })}
      log={deliveries}
      page={page}
      pageSize={DELIVERIES_PAGE_SIZE}
      onPage={setPage}
      canWrite={canWrite}
      redeliver={redeliver}
      eventName={(type) => (events[type] === undefined ? type : t(events[type]))}
    />
  );
}
