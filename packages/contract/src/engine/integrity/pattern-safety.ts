/**
 * The ReDoS analysis of `pattern` rules alone, `@formloom/contract/integrity/pattern-safety`: what a
 * browser editor loads beside `./integrity/core` when a schema has a pattern. It runs recheck (an
 * optional peer dependency, ~700 KB gzipped in a browser bundle).
 */
export { checkPatternSafety, type PatternSafety } from './regex-safety.js';
