/**
 * The ReDoS analysis of `pattern` rules alone, `@formloom/contract/integrity/pattern-safety`: what a
 * browser editor loads beside `./integrity/core` when a schema has a pattern. It runs recheck and
 * RE2JS (optional peer dependencies, ~700 KB and ~65 KB gzipped in a browser bundle), so the editor
 * refuses what the server refuses.
 */
export { checkPatternSafety, type PatternSafety } from './regex-safety.js';
