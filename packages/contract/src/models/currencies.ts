/**
 * The currencies a payment field takes (ISO 4217, the ones Stripe charges in) with their minor
 * units: how many decimals an amount has, so a price in major units rounds to what Stripe charges
 * (12.5 EUR is 1250 cents; 1500 JPY is 1500 yen; 1.234 KWD is 1234 fils). Zod-free, so the engine
 * reads it in the browser.
 */

/** Currencies without minor units: an amount is counted in whole units. */
const ZERO_DECIMAL = [
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
] as const;

/** Currencies with three decimals (thousandths). */
const THREE_DECIMAL = ['BHD', 'JOD', 'KWD', 'OMR', 'TND'] as const;

/** Currencies with two decimals (cents). */
const TWO_DECIMAL = [
  'AED',
  'AFN',
  'ALL',
  'AMD',
  'ANG',
  'AOA',
  'ARS',
  'AUD',
  'AWG',
  'AZN',
  'BAM',
  'BBD',
  'BDT',
  'BGN',
  'BMD',
  'BND',
  'BOB',
  'BRL',
  'BSD',
  'BWP',
  'BYN',
  'BZD',
  'CAD',
  'CDF',
  'CHF',
  'CNY',
  'COP',
  'CRC',
  'CVE',
  'CZK',
  'DKK',
  'DOP',
  'DZD',
  'EGP',
  'ETB',
  'EUR',
  'FJD',
  'FKP',
  'GBP',
  'GEL',
  'GIP',
  'GMD',
  'GTQ',
  'GYD',
  'HKD',
  'HNL',
  'HTG',
  'HUF',
  'IDR',
  'ILS',
  'INR',
  'ISK',
  'JMD',
  'KES',
  'KGS',
  'KHR',
  'KYD',
  'KZT',
  'LAK',
  'LBP',
  'LKR',
  'LRD',
  'LSL',
  'MAD',
  'MDL',
  'MKD',
  'MMK',
  'MNT',
  'MOP',
  'MUR',
  'MVR',
  'MWK',
  'MXN',
  'MYR',
  'MZN',
  'NAD',
  'NGN',
  'NIO',
  'NOK',
  'NPR',
  'NZD',
  'PAB',
  'PEN',
  'PGK',
  'PHP',
  'PKR',
  'PLN',
  'QAR',
  'RON',
  'RSD',
  'RUB',
  'SAR',
  'SBD',
  'SCR',
  'SEK',
  'SGD',
  'SHP',
  'SLE',
  'SOS',
  'SRD',
  'STD',
  'SZL',
  'THB',
  'TJS',
  'TOP',
  'TRY',
  'TTD',
  'TWD',
  'TZS',
  'UAH',
  'USD',
  'UYU',
  'UZS',
  'WST',
  'XCD',
  'YER',
  'ZAR',
  'ZMW',
] as const;

const MINOR_UNITS: ReadonlyMap<string, number> = new Map([
  ...ZERO_DECIMAL.map((c) => [c, 0] as const),
  ...TWO_DECIMAL.map((c) => [c, 2] as const),
  ...THREE_DECIMAL.map((c) => [c, 3] as const),
]);

/** The decimals of a currency's amounts (`EUR` 2, `JPY` 0, `KWD` 3); `undefined` for a code not taken. */
export function currencyMinorUnits(currency: string): number | undefined {
  return MINOR_UNITS.get(currency);
}

/** Whether a payment field may charge in this upper-case ISO 4217 code. */
export function isPaymentCurrency(currency: string): boolean {
  return MINOR_UNITS.has(currency);
}

/**
 * An amount in major units (12.5) as the currency's minor units (1250 for EUR), rounded half away
 * from zero on the decimal digits as written, so 1.005 EUR is 101 cents and not 100. `undefined`
 * for an unknown currency or an amount that is not a finite number.
 */
export function toMinorUnits(major: number, currency: string): number | undefined {
  const digits = currencyMinorUnits(currency);
  if (digits === undefined || !Number.isFinite(major)) return undefined;
  const written = String(Math.abs(major));
  // Shifting the decimal point in the text avoids 1.005 * 100 = 100.49999…
  const shifted = written.includes('e') ? Math.abs(major) * 10 ** digits : Number(`${written}e${digits}`);
  return Math.sign(major) * Math.round(shifted);
}

/** Minor units as the text a person reads ("12.00 EUR", "1500 JPY", "1.234 KWD"). */
export function formatMinorUnits(amount: number, currency: string): string {
  const digits = currencyMinorUnits(currency) ?? 2;
  return `${(amount / 10 ** digits).toFixed(digits)} ${currency}`;
}
