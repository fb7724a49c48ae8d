import { describe, expect, it } from 'vitest';
import { AddDomainBody, FormSlug, Hostname, RESERVED_FORM_SLUGS } from './domain.js';
import { FormSettings } from './form-schema.js';

describe('form slugs', () => {
  it.each(['contact', 'job-2027', 'a', 'x1-y2-z3'])('takes %s', (slug) => {
    expect(FormSlug.safeParse(slug).success).toBe(true);
  });

  it.each(['Contact', '-lead', 'trail-', 'two--dashes', 'with space', 'dot.ted', 'ünï', ''])(
    'refuses %j',
    (slug) => {
      expect(FormSlug.safeParse(slug).success).toBe(false);
    },
  );

  it('refuses every reserved word and anything longer than 64 characters', () => {
    for (const word of RESERVED_FORM_SLUGS) expect(FormSlug.safeParse(word).success, word).toBe(false);
    expect(FormSlug.safeParse('a'.repeat(64)).success).toBe(true);
    expect(FormSlug.safeParse('a'.repeat(65)).success).toBe(false);
  });

  it('answers a long hostile input at once', () => {
    const started = performance.now();
    expect(FormSlug.safeParse(`${'a-'.repeat(50_000)}!`).success).toBe(false);
    expect(performance.now() - started).toBeLessThan(200);
  });

  it("is a form's settings.slug", () => {
    expect(FormSettings.safeParse({ slug: 'contact' }).success).toBe(true);
    expect(FormSettings.safeParse({ slug: 'v1' }).success).toBe(false);
    expect(FormSettings.safeParse({ slug: 'Contact Us' }).success).toBe(false);
  });
});

describe('domain names', () => {
  it('lower-cases and drops a trailing dot', () => {
    expect(Hostname.parse(' Forms.Example.COM. ')).toBe('forms.example.com');
  });

  it.each([
    'localhost',
    'https://forms.example.com',
    'forms.example.com/x',
    'forms.example.com:8443',
    '10.0.0.1',
    '-x.example.com',
    `${'a'.repeat(64)}.example.com`,
    `${'abc.'.repeat(70)}com`,
  ])('refuses %s', (host) => {
    expect(AddDomainBody.safeParse({ hostname: host }).success).toBe(false);
  });
});
