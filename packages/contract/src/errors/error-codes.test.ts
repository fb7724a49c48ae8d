import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CreateFormBody } from '../models/form.js';
import { errorBody, isErrorEnvelope, issuesFromZodError, successBody } from './envelope.js';
import {
  ERROR_CODES,
  ERROR_STATUS,
  errorCodeOfStatus,
  isErrorCode,
  statusOfErrorCode,
} from './error-codes.js';

describe('error codes', () => {
  it('maps every code to its status and back', () => {
    expect(ERROR_CODES).toEqual(Object.keys(ERROR_STATUS));
    for (const code of ERROR_CODES) expect(errorCodeOfStatus(statusOfErrorCode(code))).toBe(code);
    expect(new Set(Object.values(ERROR_STATUS)).size).toBe(ERROR_CODES.length);
  });

  it.each([
    [400, 'BAD_REQUEST'],
    [402, 'PAYMENT_REQUIRED'],
    [409, 'CONFLICT'],
    [429, 'TOO_MANY_REQUESTS'],
    [503, 'SERVICE_UNAVAILABLE'],
    [418, 'BAD_REQUEST'],
    [502, 'INTERNAL_SERVER_ERROR'],
  ])('status %i is %s', (status, code) => {
    expect(errorCodeOfStatus(status)).toBe(code);
  });

  it('recognises codes', () => {
    expect(isErrorCode('NOT_FOUND')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(404)).toBe(false);
  });
});

describe('envelopes', () => {
  it('builds error and success bodies', () => {
    expect(errorBody('NOT_FOUND', 'Form not found')).toEqual({
      message: 'Form not found',
      data: null,
      error: 'NOT_FOUND',
    });
    expect(isErrorEnvelope(errorBody('CONFLICT'))).toBe(true);
    expect(isErrorEnvelope(successBody({ id: 1 }))).toBe(false);
    expect(isErrorEnvelope({ message: 'x', data: null, error: 'TEAPOT' })).toBe(false);
  });

  it('reports the union branch that got furthest', () => {
    const result = CreateFormBody.safeParse({ title: 'T', schema: { version: '1' } });
    expect(result.success).toBe(false);
    const issues = issuesFromZodError(result.error!, 'body');
    expect(issues.length).toBeGreaterThan(0);
    expect(issues.every((i) => i.path.startsWith('body.schema.'))).toBe(true);
  });

  it('formats paths with indexes', () => {
    const result = z.object({ list: z.array(z.number()) }).safeParse({ list: [1, 'x'] });
    expect(issuesFromZodError(result.error!, 'query')[0]?.path).toBe('query.list[1]');
    expect(issuesFromZodError(z.string().safeParse(1).error!)[0]?.path).toBe('$');
  });
});
