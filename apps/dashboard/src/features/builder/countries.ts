import { phoneNumbering } from '@formloom/contract/engine';
import { countryNames } from '@formloom/contract/engine/parts';
import { useMemo } from 'react';
import { useI18n } from '../../i18n/i18n.js';

export interface CountryOption {
  /** ISO 3166-1 alpha-2, upper case. */
  value: string;
  /** The country's name in the dashboard's language. */
  label: string;
}

/**
 * The countries a phone's default country and an address condition pick from: those of the phone
 * numbering the engine checks with (loaded at the dashboard's start), named and ordered by the
 * engine's `countryNames` in `language`.
 */
export function countryOptions(language: string): CountryOption[] {
  const codes = new Set(
    (phoneNumbering()?.countries() ?? []).map(([code]) => code).filter((code) => /^[A-Z]{2}$/.test(code)),
  );
  return countryNames(language, [...codes]).map(([value, label]) => ({ value, label }));
}

/** `countryOptions` in the dashboard's language, computed once per language. */
export function useCountries(): CountryOption[] {
  const { language } = useI18n();
  return useMemo(() => countryOptions(language), [language]);
}

/**
 * A select's choices of countries with `value` among them: an unknown code stays listed under its
 * code (the integrity problem then has something to point at), and `blank` leads when given.
 */
export function countryChoices(
  countries: readonly CountryOption[],
  value: string | undefined,
  blank?: string,
): CountryOption[] {
  const known = value === undefined || value === '' || countries.some((c) => c.value === value);
  return [
    ...(blank === undefined ? [] : [{ value: '', label: blank }]),
    ...(known ? [] : [{ value: value!, label: value! }]),
    ...countries,
  ];
}
