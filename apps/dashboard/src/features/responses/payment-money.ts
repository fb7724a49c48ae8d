import { currencyMinorUnits, type ResponsePayment, toMinorUnits } from '@formloom/contract';

/** Minor units (1250) in major units (12.5), by the currency's exponent (JPY 0, EUR 2, KWD 3). */
export function toMajorUnits(amount: number, currency: string): number {
  return amount / 10 ** (currencyMinorUnits(currency) ?? 2);
}

/** An amount in minor units as the member's language writes money ("12,50 €" in German). */
export function formatMoney(amount: number, currency: string, language: string): string {
  const digits = currencyMinorUnits(currency) ?? 2;
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(toMajorUnits(amount, currency));
}

/**
 * A refund typed in major units ("12,5" or "12.50") as minor units, or undefined when it is not an
 * amount of this currency: not a number, more decimals than the currency has, not above zero.
 */
export function refundMinorUnits(text: string, currency: string): number | undefined {
  const digits = currencyMinorUnits(currency) ?? 2;
  const written = text.trim().replace(',', '.');
  const pattern = digits === 0 ? /^\d+$/ : new RegExp(`^\\d+(\\.\\d{1,${digits}})?$`);
  if (!pattern.test(written)) return undefined;
  const minor = toMinorUnits(Number(written), currency);
  return minor !== undefined && minor > 0 ? minor : undefined;
}

/** What is left to refund of a payment, in minor units. */
export const refundable = (payment: ResponsePayment) => payment.amount - (payment.refundedAmount ?? 0);
