/**
 * The operations a variable's expression may use (JSON Logic, jsonlogic.com); expressions.ts
 * compiles them. A file of its own: the list is in every bundle of the engine, while the
 * compiler loads on demand in a browser (`loadVariables`).
 */
export const EXPRESSION_OPERATIONS = [
  // reading values
  'var',
  'score',
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
