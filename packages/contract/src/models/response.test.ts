import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { AnswerValue as EngineAnswerValue, FileAnswer as EngineFileAnswer } from '../engine/types.js';
import { type AnswerValue, type FileAnswer, ResponseListQuery, SubmitResponseBody } from './response.js';

describe('response models', () => {
  it('match the answer types of the form engine', () => {
    expectTypeOf<z.infer<typeof FileAnswer>>().toEqualTypeOf<EngineFileAnswer>();
    expectTypeOf<AnswerValue>().toEqualTypeOf<EngineAnswerValue>();
  });

  it('takes dates or date-times as range filters', () => {
    expect(
      ResponseListQuery.parse({ startDate: '2025-01-01', endDate: '2025-01-31T23:59:59Z' }),
    ).toMatchObject({
      startDate: '2025-01-01',
    });
    expect(ResponseListQuery.safeParse({ startDate: '01/02/2025' }).success).toBe(false);
  });

  it('takes any answer values; the engine checks them', () => {
    expect(SubmitResponseBody.parse({ answers: { a: 1, b: ['x'], c: { uploadId: 'u' } } })).toBeTruthy();
    expect(SubmitResponseBody.safeParse({ answers: [] }).success).toBe(false);
  });
});
