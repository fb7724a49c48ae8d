/**
 * The schema integrity check without its ReDoS analysis, `@formloom/contract/integrity/core`: no
 * recheck in it, so a browser editor can check a schema as it is typed and load
 * `@formloom/contract/integrity/pattern-safety` (recheck's ~700 KB) only for `pattern` rules.
 */
export { schemaWarnings } from './jumps.js';
export { checkPatternSyntax, type PatternJudge, type PatternSafety } from './pattern-syntax.js';
export { conditionPartProblems, isImageUrl } from './question-types.js';
export { checkSchemaWith } from './schema-problems.js';
