import { describe, expect, it } from 'vitest';
import { FormSchema } from '../../models/form-schema.js';
import fixture from './fixtures/check-schema.fixture.json' with { type: 'json' };
import { complete, type FixtureSchema } from './fixtures/complete.js';
import {
  checkPatternSafety,
  checkPatternSyntax,
  checkSchema,
  checkSchemaWith,
  type PatternJudge,
} from './index.js';

/** The fixture's integrity cases (their schemas parse), completed as check-schema.test.ts does. */
const schemas = (fixture.cases as { name: string; schema: FixtureSchema }[]).flatMap((c) => {
  const parsed = FormSchema.safeParse(complete(c.schema));
  return parsed.success ? [[c.name, parsed.data] as const] : [];
});

/** What an editor answers before recheck has loaded: invalid patterns at once, the rest unknown. */
function beforeRecheck(): { judge: PatternJudge; asked: string[] } {
  const asked: string[] = [];
  const judge: PatternJudge = (pattern) => {
    asked.push(pattern);
    const syntax = checkPatternSyntax(pattern);
    return syntax.ok ? undefined : syntax;
  };
  return { judge, asked };
}

describe('checkSchemaWith', () => {
  it('has fixture cases with unsafe and invalid patterns to compare', () => {
    const codes = schemas.flatMap(([, s]) => checkSchema(s).map((p) => p.code));
    expect(codes).toContain('unsafe_pattern');
    expect(codes).toContain('invalid_pattern');
  });

  it.each(schemas)('%s: with checkPatternSafety it is checkSchema', (_name, schema) => {
    expect(checkSchemaWith(schema, checkPatternSafety)).toEqual(checkSchema(schema));
  });

  it.each(schemas)('%s: without a pattern verdict, every other problem is there', (_name, schema) => {
    const { judge, asked } = beforeRecheck();
    const patterns = schema.fields.flatMap((f) =>
      (f.validation?.rules ?? []).flatMap((r) => (r.type === 'pattern' ? [r.value] : [])),
    );
    expect(checkSchemaWith(schema, judge)).toEqual(
      checkSchema(schema).filter((p) => p.code !== 'unsafe_pattern'),
    );
    expect(asked).toEqual(patterns);
  });
});

describe('checkPatternSyntax', () => {
  it.each([['([a-z]'], ['a{2,1}'], ['*a'], ['(?<n>a)\\k<m>'], ['a'.repeat(501)]])(
    'gives checkPatternSafety’s verdict on the invalid %s',
    (pattern) => {
      expect(checkPatternSyntax(pattern)).toEqual(checkPatternSafety(pattern));
    },
  );

  it.each([['^\\d{5}$'], ['(a+)+$']])(
    'passes %s, which compiles (backtracking is not its question)',
    (pattern) => {
      expect(checkPatternSyntax(pattern)).toEqual({ ok: true });
    },
  );
});
