import type { Field } from '../../models/field.js';

/** A 32-bit FNV-1a hash of a text: the seed of one respondent's order. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small seeded generator, so one respondent sees one order on every render. */
function generator(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Items in the order one respondent sees them: as listed, or, when the field has `shuffle`, in an
 * order drawn from `seed` (the same seed, the same order: a render after a post or a resume keeps
 * it) and the field's id. `keepLast` items (the exclusive option) stay at the end in their order.
 *
 * ```ts
 * shuffled(field, field.options ?? [], 'respondent-seed', (o) => o.value === field.exclusiveValue);
 * ```
 */
export function shuffled<T>(
  field: Pick<Field, 'id' | 'shuffle'>,
  items: readonly T[],
  seed: string,
  keepLast: (item: T) => boolean = () => false,
): T[] {
  if (field.shuffle !== true) return [...items];
  const moving = items.filter((item) => !keepLast(item));
  const last = items.filter(keepLast);
  const next = generator(hash(`${seed}\u0000${field.id}`));
  for (let i = moving.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [moving[i], moving[j]] = [moving[j]!, moving[i]!];
  }
  return [...moving, ...last];
}
