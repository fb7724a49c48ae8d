import type { SchemaProblem, SchemaProblemCode } from '../types.js';

export type PathSegment = string | number;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * Formats a path as a JSON path from the schema root, the form editors map back onto their UI.
 * Keys that are not identifiers (passthrough `meta` keys can be anything) are quoted.
 *
 * @example
 * ```ts
 * jsonPath(['fields', 3, 'conditionalLogic']); // '$.fields[3].conditionalLogic'
 * jsonPath(['meta', 'x-y']); // '$.meta["x-y"]'
 * ```
 */
export function jsonPath(segments: readonly PathSegment[]): string {
  let out = '$';
  for (const segment of segments) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (IDENTIFIER.test(segment)) out += `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}

export function problem(
  code: SchemaProblemCode,
  path: readonly PathSegment[],
  message: string,
): SchemaProblem {
  return { code, path: jsonPath(path), message };
}

/** `"a", "b", "c"`: ids and values quoted the way messages show them. */
export function quoteList(values: readonly string[]): string {
  return values.map((v) => `"${v}"`).join(', ');
}
