import fc from 'fast-check';
import jsonLogic from 'json-logic-js';
import { describe, expect, it } from 'vitest';
import type { JsonValue } from '../../models/form-schema.js';
import { EXPRESSION_OPERATIONS } from './expression-operations.js';
import { compileExpression, inspectExpression } from './expressions.js';

/**
 * Our evaluator against json-logic-js, the reference implementation, on every allowed operation
 * but `score` (ours; see fixtures/variables.fixture.json) and `cat` of empty values (which we join
 * as "" where json-logic-js writes "null").
 */
const EXPRESSIONS: JsonValue[] = [
  { '+': [{ var: 'a' }, { var: 'b' }, 1] },
  { '+': [{ var: 'a' }] },
  { '*': [{ var: 'a' }, 2, { var: 'b' }] },
  { '*': [{ var: 'a' }] },
  { '-': [{ var: 'a' }] },
  { '-': [{ var: 'a' }, { var: 'b' }] },
  { '/': [{ var: 'a' }, { var: 'b' }] },
  { '%': [{ var: 'a' }, 3] },
  { min: [{ var: 'a' }, { var: 'b' }, 4] },
  { max: [{ var: 'a' }, { var: 'b' }] },
  { '==': [{ var: 'a' }, { var: 'b' }] },
  { '===': [{ var: 'a' }, { var: 'b' }] },
  { '!=': [{ var: 'a' }, 1] },
  { '!==': [{ var: 'a' }, '1'] },
  { '<': [{ var: 'a' }, { var: 'b' }] },
  { '<': [0, { var: 'a' }, 10] },
  { '<=': [{ var: 'a' }, { var: 'b' }] },
  { '<=': [0, { var: 'a' }, 10] },
  { '>': [{ var: 'a' }, { var: 'b' }] },
  { '>=': [{ var: 'a' }, 5] },
  { '!': { var: 'a' } },
  { '!': [{ var: 'l' }] },
  { '!!': [{ var: 'l' }] },
  { and: [{ var: 'a' }, { var: 'b' }, { var: 't' }] },
  { or: [{ var: 'a' }, { var: 'l' }, { var: 'b' }] },
  { if: [{ var: 'a' }, 'yes', 'no'] },
  { if: [{ '>': [{ var: 'a' }, 3] }, 'big', { '>': [{ var: 'a' }, 1] }, 'medium', 'small'] },
  { if: [{ var: 'a' }, 'only'] },
  { '?:': [{ var: 'b' }, { var: 't' }, 0] },
  { cat: [{ var: ['t', 'x'] }, '-', 1, true] },
  { substr: [{ var: ['t', ''] }, 1] },
  { substr: [{ var: ['t', ''] }, -2] },
  { substr: [{ var: ['t', ''] }, 1, 2] },
  { substr: [{ var: ['t', ''] }, 0, -1] },
  { in: [{ var: 't' }, { var: 'l' }] },
  { in: ['o', { var: 't' }] },
  { var: ['missing', 7] },
  { var: 'missing' },
];

const value = fc.oneof(
  fc.integer({ min: -20, max: 20 }),
  fc.double({ min: -100, max: 100, noNaN: true }),
  fc.constantFrom('3', '0', '', 'abc', '2.5', 'hello'),
  fc.boolean(),
  fc.constant(null),
);
const data = fc.record(
  {
    a: value,
    b: value,
    t: fc.constantFrom('hello', 'loom', 'o', '', 'ab'),
    l: fc.array(fc.constantFrom('hello', 'o', 'x'), { maxLength: 3 }),
  },
  { requiredKeys: [] },
);

describe('compileExpression', () => {
  it('covers every allowed operation of JSON Logic (all but our own: score, entries, sum and the quiz marks)', () => {
    const used = new Set(EXPRESSIONS.flatMap((e) => JSON.stringify(e).match(/"[^"]+":/g) ?? []));
    const ours = new Set(['score', 'entries', 'sum', 'correct', 'correctCount']);
    for (const op of EXPRESSION_OPERATIONS) {
      if (!ours.has(op)) expect(used.has(`"${op}":`), op).toBe(true);
    }
  });

  it.each(EXPRESSIONS.map((e) => [JSON.stringify(e), e] as const))(
    '%s evaluates as json-logic-js does',
    (_s, e) => {
      const keys = ['a', 'b', 't', 'l'];
      const ours = compileExpression(e, new Map(), (id) => keys.indexOf(id));
      fc.assert(
        fc.property(data, (d) => {
          const parsed = JSON.parse(JSON.stringify(d)) as Record<string, unknown>;
          expect(ours(keys.map((k) => parsed[k]))).toEqual(jsonLogic.apply(e as never, parsed));
        }),
        { numRuns: 150 },
      );
    },
  );

  it('joins an empty value as "" in cat, and never throws', () => {
    expect(compileExpression({ cat: ['Hi ', { var: 'name' }, '!'] }, new Map(), () => 0)([])).toBe('Hi !');
    const hostile = compileExpression({ '+': [{ var: 'a' }] }, new Map(), () => 0);
    const a = {
      toString: () => {
        throw new Error('x');
      },
    };
    expect(hostile([a])).toBeNull();
  });

  it('inspects what an expression reads, its size and its problems', () => {
    const shape = inspectExpression({
      '+': [{ var: 'a' }, { score: 'q' }, { var: ['b', { var: 'c' }] }, { log: 1 }],
    });
    expect(shape.vars.sort()).toEqual(['a', 'b', 'c']);
    expect(shape.scores).toEqual(['q']);
    expect(shape.nodes).toBe(6);
    expect(shape.problems.map((p) => p.message)).toEqual(['the operation "log" is not allowed']);
  });
});
