import { describe, expect, it } from 'vitest';
import { AnalyticsChatBody, SmartAnalyticsBody } from './analytics.js';
import { ExportQuery } from './export.js';
import { planAtLeast } from './plan.js';
import { CreateSmartFormBody, UnpublishSmartFormBody } from './smart-form.js';

const purpose = 'Learn why customers cancel their subscription.';

describe('CreateSmartFormBody', () => {
  it('applies the defaults', () => {
    expect(CreateSmartFormBody.parse({ purpose })).toEqual({
      purpose,
      languages: [],
      maxQuestions: 10,
      isPrivate: false,
    });
  });

  it.each([4, 16, 7.5])('refuses maxQuestions %d', (maxQuestions) => {
    expect(CreateSmartFormBody.safeParse({ purpose, maxQuestions }).success).toBe(false);
  });

  it('refuses a short purpose, a bad language code and invalid referenceJson', () => {
    expect(CreateSmartFormBody.safeParse({ purpose: 'too short' }).success).toBe(false);
    expect(CreateSmartFormBody.safeParse({ purpose, languages: ['english'] }).success).toBe(false);
    expect(CreateSmartFormBody.safeParse({ purpose, referenceJson: '{"a":' }).success).toBe(false);
    expect(CreateSmartFormBody.safeParse({ purpose, referenceJson: '{"reason": ""}' }).success).toBe(true);
  });
});

describe('smart form options', () => {
  it('defaults unpublish to soft and export to csv', () => {
    expect(UnpublishSmartFormBody.parse({})).toEqual({ mode: 'soft' });
    expect(ExportQuery.parse({})).toEqual({ format: 'csv', bom: 'false' });
    expect(ExportQuery.safeParse({ bom: 'yes' }).success).toBe(false);
    expect(ExportQuery.safeParse({ format: 'pdf' }).success).toBe(false);
  });
});

describe('analytics bodies', () => {
  it('caps chat messages at 500 characters', () => {
    expect(AnalyticsChatBody.safeParse({ message: 'x'.repeat(500) }).success).toBe(true);
    expect(AnalyticsChatBody.safeParse({ message: 'x'.repeat(501) }).success).toBe(false);
    expect(AnalyticsChatBody.safeParse({ message: 'hi', sessionId: 'abc' }).success).toBe(false);
  });

  it('needs an http(s) callback URL', () => {
    expect(SmartAnalyticsBody.safeParse({ callbackUrl: 'https://example.com/cb' }).success).toBe(true);
    expect(SmartAnalyticsBody.safeParse({ callbackUrl: 'javascript:alert(1)' }).success).toBe(false);
  });
});

describe('planAtLeast', () => {
  it('orders FREE < STARTER < PRO < MAX', () => {
    expect(planAtLeast('PRO', 'STARTER')).toBe(true);
    expect(planAtLeast('MAX', 'MAX')).toBe(true);
    expect(planAtLeast('STARTER', 'PRO')).toBe(false);
    expect(planAtLeast('FREE', 'STARTER')).toBe(false);
  });
});
