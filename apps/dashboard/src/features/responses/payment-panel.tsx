import type { ResponsePayment } from '@formloom/contract';
import { roleAllows } from '@formloom/sdk';
import { Button, Paper, Radio, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { errorText } from '../../components/error-text.js';
import { useI18n } from '../../i18n/i18n.js';
import { useTexts } from '../../i18n/texts.js';
import { useMe } from '../auth/queries.js';
import { formatMoney, refundable, refundMinorUnits } from './payment-money.js';
import { paymentTexts } from './payment-texts.js';
import { useRefundPayment } from './queries.js';

/**
 * A paid response's payment: its status, the amount in the response's currency, what was refunded
 * and Stripe's payment id; members who may manage payments refund all that is left or a part of
 * it (typed in major units), after a confirmation.
 */
export function PaymentPanel({
  formId,
  responseId,
  payment,
}: {
  formId: string;
  responseId: string;
  payment: ResponsePayment;
}) {
  const tx = useTexts(paymentTexts);
  const { t, language } = useI18n();
  const role = useMe().data?.role ?? 'viewer';
  const refund = useRefundPayment(formId, responseId);
  const [confirming, setConfirming] = useState(false);
  const [whole, setWhole] = useState('all');
  const [typed, setTyped] = useState('');
  const [tried, setTried] = useState(false);
  const [done, setDone] = useState<string | undefined>();
  const money = (amount: number) => formatMoney(amount, payment.currency, language);
  const left = refundable(payment);
  const part = refundMinorUnits(typed, payment.currency);
  const partInvalid = whole === 'part' && (part === undefined || part > left);
  const mayRefund = roleAllows(role, 'payments.manage');
  const canRefund =
    payment.paymentIntentId !== null &&
    left > 0 &&
    (payment.status === 'succeeded' || payment.status === 'partially_refunded');

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="response-payment">
      <Title order={2} size="h3" mb="sm" id="response-payment">
        {tx('payment')}
      </Title>
      <Table>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row">{tx('status')}</Table.Th>
            <Table.Td>{tx(payment.status)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">{tx('amount')}</Table.Th>
            <Table.Td>{money(payment.amount)}</Table.Td>
          </Table.Tr>
          {payment.refundedAmount ? (
            <Table.Tr>
              <Table.Th scope="row">{tx('refundedSoFar')}</Table.Th>
              <Table.Td>{money(payment.refundedAmount)}</Table.Td>
            </Table.Tr>
          ) : null}
          <Table.Tr>
            <Table.Th scope="row">{tx('paymentId')}</Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{payment.paymentIntentId ?? '–'}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Stack mt="sm" gap="xs">
        {canRefund && mayRefund ? (
          <div>
            <Button
              color="red"
              variant="light"
              onClick={() => {
                refund.reset();
                setTried(false);
                setDone(undefined);
                setConfirming(true);
              }}
            >
              {tx('refund')}
            </Button>
          </div>
        ) : null}
        {canRefund && !mayRefund ? (
          <Text size="sm" c="dimmed">
            {tx('noRefund', { role })}
          </Text>
        ) : null}
        <Text role="status" size="sm">
          {done ?? ''}
        </Text>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={tx('refundTitle')}
        confirmLabel={tx('refund')}
        pending={refund.isPending}
        error={refund.isError ? errorText(refund.error, t('somethingWrong')) : undefined}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setTried(true);
          if (partInvalid) return;
          refund.mutate(whole === 'part' ? part : undefined, {
            onSuccess: (next) => {
              setConfirming(false);
              setTyped('');
              setWhole('all');
              setDone(tx('refundDone', { status: tx(next.status) }));
            },
          });
        }}
      >
        <Stack>
          <Text style={{ overflowWrap: 'anywhere' }}>{tx('refundText')}</Text>
          <Radio.Group label={tx('refundWhat')} value={whole} onChange={setWhole}>
            <Stack gap="xs" mt="xs">
              <Radio value="all" label={tx('refundAll', { amount: money(left) })} />
              <Radio value="part" label={tx('refundPart')} />
            </Stack>
          </Radio.Group>
          {whole === 'part' ? (
            <TextInput
              label={tx('refundAmount', { currency: payment.currency })}
              inputMode="decimal"
              autoComplete="off"
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
              error={tried && partInvalid ? tx('refundRange', { amount: money(left) }) : undefined}
            />
          ) : null}
        </Stack>
      </ConfirmDialog>
    </Paper>
  );
}
