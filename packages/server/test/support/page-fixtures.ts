import type { FormSchema } from '@formloom/contract';
import type { TestServer } from './test-server.js';

/**
 * A form with every field type, a conditional field, a conditional section and a file field:
 * the public page tests (HTTP and browser) fill it in.
 */
export function surveySchema(language: FormSchema['meta']['language'] = 'en'): FormSchema {
  return {
    version: '1.0',
    schemaVersion: '2025-01-01',
    meta: { title: 'Pet survey', language, description: 'A few questions.\nIt takes a minute.' },
    settings: { layout: 'single-column', submitAction: 'default' },
    sections: [
      { id: 'about', title: 'About you', order: 0 },
      {
        id: 'pets',
        title: 'Your pets',
        description: 'Tell us about them.',
        order: 1,
        conditionalLogic: {
          action: 'show',
          conditionGroups: [{ conditions: [{ fieldId: 'hasPets', operator: 'equals', value: 'yes' }] }],
        },
      },
      { id: 'extra', title: 'Anything else', order: 2 },
    ],
    fields: [
      {
        id: 'name',
        sectionId: 'about',
        type: 'text',
        label: 'Your name',
        order: 0,
        required: true,
        helpText: 'As you like to be called.',
        validation: { rules: [{ type: 'maxLength', value: 40 }] },
      },
      { id: 'email', sectionId: 'about', type: 'email', label: 'Email', order: 1, required: true },
      {
        id: 'age',
        sectionId: 'about',
        type: 'number',
        label: 'Age',
        order: 2,
        validation: { rules: [{ type: 'min', value: 18 }] },
      },
      {
        id: 'contact',
        sectionId: 'about',
        type: 'radio',
        label: 'Contact me by',
        order: 3,
        options: [
          { label: 'Email', value: 'email' },
          { label: 'Phone', value: 'phone' },
        ],
      },
      {
        id: 'phone',
        sectionId: 'about',
        type: 'text',
        label: 'Phone number',
        order: 4,
        required: true,
        conditionalLogic: {
          action: 'show',
          conditionGroups: [{ conditions: [{ fieldId: 'contact', operator: 'equals', value: 'phone' }] }],
        },
      },
      {
        id: 'hasPets',
        sectionId: 'about',
        type: 'radio',
        label: 'Do you have pets?',
        order: 5,
        required: true,
        options: [
          { label: 'Yes', value: 'yes' },
          { label: 'No', value: 'no' },
        ],
      },
      { id: 'petName', sectionId: 'pets', type: 'text', label: "Your pet's name", order: 0, required: true },
      {
        id: 'kinds',
        sectionId: 'pets',
        type: 'checkbox',
        label: 'Kinds of pets',
        order: 1,
        options: [
          { label: 'Cat', value: 'cat' },
          { label: 'Dog', value: 'dog' },
          { label: 'Fish', value: 'fish' },
        ],
        validation: { rules: [{ type: 'minLength', value: 1 }] },
      },
      {
        id: 'topic',
        sectionId: 'extra',
        type: 'select',
        label: 'Topic',
        order: 0,
        options: [
          { label: 'Food', value: 'food' },
          { label: 'Other', value: 'other' },
        ],
      },
      {
        id: 'details',
        sectionId: 'extra',
        type: 'textarea',
        label: 'Details',
        order: 1,
        conditionalLogic: {
          action: 'show',
          conditionGroups: [{ conditions: [{ fieldId: 'topic', operator: 'equals', value: 'other' }] }],
        },
      },
      { id: 'visit', sectionId: 'extra', type: 'date', label: 'Last vet visit', order: 2 },
      {
        id: 'photo',
        sectionId: 'extra',
        type: 'file',
        label: 'A photo',
        order: 3,
        helpText: 'PNG or PDF, up to 1 MB.',
        fileConfig: { allowedTypes: ['image/png', 'application/pdf'], maxSizeMB: 1 },
      },
    ],
  };
}

/** A 1×1 PNG: real magic bytes, for upload tests. */
export const TINY_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4b00000000049454e44ae426082',
  'hex',
);

/** Creates and publishes a form through the API; answers its id and share code. */
export async function publishForm(t: TestServer, key: string, schema: FormSchema, title = schema.meta.title) {
  const created = await t.request('/v1/forms', { method: 'POST', key, json: { title, schema } });
  if (created.status !== 201) throw new Error(`creating the form failed: ${created.text}`);
  const id = created.body.data.id as string;
  const published = await t.request(`/v1/forms/${id}/publish`, { method: 'POST', key });
  if (published.status !== 200) throw new Error(`publishing the form failed: ${published.text}`);
  return { id, code: published.body.data.shareUrl as string };
}

/**
 * A paged quiz (docs/form-model.md "A worked example: a quiz"): a name, two scored questions on pages of
 * their own, a section shown only after a wrong first answer, a `score` variable and a completion message
 * that recalls it.
 */
export function pagedQuizSchema(): FormSchema {
  const radio = (id: string, sectionId: string, label: string, options: [string, string, number][]) => ({
    id,
    sectionId,
    type: 'radio' as const,
    label,
    order: 0,
    required: true,
    options: options.map(([value, optionLabel, score]) => ({ value, label: optionLabel, score })),
  });
  return {
    version: '1.0',
    schemaVersion: '2025-01-01',
    meta: { title: 'Quiz', language: 'en', description: 'Three short pages.' },
    settings: {
      layout: 'paged',
      submitAction: 'default',
      completion: { message: 'Well done {{name}}! You scored {{score}}.' },
    },
    sections: [
      { id: 'you', title: 'About you', order: 0 },
      { id: 'q1page', title: '{{name}}, question one', order: 1 },
      {
        id: 'why',
        title: 'Why?',
        order: 2,
        conditionalLogic: {
          action: 'show',
          conditionGroups: [{ conditions: [{ fieldId: 'q1', operator: 'equals', value: 'lyon' }] }],
        },
      },
      { id: 'q2page', title: 'Question two', order: 3 },
    ],
    fields: [
      {
        id: 'name',
        sectionId: 'you',
        type: 'text',
        label: 'Your name',
        order: 0,
        required: true,
        prefill: {},
      },
      { id: 'utm_source', sectionId: 'you', type: 'hidden', label: 'Source', order: 1 },
      {
        id: 'ref',
        sectionId: 'you',
        type: 'hidden',
        label: 'Referrer code',
        order: 2,
        validation: { rules: [{ type: 'maxLength', value: 3 }] },
      },
      radio('q1', 'q1page', 'The capital of France, {{name}}?', [
        ['paris', 'Paris', 1],
        ['lyon', 'Lyon', 0],
      ]),
      {
        id: 'reason',
        sectionId: 'why',
        type: 'text',
        label: 'Why Lyon?',
        order: 0,
        required: true,
        placeholder: 'Tell us, {{name}}',
      },
      {
        ...radio('q2', 'q2page', '2 + 2?', [
          ['four', '4', 1],
          ['five', '5', 0],
        ]),
        helpText: 'Your score so far: {{score}}',
      },
    ],
    variables: [{ id: 'score', type: 'number', expression: { '+': [{ score: 'q1' }, { score: 'q2' }] } }],
  };
}

/**
 * A single-column form in English with German texts: a locked prefilled email and a completion
 * redirect.
 */
export function bilingualSchema(): FormSchema {
  return {
    version: '1.0',
    schemaVersion: '2025-01-01',
    meta: { title: 'Feedback', language: 'en' },
    settings: { layout: 'single-column', submitAction: 'default' },
    sections: [{ id: 'main', title: 'Your feedback', order: 0 }],
    fields: [
      {
        id: 'email',
        sectionId: 'main',
        type: 'email',
        label: 'Email',
        order: 0,
        required: true,
        prefill: { param: 'e', editable: false },
      },
      { id: 'comment', sectionId: 'main', type: 'text', label: 'Comment', order: 1, required: true },
    ],
    translations: {
      de: {
        'meta.title': 'Rückmeldung',
        'sections.main.title': 'Ihre Rückmeldung',
        'fields.email.label': 'E-Mail',
        'fields.comment.label': 'Kommentar',
      },
    },
  };
}

/**
 * A two-page form for the page without JavaScript (docs/embedding.md): a required name, a pet's name shown
 * only for "yes", a file on the second page and a hidden field prefilled from the URL (`?ref=`).
 */
export function plainPostSchema(): FormSchema {
  return {
    version: '1.0',
    schemaVersion: '2025-01-01',
    meta: { title: 'Plain form', language: 'en' },
    settings: { layout: 'paged', submitAction: 'default' },
    sections: [
      { id: 'first', title: 'About you', order: 0 },
      { id: 'second', title: 'A picture', order: 1 },
    ],
    fields: [
      { id: 'name', sectionId: 'first', type: 'text', label: 'Your name', order: 0, required: true },
      {
        id: 'hasPet',
        sectionId: 'first',
        type: 'radio',
        label: 'Do you have a pet?',
        order: 1,
        required: true,
        options: [
          { label: 'Yes', value: 'yes' },
          { label: 'No', value: 'no' },
        ],
      },
      {
        id: 'petName',
        sectionId: 'first',
        type: 'text',
        label: "Your pet's name",
        order: 2,
        required: true,
        conditionalLogic: {
          action: 'show',
          conditionGroups: [{ conditions: [{ fieldId: 'hasPet', operator: 'equals', value: 'yes' }] }],
        },
      },
      { id: 'ref', sectionId: 'first', type: 'hidden', label: 'Referrer', order: 3 },
      {
        id: 'photo',
        sectionId: 'second',
        type: 'file',
        label: 'A photo',
        order: 0,
        required: true,
        fileConfig: { allowedTypes: ['image/png'], maxSizeMB: 1 },
      },
      { id: 'comment', sectionId: 'second', type: 'textarea', label: 'Comment', order: 1 },
    ],
  };
}

/**
 * A booking with a repeating section (docs/form-model.md "Repeating sections"): the host's name,
 * then one to three guests, each with a required name, an age and a meal shown only to adults
 * (a condition inside the entry), a title that recalls the entry's name, variables that count the
 * guests and sum their ages, and German texts. Paged (host, guests, note) unless `layout` says.
 */
export function guestsSchema(layout: 'paged' | 'single-column' = 'paged'): FormSchema {
  return {
    version: '1.0',
    schemaVersion: '2025-01-01',
    meta: { title: 'Booking', language: 'en' },
    settings: {
      layout,
      submitAction: 'default',
      completion: { message: 'Thank you {{host}}: {{count}} guests booked.' },
    },
    sections: [
      { id: 'you', title: 'You', order: 0 },
      {
        id: 'guests',
        title: 'Guests',
        description: 'Guest {{name}}',
        order: 1,
        repeat: { min: 1, max: 3, addLabel: 'Add a guest' },
      },
      { id: 'end', title: 'Anything else?', order: 2 },
    ],
    fields: [
      { id: 'host', sectionId: 'you', type: 'text', label: 'Your name', order: 0, required: true },
      { id: 'name', sectionId: 'guests', type: 'text', label: 'Guest name', order: 0, required: true },
      {
        id: 'age',
        sectionId: 'guests',
        type: 'number',
        label: 'Age',
        order: 1,
        validation: { rules: [{ type: 'min', value: 0 }] },
      },
      {
        id: 'meal',
        sectionId: 'guests',
        type: 'radio',
        label: 'Meal for {{name}}',
        order: 2,
        options: [
          { label: 'Fish', value: 'fish' },
          { label: 'Vegetarian', value: 'veg' },
        ],
        conditionalLogic: {
          action: 'show',
          conditionGroups: [{ conditions: [{ fieldId: 'age', operator: 'greaterThanOrEqual', value: 18 }] }],
        },
      },
      {
        id: 'note',
        sectionId: 'end',
        type: 'textarea',
        label: 'A note for the host',
        order: 0,
        conditionalLogic: {
          action: 'show',
          conditionGroups: [
            { conditions: [{ fieldId: 'meal', operator: 'equals', value: 'fish', entry: 'any' }] },
          ],
        },
      },
    ],
    variables: [
      { id: 'count', type: 'number', expression: { entries: 'guests' } },
      { id: 'years', type: 'number', expression: { sum: ['guests', 'age'] } },
    ],
    translations: {
      de: {
        'meta.title': 'Buchung',
        'sections.you.title': 'Sie',
        'sections.guests.title': 'Gäste',
        'sections.guests.repeat.addLabel': 'Gast hinzufügen',
        'sections.end.title': 'Sonst noch etwas?',
        'fields.host.label': 'Ihr Name',
        'fields.name.label': 'Name des Gastes',
        'fields.age.label': 'Alter',
        'fields.meal.label': 'Essen für {{name}}',
        'fields.meal.options.fish': 'Fisch',
        'fields.meal.options.veg': 'Vegetarisch',
        'fields.note.label': 'Eine Nachricht an den Gastgeber',
        'completion.message': 'Danke {{host}}: {{count}} Gäste gebucht.',
      },
    },
  };
}
