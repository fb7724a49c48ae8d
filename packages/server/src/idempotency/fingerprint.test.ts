import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, fingerprint } from './fingerprint.js';

/** The same object with its keys in another order (nested objects too); arrays keep theirs. */
function permuted(value: unknown, seed: number): unknown {
  if (Array.isArray(value)) return value.map((v, i) => permuted(v, seed + i));
  if (value === null || typeof value !== 'object') return value;
  const keys = Object.keys(value);
  // A seeded Fisher-Yates shuffle, so fast-check can replay a failing case.
  let s = seed;
  for (let i = keys.length - 1; i > 0; i--) {
    s = (s * 1_103_515_245 + 12_345) & 0x7fffffff;
    const j = s % (i + 1);
    [keys[i], keys[j]] = [keys[j]!, keys[i]!];
  }
  // Object.fromEntries makes own properties: `out[k] = v` would set the prototype for "__proto__".
  return Object.fromEntries(keys.map((k) => [k, permuted((value as Record<string, unknown>)[k], seed + 1)]));
}

const json = fc.jsonValue().map((v) => JSON.parse(JSON.stringify(v)) as unknown);

describe('fingerprint (one for create routes and public submissions)', () => {
  it('permuting object keys, at any depth, keeps the fingerprint', () => {
    fc.assert(
      fc.property(json, fc.integer({ min: 0, max: 2 ** 30 }), (value, seed) => {
        const other = permuted(value, seed);
        expect(fingerprint(other)).toBe(fingerprint(value));
      }),
    );
  });

  it('a "__proto__" key parsed from JSON is a key like any other', () => {
    // fast-check found it (seed -1663607959): JSON.parse makes "__proto__" an own property.
    const withKey = JSON.parse('{"a":1,"__proto__":{"x":2}}') as unknown;
    expect(fingerprint(withKey)).not.toBe(fingerprint({ a: 1 }));
    expect(fingerprint(withKey)).toBe(fingerprint(JSON.parse('{"__proto__":{"x":2},"a":1}')));
    expect(fingerprint(withKey)).toBe(fingerprint(permuted(withKey, 7)));
  });

  it('changing a value changes the fingerprint', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.jsonValue()),
        fc.string(),
        fc.jsonValue(),
        fc.jsonValue(),
        (base, key, before, after) => {
          const a = JSON.parse(JSON.stringify({ ...base, [key]: before })) as Record<string, unknown>;
          const b = JSON.parse(JSON.stringify({ ...base, [key]: after })) as Record<string, unknown>;
          fc.pre(canonicalJson(a[key]) !== canonicalJson(b[key]));
          expect(fingerprint(b)).not.toBe(fingerprint(a));
        },
      ),
    );
  });

  it('arrays keep their order; the hash is SHA-256 hex of the canonical JSON', () => {
    expect(fingerprint([1, 2])).not.toBe(fingerprint([2, 1]));
    expect(canonicalJson({ b: [{ d: 1, c: 2 }], a: 'x' })).toBe('{"a":"x","b":[{"c":2,"d":1}]}');
    expect(fingerprint({ b: 1, a: 2 })).toMatch(/^[0-9a-f]{64}$/);
  });
});
