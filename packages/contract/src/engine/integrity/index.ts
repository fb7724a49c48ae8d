export { checkSchema } from './check-schema.js';
export { type InspectResult, inspectSchema } from './inspect-schema.js';
export { jsonPath } from './paths.js';
export { RESERVED_IDS } from './references.js';
export { checkPatternSafety, type PatternSafety } from './regex-safety.js';
export { schemaByteLength } from './size-limits.js';
export { isIsoDate } from './values.js';
