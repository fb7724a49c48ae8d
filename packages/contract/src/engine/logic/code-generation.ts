/**
 * Is generating code allowed here? Only where we know it is: Node.js (no CSP), and not disabled.
 * The compiled check of a form (validate/generated-check.ts) and variables' expressions
 * (logic/expressions.ts) both ask.
 */
export function canGenerateCode(): boolean {
  const process = (globalThis as { process?: { versions?: { node?: unknown } } }).process;
  return typeof process?.versions?.node === 'string';
}
