import { currencyMinorUnits, toMinorUnits } from '../models/currencies.js';
import type { Field, PaymentConfig } from '../models/field.js';
import type { FormSchema } from '../models/form-schema.js';
import { computeVariables } from './validate/validate-response.js';

/** What a payment field charges for a set of answers. */
export interface PaymentQuote {
  /** The id of the payment field. */
  readonly fieldId: string;
  /** In the currency's minor units (1250 is 12.50 EUR); `null` when the answers price nothing. */
  readonly amount: number | null;
  /** ISO 4217, upper case. */
  readonly currency: string;
  readonly description?: string | undefined;
}

/** The form's payment field (a form has at most one), if any. */
export function paymentField(schema: FormSchema): (Field & { payment: PaymentConfig }) | undefined {
  return schema.fields.find(
    (f): f is Field & { payment: PaymentConfig } => f.type === 'payment' && !!f.payment,
  );
}

/**
 * The amount a form's payment charges, in minor units, as the server computes it: the field's
 * fixed `amount`, or its `amountVariable` computed from the answers (a number in major units,
 * rounded to the currency's minor units). `amount` is `null` when the variable gives no positive
 * amount; `undefined` for a form without a payment field. What a client says it pays is never read.
 *
 * ```ts
 * paymentAmount(tickets, { qty: 3 }); // { fieldId: 'pay', amount: 4500, currency: 'JPY' } (3 × 1500)
 * ```
 */
export function paymentAmount(schema: FormSchema, answers: unknown): PaymentQuote | undefined {
  const field = paymentField(schema);
  if (field === undefined) return undefined;
  const { currency, description } = field.payment;
  const quote = { fieldId: field.id, currency, ...(description === undefined ? {} : { description }) };
  if (field.payment.amount !== undefined) return { ...quote, amount: field.payment.amount };
  const value = computeVariables(schema, answers)[field.payment.amountVariable ?? ''];
  const amount = typeof value === 'number' ? toMinorUnits(value, currency) : undefined;
  return {
    ...quote,
    amount: amount !== undefined && amount > 0 && currencyMinorUnits(currency) !== undefined ? amount : null,
  };
}
