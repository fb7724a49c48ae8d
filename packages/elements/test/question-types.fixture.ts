import type { FormSchema } from '@formloom/contract';

/** A form with a field of every question type beyond the original ten, and the new choice options. */
export function questionTypesSchema(language: FormSchema['meta']['language'] = 'en'): FormSchema {
  const fruit = [
    { value: 'apple', label: 'Apples' },
    { value: 'pear', label: 'Pears' },
    { value: 'plum', label: 'Plums' },
  ];
  return {
    version: '1.0',
    schemaVersion: '2025-01-01',
    meta: { title: 'Question types', language },
    settings: { layout: 'single-column' },
    sections: [{ id: 's', title: '', order: 0 }],
    fields: [
      {
        id: 'stars',
        sectionId: 's',
        type: 'rating',
        label: 'Stars',
        order: 0,
        required: true,
        rating: { max: 5 },
      },
      { id: 'nps', sectionId: 's', type: 'nps', label: 'Recommend us?', order: 1, required: true },
      {
        id: 'agree',
        sectionId: 's',
        type: 'scale',
        label: 'Agree?',
        order: 2,
        scale: { min: 1, max: 5, lowLabel: 'No', highLabel: 'Yes' },
      },
      {
        id: 'km',
        sectionId: 's',
        type: 'slider',
        label: 'Distance',
        order: 3,
        slider: { min: 0, max: 50, step: 5, unit: 'km' },
      },
      {
        id: 'grid',
        sectionId: 's',
        type: 'matrix',
        label: 'Service',
        order: 4,
        matrix: {
          rows: [
            { id: 'food', label: 'Food' },
            { id: 'staff', label: 'Staff' },
          ],
          columns: [
            { value: 'bad', label: 'Bad' },
            { value: 'ok', label: 'OK' },
            { value: 'good', label: 'Good' },
          ],
        },
      },
      { id: 'rank', sectionId: 's', type: 'ranking', label: 'Rank fruit', order: 5, options: fruit },
      {
        id: 'pic',
        sectionId: 's',
        type: 'picture_choice',
        label: 'Pick a picture',
        order: 6,
        options: [
          { value: 'sea', label: 'Sea', imageUrl: 'https://example.com/sea.png' },
          { value: 'hill', label: 'Hill', imageUrl: 'https://example.com/hill.png' },
        ],
      },
      {
        id: 'many',
        sectionId: 's',
        type: 'select',
        multiple: true,
        label: 'Fruit you like',
        order: 7,
        options: [...fruit, { value: 'none', label: 'None of these' }],
        exclusiveValue: 'none',
      },
      {
        id: 'where',
        sectionId: 's',
        type: 'radio',
        label: 'Where did you hear of us?',
        order: 8,
        options: [
          { value: 'web', label: 'The web' },
          { value: 'friend', label: 'A friend' },
        ],
        other: { label: 'Elsewhere' },
      },
    ],
  };
}

/** A form with a field of each input, address and notice type (phone, url, time, datetime, address, consent, statement). */
export function moreQuestionTypesSchema(): FormSchema {
  return {
    version: '1.0',
    schemaVersion: '2025-01-01',
    meta: { title: 'More question types', language: 'en' },
    settings: { layout: 'single-column' },
    sections: [{ id: 's', title: '', order: 0 }],
    fields: [
      {
        id: 'note',
        sectionId: 's',
        type: 'statement',
        label: 'Before you start',
        order: 0,
        statement: {
          text: 'Read our [privacy notice](https://example.com/privacy) first.\n\nAnswers are <b>kept</b> for [a year](http://example.com/year).',
        },
      },
      {
        id: 'tel',
        sectionId: 's',
        type: 'phone',
        label: 'Phone',
        order: 1,
        required: true,
        phone: { defaultCountry: 'DE' },
      },
      { id: 'site', sectionId: 's', type: 'url', label: 'Website', order: 2 },
      { id: 'opens', sectionId: 's', type: 'time', label: 'Opening time', order: 3 },
      { id: 'visit', sectionId: 's', type: 'datetime', label: 'Visit', order: 4 },
      { id: 'home', sectionId: 's', type: 'address', label: 'Home address', order: 5, required: true },
      {
        id: 'ok',
        sectionId: 's',
        type: 'consent',
        label: 'Consent',
        order: 6,
        required: true,
        consent: { text: 'I agree to the [terms](https://example.com/terms).' },
      },
    ],
  };
}
