import { describe, expect, it } from 'vitest';
import { CreateFormBody, UpdateFieldBody, UpdateFormBody } from './form.js';

const schema = {
  version: '1.0',
  schemaVersion: '2024-01-01',
  meta: { title: 'Contact', language: 'en' },
  sections: [{ id: 'main', title: 'Main', order: 0 }],
  fields: [{ id: 'name', sectionId: 'main', type: 'text', label: 'Name', order: 0 }],
};

describe('CreateFormBody', () => {
  it('accepts the blank variant and defaults the language', () => {
    expect(CreateFormBody.parse({ title: 'Feedback' })).toEqual({ title: 'Feedback', language: 'en' });
    expect(CreateFormBody.parse({ title: 'Feedback', description: 'How was it?', language: 'de' })).toEqual({
      title: 'Feedback',
      description: 'How was it?',
      language: 'de',
    });
  });

  it('accepts the schema variant', () => {
    expect(CreateFormBody.parse({ title: 'Contact', schema })).toEqual({ title: 'Contact', schema });
  });

  it('refuses a mix of the two, an unknown language and a long title', () => {
    expect(CreateFormBody.safeParse({ title: 'x', schema, language: 'en' }).success).toBe(false);
    expect(CreateFormBody.safeParse({ title: 'x', language: 'fr' }).success).toBe(false);
    expect(CreateFormBody.safeParse({ title: 'x'.repeat(201) }).success).toBe(false);
    expect(CreateFormBody.safeParse({ title: '   ' }).success).toBe(false);
  });
});

describe('UpdateFormBody', () => {
  it('takes null to clear the expiry and the response limit', () => {
    const body = { description: null, expiresAt: null, settings: { maxResponses: null } };
    expect(UpdateFormBody.parse(body)).toEqual(body);
  });

  it('refuses a zero response limit and unknown keys', () => {
    expect(UpdateFormBody.safeParse({ settings: { maxResponses: 0 } }).success).toBe(false);
    expect(UpdateFormBody.safeParse({ titel: 'typo' }).success).toBe(false);
  });
});

describe('UpdateFieldBody', () => {
  it('removes optional properties with null but never changes the id', () => {
    expect(UpdateFieldBody.parse({ label: 'Full name', conditionalLogic: null })).toEqual({
      label: 'Full name',
      conditionalLogic: null,
    });
    expect(UpdateFieldBody.safeParse({ id: 'other' }).success).toBe(false);
    expect(UpdateFieldBody.safeParse({ label: null }).success).toBe(false);
  });
});
