import type { FormSchema } from '@formloom/contract';
import type { Db } from '../../src/db/database.js';

/** A small form with a required field, typed fields, options and a conditional field. */
export function contactSchema(): FormSchema {
  return {
    version: '1.0',
    schemaVersion: '2025-01-01',
    meta: { title: 'Contact us', language: 'en' },
    settings: { layout: 'single-column', submitAction: 'default' },
    sections: [{ id: 'main', title: 'About you', order: 0 }],
    fields: [
      {
        id: 'name',
        sectionId: 'main',
        type: 'text',
        label: 'Name',
        order: 0,
        required: true,
        validation: { rules: [{ type: 'maxLength', value: 50 }] },
      },
      { id: 'email', sectionId: 'main', type: 'email', label: 'Email', order: 1 },
      {
        id: 'contact',
        sectionId: 'main',
        type: 'radio',
        label: 'Contact by',
        order: 2,
        options: [
          { label: 'Email', value: 'email' },
          { label: 'Phone', value: 'phone' },
        ],
      },
      {
        id: 'phone',
        sectionId: 'main',
        type: 'text',
        label: 'Phone',
        order: 3,
        required: true,
        conditionalLogic: {
          action: 'show',
          conditionGroups: [{ conditions: [{ fieldId: 'contact', operator: 'equals', value: 'phone' }] }],
        },
      },
      {
        id: 'age',
        sectionId: 'main',
        type: 'number',
        label: 'Age',
        order: 4,
        validation: { rules: [{ type: 'min', value: 18 }] },
      },
    ],
  };
}

/**
 * A quiz: two scored questions (`capital`: paris 1; `primes`: two 1, three 1, four -1), a `score`
 * variable adding them up and a text variable `grade` that reads it (pass from 2).
 */
export function quizSchema(): FormSchema {
  return {
    version: '1.0',
    schemaVersion: '2025-01-01',
    meta: { title: 'Quiz', language: 'en' },
    settings: { completion: { message: 'You scored {{score}} ({{grade}})' } },
    sections: [{ id: 'main', title: 'Questions', order: 0 }],
    fields: [
      {
        id: 'capital',
        sectionId: 'main',
        type: 'radio',
        label: 'Capital of France?',
        order: 0,
        required: true,
        options: [
          { label: 'Paris', value: 'paris', score: 1 },
          { label: 'Lyon', value: 'lyon' },
        ],
      },
      {
        id: 'primes',
        sectionId: 'main',
        type: 'checkbox',
        label: 'Which are prime?',
        order: 1,
        options: [
          { label: 'Two', value: 'two', score: 1 },
          { label: 'Three', value: 'three', score: 1 },
          { label: 'Four', value: 'four', score: -1 },
        ],
      },
    ],
    variables: [
      { id: 'score', type: 'number', expression: { '+': [{ score: 'capital' }, { score: 'primes' }] } },
      { id: 'grade', type: 'text', expression: { if: [{ '>=': [{ var: 'score' }, 2] }, 'pass', 'fail'] } },
    ],
  };
}

/**
 * A PUBLISHED form row written straight into the database, with responses to follow the same
 * way: for tests and benchmarks that need known data at a known time, without the API's clock.
 */
export async function insertPublishedForm(
  db: Db,
  form: { id: string; accountId: string; title: string; schema: unknown; at: string },
): Promise<void> {
  await db
    .insertInto('forms')
    .values({
      id: form.id,
      account_id: form.accountId,
      title: form.title,
      title_search: form.title.toLowerCase(),
      description: null,
      schema: JSON.stringify(form.schema),
      publish_status: 'PUBLISHED',
      publish_visibility: 'PUBLIC',
      share_code: null,
      published_at: form.at,
      expires_at: null,
      deleted_at: null,
      created_at: form.at,
      updated_at: form.at,
    })
    .execute();
}

/** The contact form with an optional photo (a `file` field taking a PNG up to 1 MB). */
export function contactWithPhotoSchema(): FormSchema {
  const schema = contactSchema();
  schema.fields.push({
    id: 'photo',
    sectionId: 'main',
    type: 'file',
    label: 'A photo',
    order: 99,
    fileConfig: { allowedTypes: ['image/png'], maxSizeMB: 1 },
  });
  return schema;
}
