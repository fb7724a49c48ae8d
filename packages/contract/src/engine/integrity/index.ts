/**
 * The schema integrity check, `@formloom/contract/integrity`: ids, references, operators, visibility
 * cycles, limits and unsafe patterns. Its ReDoS check runs recheck and its pattern engine RE2JS
 * (`compileLinearPattern`, which a server passes to `compileForm`), optional peer dependencies of
 * the contract: install `recheck` and `re2js` beside it to use this entry (the server does). A browser editor
 * uses `./integrity/core` and `./integrity/pattern-safety` instead, to load recheck only when needed.
 */
export { checkSchema } from './check-schema.js';
export { type InspectResult, inspectSchema } from './inspect-schema.js';
export { schemaWarnings } from './jumps.js';
export { compileLinearPattern, UnsupportedPatternError } from './linear-pattern.js';
export { jsonPath } from './paths.js';
export { checkPatternSyntax, type PatternJudge } from './pattern-syntax.js';
export { conditionPartProblems, isImageUrl } from './question-types.js';
export { RESERVED_IDS } from './references.js';
export { checkPatternSafety, type PatternSafety } from './regex-safety.js';
export { checkSchemaWith } from './schema-problems.js';
export { schemaByteLength } from './size-limits.js';
export { isIsoDate } from './values.js';
