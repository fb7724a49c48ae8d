import type { SubmitResponseResult } from '@formloom/contract';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { ConflictError } from '../src/index.js';
import { client, errorAnswer, mockFetch, ok } from './support/mock-fetch.js';

const TOKEN = 'e'.repeat(43);

/** A respondent's edit of their response (a form with `allowEdit`), through its edit token. */
describe('editing a response through its edit token', () => {
  it('types the edit token and window of a submission', () => {
    expectTypeOf<SubmitResponseResult['editToken']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<SubmitResponseResult['editUntil']>().toEqualTypeOf<string | undefined>();
  });

  it('reads the response and puts the new answers on the edit path', async () => {
    const current = {
      answers: { name: 'Ada' },
      language: 'en',
      submittedAt: '2026-12-01T10:00:00.000Z',
      updatedAt: null,
      editUntil: '2026-12-01T12:00:00.000Z',
    };
    const { fetch, requests } = mockFetch(
      () => ok(current),
      () => ok({ responseId: 'r', updatedAt: '2026-12-01T11:00:00.000Z' }),
    );
    const sdk = client(fetch);
    expect(await sdk.public.retrieveResponseForEdit('abcdefgh', TOKEN)).toMatchObject(current);
    await sdk.public.updateResponse('abcdefgh', TOKEN, { answers: { name: 'Ada L.' } });
    expect(requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([
      `GET /v1/public/forms/abcdefgh/responses/${TOKEN}`,
      `PUT /v1/public/forms/abcdefgh/responses/${TOKEN}`,
    ]);
    expect(JSON.parse(requests[1]!.body)).toEqual({ answers: { name: 'Ada L.' } });
  });

  it('an edit after its window is a ConflictError naming EDIT_WINDOW_CLOSED', async () => {
    const { fetch } = mockFetch(() => errorAnswer(409, 'EDIT_WINDOW_CLOSED'));
    const error = await client(fetch)
      .public.updateResponse('abcdefgh', TOKEN, { answers: {} })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).body).toMatchObject({ error: 'EDIT_WINDOW_CLOSED' });
  });
});
