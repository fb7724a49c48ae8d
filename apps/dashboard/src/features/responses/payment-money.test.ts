import { describe, expect, it } from 'vitest';
import { formatMoney, refundMinorUnits, toMajorUnits } from './payment-money.js';

describe('money of a payment in the dashboard', () => {
  it('reads a refund typed in major units by the currency’s decimals', () => {
    expect(refundMinorUnits('12.5', 'EUR')).toBe(1250);
    expect(refundMinorUnits('12,50', 'EUR')).toBe(1250);
    expect(refundMinorUnits(' 0.01 ', 'EUR')).toBe(1);
    expect(refundMinorUnits('1.005', 'EUR')).toBeUndefined();
    expect(refundMinorUnits('1500', 'JPY')).toBe(1500);
    expect(refundMinorUnits('15.5', 'JPY')).toBeUndefined();
    expect(refundMinorUnits('1.234', 'KWD')).toBe(1234);
    for (const refused of ['', '0', '0.00', '-5', 'ten', '1e3', '12.'])
      expect(refundMinorUnits(refused, 'EUR'), refused).toBeUndefined();
  });

  it('writes an amount as the language writes money, in the currency’s decimals', () => {
    expect(toMajorUnits(3750, 'EUR')).toBe(37.5);
    expect(formatMoney(3750, 'EUR', 'en')).toBe('€37.50');
    expect(formatMoney(3750, 'EUR', 'de')).toBe('37,50\u00a0€');
    expect(formatMoney(1500, 'JPY', 'en')).toBe('¥1,500');
    expect(formatMoney(1234, 'KWD', 'en')).toBe('KWD\u00a01.234');
  });
});
