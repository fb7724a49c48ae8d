import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/min';
import type { PhoneNumbering } from './phone-numbering.js';

/** libphonenumber-js's `min` metadata, the same set on the server and in browsers. */
export const PHONE_NUMBERING: PhoneNumbering = {
  e164(text, country) {
    const parsed = parsePhoneNumberFromString(text, country as CountryCode | undefined);
    return parsed?.isValid() === true ? parsed.number : undefined;
  },
  country: (e164) => parsePhoneNumberFromString(e164)?.country,
  isCountry: (code) => isSupportedCountry(code),
  countries: () => getCountries().map((c) => [c, getCountryCallingCode(c)] as const),
};
