/**
 * The phone numbering plans (libphonenumber-js's `min` metadata, about 19 KB gzipped) as the engine
 * uses them. The metadata is the largest part of the question types, so a browser loads it apart
 * (phone.ts, through `loadQuestionTypes({phone: true})`) and only for a form with a phone field;
 * Node has it from the start (load.ts). This module only holds it once loaded.
 */
export interface PhoneNumbering {
  /** `text` as E.164 when it is a valid number (national numbers read in `country`); else undefined. */
  readonly e164: (text: string, country: string | undefined) => string | undefined;
  /** The country of an E.164 number (`"DE"`); undefined when it belongs to none (`+800`) or is no number. */
  readonly country: (e164: string) => string | undefined;
  /** Does the numbering know this two-letter country? */
  readonly isCountry: (code: string) => boolean;
  /** Every country with phone numbers and its calling code (`["DE", "49"]`), ordered by code. */
  readonly countries: () => readonly (readonly [country: string, callingCode: string])[];
}

let numbering: PhoneNumbering | undefined;

/** The numbering plans once loaded; `undefined` in a browser before `loadQuestionTypes({phone: true})`. */
export function phoneNumbering(): PhoneNumbering | undefined {
  return numbering;
}

export function setPhoneNumbering(loaded: PhoneNumbering): void {
  numbering = loaded;
}
