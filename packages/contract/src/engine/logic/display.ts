import type { Field } from '../../models/field.js';

/**
 * Whether a renderer marks a field required: `required: true`, or a `required` rule without `when`
 * (a conditional one is judged at validation, not announced up front).
 */
export function isFieldRequired(field: Field): boolean {
  return (
    field.required === true || (field.validation?.rules ?? []).some((r) => r.type === 'required' && !r.when)
  );
}

/** Sections or fields in the order a respondent sees them: by `order`, then as listed. */
export function byDisplayOrder<T extends { order: number }>(items: readonly T[]): T[] {
  return items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => a.item.order - b.item.order || a.i - b.i)
    .map((e) => e.item);
}
