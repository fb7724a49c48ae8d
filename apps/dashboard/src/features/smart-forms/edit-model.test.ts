import { CreateSmartFormBody, UpdateSmartFormBody } from '@formloom/contract';
import { APIError } from '@formloom/sdk';
import { describe, expect, it } from 'vitest';
import {
  addLanguage,
  createBody,
  EMPTY_DRAFT,
  issuesByProperty,
  jsonProblem,
  moveLanguage,
  removeLanguage,
  SMART_FORM_BODY_CONTROLS,
  updateBody,
} from './edit-model.js';

describe('the smart form editor', () => {
  it('has a control for every property of the create and update bodies', () => {
    const keys = new Set([
      ...Object.keys(CreateSmartFormBody.shape),
      ...Object.keys(UpdateSmartFormBody.shape),
    ]);
    expect(Object.keys(SMART_FORM_BODY_CONTROLS).sort()).toEqual([...keys].sort());
  });

  it('creates with what was given, leaving empty optional texts out; the body passes the contract', () => {
    const body = createBody({ ...EMPTY_DRAFT, purpose: 'Learn why customers cancel', languages: ['de'] });
    expect(body).toEqual({
      purpose: 'Learn why customers cancel',
      languages: ['de'],
      maxQuestions: 10,
      isPrivate: false,
    });
    expect(CreateSmartFormBody.safeParse(body).success).toBe(true);
  });

  it('updates only what changed, clearing an emptied optional text with null', () => {
    const before = {
      ...EMPTY_DRAFT,
      purpose: 'Learn why customers cancel',
      description: 'Hello',
      languages: ['en', 'de'],
    };
    expect(updateBody(before, before)).toEqual({});
    const after = {
      ...before,
      description: '',
      languages: ['de', 'en'],
      maxQuestions: 7,
      referenceJson: '{"a":1}',
    };
    const body = updateBody(before, after);
    expect(body).toEqual({
      description: null,
      languages: ['de', 'en'],
      maxQuestions: 7,
      referenceJson: '{"a":1}',
    });
    expect(UpdateSmartFormBody.safeParse(body).success).toBe(true);
  });

  it('checks the reference JSON', () => {
    expect(jsonProblem('')).toBeUndefined();
    expect(jsonProblem('{"reason": ""}')).toBeUndefined();
    expect(jsonProblem('{reason}')).toMatch(/JSON/);
  });

  it('adds, removes and moves languages, keeping the list without duplicates', () => {
    expect(addLanguage(['en'], ' DE ')).toEqual(['en', 'de']);
    expect(addLanguage(['en'], 'en')).toEqual(['en']);
    expect(removeLanguage(['en', 'de', 'tr'], 1)).toEqual(['en', 'tr']);
    expect(moveLanguage(['en', 'de', 'tr'], 2, -1)).toEqual(['en', 'tr', 'de']);
    expect(moveLanguage(['en', 'de'], 0, -1)).toEqual(['en', 'de']);
    expect(moveLanguage(['en', 'de'], 1, 1)).toEqual(['en', 'de']);
  });

  it('puts the server’s validation issues at their properties', () => {
    const error = APIError.generate(
      400,
      {
        message: 'Invalid body',
        data: null,
        error: 'VALIDATION_ERROR',
        issues: [
          { path: 'body.purpose', code: 'too_small', message: 'At least 10 characters.' },
          { path: 'body.languages.1', code: 'invalid_string', message: 'must be an ISO 639-1 code' },
          { path: 'query.x', code: 'custom', message: 'Elsewhere.' },
        ],
      },
      undefined,
      undefined,
    );
    expect(issuesByProperty(error)).toEqual({
      fields: { purpose: 'At least 10 characters.', languages: 'must be an ISO 639-1 code' },
      other: ['Elsewhere.'],
    });
    expect(issuesByProperty(new Error('x'))).toEqual({ fields: {}, other: [] });
  });
});
