import type { FormSchema } from '@formloom/contract';

/** A form with every question type of part 1 and one response's answers to it (exports, messages). */
const at = (order: number) => ({ sectionId: 's', order });
export const QUESTION_TYPES_SCHEMA: FormSchema = {
  version: '1.0',
  schemaVersion: '2025-01-01',
  meta: { title: 'Every question type', language: 'en' },
  sections: [{ id: 's', title: 'S', order: 0 }],
  fields: [
    { id: 'stars', type: 'rating', label: 'Stars', rating: { max: 5 }, ...at(0) },
    { id: 'nps', type: 'nps', label: 'Recommend', ...at(1) },
    { id: 'agree', type: 'scale', label: 'Agree', scale: { min: 1, max: 5 }, ...at(2) },
    {
      id: 'km',
      type: 'slider',
      label: 'Distance',
      slider: { min: 0, max: 10, step: 0.5, unit: 'km' },
      ...at(3),
    },
    {
      id: 'grid',
      type: 'matrix',
      label: 'Service',
      matrix: {
        rows: [
          { id: 'speed', label: 'Speed' },
          { id: 'price', label: 'Price' },
        ],
        columns: [
          { value: 'good', label: 'Good' },
          { value: 'bad', label: 'Bad' },
        ],
        multiple: true,
      },
      ...at(4),
    },
    {
      id: 'rank',
      type: 'ranking',
      label: 'Rank',
      options: [
        { label: 'Apples', value: 'a' },
        { label: 'Bananas', value: 'b' },
        { label: 'Cherries', value: 'c' },
      ],
      other: { label: 'Other' },
      ...at(5),
    },
    {
      id: 'pet',
      type: 'picture_choice',
      label: 'Pet',
      options: [
        { label: 'Cat', value: 'cat', imageUrl: 'https://img.example/cat.png' },
        { label: 'Dog', value: 'dog', imageUrl: 'https://img.example/dog.png' },
      ],
      other: { label: 'Other' },
      ...at(6),
    },
    {
      id: 'tags',
      type: 'select',
      label: 'Tags',
      multiple: true,
      options: [
        { label: 'Fast', value: 'fast' },
        { label: 'Cheap', value: 'cheap' },
      ],
      other: { label: 'Other' },
      ...at(7),
    },
  ],
};

export const QUESTION_TYPES_ANSWERS = {
  stars: 4,
  nps: 9,
  agree: 2,
  km: 2.5,
  grid: { speed: ['good', 'bad'], price: ['bad'] },
  rank: ['b', { other: 'Dates' }, 'a'],
  pet: { other: 'Ferret' },
  tags: ['fast', { other: '=1+1' }],
};

/**
 * A form with every question type of part 2 (phone, url, time, datetime, address, signature,
 * consent, statement), and text fields each shown by a condition on one of them.
 */
export const INPUT_TYPES_SCHEMA: FormSchema = {
  version: '1.0',
  schemaVersion: '2025-01-01',
  meta: { title: 'Every input type', language: 'en' },
  sections: [{ id: 's', title: 'S', order: 0 }],
  fields: [
    {
      id: 'intro',
      type: 'statement',
      label: 'About',
      statement: { text: 'We keep this for [a year](https://example.com/p).' },
      ...at(0),
    },
    { id: 'phone', type: 'phone', label: 'Phone', phone: { defaultCountry: 'DE' }, ...at(1) },
    { id: 'site', type: 'url', label: 'Website', ...at(2) },
    { id: 'slot', type: 'time', label: 'Time', ...at(3) },
    { id: 'when', type: 'datetime', label: 'Appointment', ...at(4) },
    { id: 'ship', type: 'address', label: 'Shipping', ...at(5) },
    { id: 'sign', type: 'signature', label: 'Signature', ...at(6) },
    {
      id: 'terms',
      type: 'consent',
      label: 'Terms',
      required: true,
      consent: { text: 'I agree to the [terms](https://example.com/terms).' },
      ...at(7),
    },
    { id: 'news', type: 'consent', label: 'Newsletter', consent: { text: 'Send me news.' }, ...at(8) },
    {
      id: 'vat',
      type: 'text',
      label: 'VAT number',
      conditionalLogic: {
        action: 'show',
        conditionGroups: [
          { conditions: [{ fieldId: 'ship', part: 'country', operator: 'equals', value: 'DE' }] },
        ],
      },
      ...at(9),
    },
    {
      id: 'morning',
      type: 'text',
      label: 'Morning note',
      conditionalLogic: {
        action: 'show',
        conditionGroups: [{ conditions: [{ fieldId: 'slot', operator: 'before', value: '12:00' }] }],
      },
      ...at(10),
    },
    {
      id: 'later',
      type: 'text',
      label: 'Later note',
      conditionalLogic: {
        action: 'show',
        conditionGroups: [
          { conditions: [{ fieldId: 'when', operator: 'after', value: '2026-12-01T12:00:00Z' }] },
        ],
      },
      ...at(11),
    },
    {
      id: 'topics',
      type: 'text',
      label: 'Topics',
      conditionalLogic: {
        action: 'show',
        conditionGroups: [{ conditions: [{ fieldId: 'news', operator: 'isChecked' }] }],
      },
      ...at(12),
    },
  ],
};

/** Answers to `INPUT_TYPES_SCHEMA` as a respondent sends them (a national phone number, `9:05`, parts to trim). */
export const INPUT_TYPES_SUBMITTED = {
  intro: 'dropped',
  phone: '0151 12345678',
  site: 'https://example.com/a?b=1',
  slot: '9:05',
  when: '2026-12-01T13:30:00+01:00',
  ship: { line1: ' Hauptstr. 1 ', postalCode: '10115', city: ' Berlin', country: 'de' },
  terms: true,
  vat: 'DE123',
  morning: 'early',
  later: 'after noon',
  topics: 'hidden, news not given',
};

/** `INPUT_TYPES_SUBMITTED` as stored: normalised, the statement and the hidden field dropped. */
export const INPUT_TYPES_STORED = {
  phone: '+4915112345678',
  site: 'https://example.com/a?b=1',
  slot: '09:05',
  when: '2026-12-01T13:30:00+01:00',
  ship: { line1: 'Hauptstr. 1', postalCode: '10115', city: 'Berlin', country: 'DE' },
  terms: true,
  vat: 'DE123',
  morning: 'early',
  later: 'after noon',
};
