import { describe, expect, it } from 'vitest';
import type { Field } from '../../models/field.js';
import type { FormSchema } from '../../models/form-schema.js';
import { compileForm } from '../validate/compile-form.js';

/** A small seeded generator (mulberry32), so every run checks the same corpus. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Shape {
  min: number | undefined;
  max: number | undefined;
  hostRequired: boolean;
  nameRequired: boolean;
  floor: number;
  mode: 'any' | 'all' | undefined;
}

const ABSENT = Symbol('absent');
const NAMES = ['Ada', '', '  ', 5, ABSENT, 'Bo'];
const NUMBERS = [3, '4', -1, 'x', '', 10, ABSENT, 0];
const KINDS = ['a', 'b', 'c', 7, ABSENT, ''];
const EXTRAS = ['t', 5, '', ABSENT];

function schemaOf(shape: Shape): FormSchema {
  const f = (id: string, sectionId: string, order: number, extra: Partial<Field>) =>
    ({ id, sectionId, label: id, order, type: 'text', ...extra }) as Field;
  return {
    version: '1',
    schemaVersion: '1',
    meta: { title: 'Corpus', language: 'en' },
    sections: [
      { id: 'main', title: 'Main', order: 0 },
      { id: 'g', title: 'Guests', order: 1, repeat: { min: shape.min, max: shape.max } },
    ],
    fields: [
      f('host', 'main', 0, { required: shape.hostRequired }),
      f('flag', 'main', 1, {
        conditionalLogic: {
          action: 'show',
          conditionGroups: [
            {
              conditions: [
                {
                  fieldId: 'kind',
                  operator: 'equals',
                  value: 'b',
                  ...(shape.mode ? { entry: shape.mode } : {}),
                },
              ],
            },
          ],
        },
      }),
      f('name', 'g', 0, { required: shape.nameRequired }),
      f('n', 'g', 1, { type: 'number', validation: { rules: [{ type: 'min', value: shape.floor }] } }),
      f('kind', 'g', 2, {
        type: 'radio',
        options: [
          { label: 'A', value: 'a' },
          { label: 'B', value: 'b' },
        ],
      }),
      f('extra', 'g', 3, {
        conditionalLogic: {
          action: 'show',
          conditionGroups: [{ conditions: [{ fieldId: 'kind', operator: 'equals', value: 'b' }] }],
        },
      }),
    ],
    variables: [
      { id: 'count', type: 'number', expression: { entries: 'g' } },
      { id: 'total', type: 'number', expression: { sum: ['g', 'n'] } },
    ],
  };
}

const blank = (v: unknown) => v === undefined || (typeof v === 'string' && v.trim() === '');

/** What the engine should answer, written out plainly. */
function reference(shape: Shape, answers: Record<string, unknown>) {
  const errors: string[] = [];
  const value: Record<string, unknown> = {};
  const text = (id: string, v: unknown, required: boolean, into: Record<string, unknown>) => {
    if (blank(v)) {
      if (required) errors.push(`${id} required`);
    } else if (typeof v !== 'string') errors.push(`${id} type`);
    else into[id.replace(/^.*\./, '')] = v;
  };
  text('host', answers.host, shape.hostRequired, value);
  for (const key of Object.keys(answers)) {
    if (!['host', 'flag', 'g'].includes(key)) errors.push(`${key} unknown_field`);
  }
  const list = answers.g;
  const entries = list === undefined ? [] : Array.isArray(list) ? (list as Record<string, unknown>[]) : null;
  let total = 0;
  if (entries === null || entries.some((e) => typeof e !== 'object' || e === null || Array.isArray(e))) {
    errors.push('g type');
  } else {
    const kindB = entries.filter((e) => e.kind === 'b').length;
    const flagShown = shape.mode === 'all' ? entries.length > 0 && kindB === entries.length : kindB > 0;
    if (flagShown) text('flag', answers.flag, false, value);
    const min = shape.min ?? 0;
    const max = shape.max ?? 50;
    if (entries.length < min) errors.push('g minEntries');
    if (entries.length > max) errors.push('g maxEntries');
    else {
      const kept = entries.map((entry, i) => {
        const at = `g[${i}].`;
        const out: Record<string, unknown> = {};
        for (const key of Object.keys(entry)) {
          if (!['name', 'n', 'kind', 'extra'].includes(key)) errors.push(`${at}${key} unknown_field`);
        }
        text(`${at}name`, entry.name, shape.nameRequired, out);
        const n = entry.n;
        if (!blank(n)) {
          const number = typeof n === 'number' ? n : Number(n);
          if (Number.isNaN(number)) errors.push(`${at}n type`);
          else if (number < shape.floor) errors.push(`${at}n min`);
          else {
            out.n = number;
            total += number;
          }
        }
        const kind = entry.kind;
        if (!blank(kind)) {
          if (typeof kind !== 'string') errors.push(`${at}kind type`);
          else if (kind !== 'a' && kind !== 'b') errors.push(`${at}kind option`);
          else out.kind = kind;
        }
        if (kind === 'b') text(`${at}extra`, entry.extra, false, out);
        return out;
      });
      if (kept.length > 0) value.g = kept;
    }
  }
  const count = entries?.length ?? 0;
  return errors.length === 0
    ? { ok: true, value, errors: [] as string[], variables: { count, total } }
    : { ok: false, value: {}, errors: errors.sort(), variables: {} };
}

function answersOf(next: () => number): Record<string, unknown> {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const answers: Record<string, unknown> = {};
  const put = (into: Record<string, unknown>, key: string, v: unknown) => {
    if (v !== ABSENT) into[key] = v;
  };
  put(answers, 'host', pick(NAMES));
  put(answers, 'flag', pick(['f', ABSENT, ABSENT]));
  const roll = next();
  if (roll < 0.04) answers.g = pick(['guests', 3, { name: 'Ada' }, [1], [['a']], [null]]);
  else if (roll < 0.08) answers.other = 'x';
  if (answers.g === undefined && next() < 0.95) {
    answers.g = Array.from({ length: Math.floor(next() * 21) }, () => {
      const entry: Record<string, unknown> = {};
      // Mostly valid entries, so that a good share of the responses pass.
      const valid = next() < 0.8;
      put(entry, 'name', valid ? 'Ada' : pick(NAMES));
      put(entry, 'n', valid ? pick([3, '4', 10, ABSENT]) : pick(NUMBERS));
      put(entry, 'kind', valid ? pick(['a', 'b', ABSENT]) : pick(KINDS));
      put(entry, 'extra', pick(EXTRAS));
      if (!valid && next() < 0.2) entry.shoe = 1;
      return entry;
    });
  }
  return answers;
}

describe('repeating sections against a plain reference', () => {
  it('agrees on 400 generated forms and 2,000 responses of 0..20 entries', () => {
    const next = random(20261129);
    let passed = 0;
    const counts = new Set<number>();
    for (let s = 0; s < 400; s++) {
      const min = next() < 0.5 ? Math.floor(next() * 4) : undefined;
      const shape: Shape = {
        min,
        max: next() < 0.6 ? (min ?? 0) + 1 + Math.floor(next() * 20) : undefined,
        hostRequired: next() < 0.3,
        nameRequired: next() < 0.5,
        floor: Math.floor(next() * 5) - 1,
        mode: [undefined, 'any', 'all'][Math.floor(next() * 3)] as Shape['mode'],
      };
      const form = compileForm(schemaOf(shape));
      for (let r = 0; r < 5; r++) {
        const answers = answersOf(next);
        const expected = reference(shape, answers);
        const result = form.validate(answers);
        const got = {
          ok: result.ok,
          value: result.value,
          errors: result.errors.map((e) => `${e.fieldId} ${e.rule}`).sort(),
          variables: result.variables,
        };
        expect(got, JSON.stringify({ shape, answers })).toEqual(expected);
        if (expected.ok) passed++;
        if (Array.isArray(answers.g)) counts.add(answers.g.length);
      }
    }
    // The corpus is varied: many pass, many fail, and the entry counts span 0..20.
    expect(passed).toBeGreaterThan(200);
    expect(passed).toBeLessThan(1800);
    expect(counts.size).toBe(21);
  });
});
