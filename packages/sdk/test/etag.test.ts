import { describe, expect, it } from 'vitest';
import { PreconditionFailedError } from '../src/index.js';
import { client, errorAnswer, FORM_ID, mockFetch, ok } from './support/mock-fetch.js';

describe('ETag and ifMatch', () => {
  it('a read carries the ETag out of sight; an edit sends it back as If-Match', async () => {
    const { fetch, requests } = mockFetch(
      () => ok({ id: FORM_ID }, { etag: '"4"' }),
      () => ok({ id: FORM_ID }, { etag: '"5"' }),
    );
    const c = client(fetch);
    const form = await c.forms.retrieve(FORM_ID);
    expect(form._etag).toBe('"4"');
    expect(Object.keys(form)).toEqual(['id']);
    const { etag } = await c.forms.fields
      .update(FORM_ID, 'name', { label: 'Name' }, { ifMatch: form._etag! })
      .withResponse();
    expect(requests[1]!.headers.get('if-match')).toBe('"4"');
    expect(etag).toBe('"5"');
  });

  it('sends no If-Match without the option', async () => {
    const { fetch, requests } = mockFetch(() => ok({ id: FORM_ID }));
    await client(fetch).forms.update(FORM_ID, { title: 'T' });
    expect(requests[0]!.headers.has('if-match')).toBe(false);
  });

  it('a 412 is a PreconditionFailedError, not retried', async () => {
    const { fetch, requests } = mockFetch(() => errorAnswer(412, 'PRECONDITION_FAILED'));
    const error = await client(fetch)
      .forms.fields.delete(FORM_ID, 'name', { ifMatch: '"1"' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PreconditionFailedError);
    expect((error as PreconditionFailedError).status).toBe(412);
    expect(requests).toHaveLength(1);
  });
});
