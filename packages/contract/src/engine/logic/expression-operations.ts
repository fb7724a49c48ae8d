/**
 * The operations a variable's expression may use (JSON Logic, jsonlogic.com); expressions.ts
 * compiles them. A file of its own: the list is in every bundle of the engine, while the
 * compiler loads on demand in a browser (`loadVariables`).
 */
export const EXPRESSION_OPERATIONS = [
  // reading values
  'var',
  'score',
  // a quiz's marks, computed on the server only (public forms carry no right answers)
  'correct',
  'correctCount',
  // repeating sections: the count of entries, and a field summed over them
  'entries',
  'sum',
  // arithmetic
  '+',
  '-',
  '*',
  '/',
  '%',
  'min',
  'max',
  // comparison
  '==',
  '===',
  '!=',
  '!==',
  '<',
  '<=',
  '>',
  '>=',
  // logic
  'and',
  'or',
  '!',
  '!!',
  'if',
  '?:',
  // text and lists
  'cat',
  'substr',
  'in',
] as const;
export type ExpressionOperation = (typeof EXPRESSION_OPERATIONS)[number];

/**
 * The value `{"entries": sectionId}` reads: the count of the section's entries, which the code of
 * repeating sections (repeat/repeat.ts) answers under this id (no field id begins with `~`).
 */
export const entriesId = (section: string): string => `~n:${section}`;

/** The value `{"sum": [sectionId, fieldId]}` reads: the field summed over the section's entries. */
export const sumId = (section: string, field: string): string => `~s:${section}:${field}`;
