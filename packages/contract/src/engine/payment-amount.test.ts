import { describe, expect, it } from 'vitest';
import { formatMinorUnits, toMinorUnits } from '../models/currencies.js';
import type { FormSchema } from '../models/form-schema.js';
import { paymentAmount } from './payment-amount.js';

function form(payment: Record<string, unknown>, variables: FormSchema['variables'] = []): FormSchema {
  return {
    version: '1.0',
    schemaVersion: '2024-01-01',
    meta: { title: 'Order', language: 'en' },
    sections: [{ id: 's', title: 'S', order: 0 }],
    fields: [
      { id: 'qty', sectionId: 's', type: 'number', label: 'How many', order: 0 },
      { id: 'pay', sectionId: 's', type: 'payment', label: 'Pay', order: 1, payment: payment as never },
    ],
    variables,
  } as FormSchema;
}

const priced = (currency: string, price: number) =>
  form({ amountVariable: 'total', currency }, [
    { id: 'total', type: 'number', expression: { '*': [{ var: 'qty' }, price] } },
  ]);

describe('paymentAmount', () => {
  it('charges a fixed amount whatever the answers', () => {
    expect(paymentAmount(form({ amount: 1200, currency: 'EUR', description: 'Ticket' }), { qty: 9 })).toEqual(
      {
        fieldId: 'pay',
        amount: 1200,
        currency: 'EUR',
        description: 'Ticket',
      },
    );
  });

  it("rounds a variable's amount to the currency's minor units", () => {
    expect(paymentAmount(priced('EUR', 4.995), { qty: 3 })?.amount).toBe(1499);
    expect(paymentAmount(priced('JPY', 1500), { qty: 3 })?.amount).toBe(4500);
    expect(paymentAmount(priced('JPY', 10.6), { qty: 1 })?.amount).toBe(11);
    expect(paymentAmount(priced('KWD', 1.2345), { qty: 1 })?.amount).toBe(1235);
  });

  it('prices nothing when the variable gives no positive amount', () => {
    expect(paymentAmount(priced('EUR', 10), { qty: 0 })?.amount).toBeNull();
    expect(paymentAmount(priced('EUR', 10), {})?.amount).toBeNull();
    expect(paymentAmount(priced('EUR', -10), { qty: 2 })?.amount).toBeNull();
  });

  it('is undefined for a form without a payment field', () => {
    const plain = { ...form({ amount: 1, currency: 'EUR' }), fields: [] } as FormSchema;
    expect(paymentAmount(plain, {})).toBeUndefined();
  });
});

describe('minor units', () => {
  it('rounds on the decimals as written, half away from zero', () => {
    expect(toMinorUnits(1.005, 'EUR')).toBe(101);
    expect(toMinorUnits(12.5, 'EUR')).toBe(1250);
    expect(toMinorUnits(1.2345, 'KWD')).toBe(1235);
    expect(toMinorUnits(1e-7, 'EUR')).toBe(0);
    expect(toMinorUnits(5, 'ZZZ')).toBeUndefined();
    expect(toMinorUnits(Number.NaN, 'EUR')).toBeUndefined();
  });

  it('writes an amount with its decimals', () => {
    expect(formatMinorUnits(1200, 'EUR')).toBe('12.00 EUR');
    expect(formatMinorUnits(1500, 'JPY')).toBe('1500 JPY');
    expect(formatMinorUnits(1234, 'KWD')).toBe('1.234 KWD');
  });
});
