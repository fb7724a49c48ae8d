/**
 * The one step from what the zod-to-OpenAPI conversion writes (`@anatine/zod-openapi`, under
 * `@ts-rest/open-api`: the OpenAPI 3.0 dialect) to JSON Schema 2020-12, the dialect of OpenAPI
 * 3.1 and of MCP tool input schemas. Used by the OpenAPI document (docs/openapi.json) and by the
 * server's MCP tools, so both describe the contract's zod the same way.
 */

import type { JsonValue } from './models/form-schema.js';

type JsonObject = { [key: string]: JsonValue };

/** Keys whose children are values, not schemas. */
const VALUE_KEYS = new Set(['examples', 'example', 'enum', 'const', 'default']);

/**
 * Rewrites a schema (or a whole OpenAPI document: `examples` are left alone) in the 2020-12 dialect:
 * - `nullable: true` becomes a type array (`type: ['string', 'null']`, `null` joins an `enum`), or
 *   `anyOf: [..., {type: 'null'}]` for a schema without `type` (a `$ref` with `allOf`); alone, it
 *   means any value, which is `{}`;
 * - `exclusiveMinimum` / `exclusiveMaximum` stay numbers, and an equal `minimum` / `maximum` goes;
 * - `oneOf` without a `discriminator` becomes `anyOf` (a zod union takes any member that matches);
 *   a discriminated union stays `oneOf` without the keyword (its variants exclude each other);
 * - `z.never()`, written `{readOnly: true}`, means "must be absent": `{not: {}}`.
 *
 * ```ts
 * toJsonSchema2020({ type: 'string', nullable: true }); // { type: ['string', 'null'] }
 * ```
 */
export function toJsonSchema2020(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(toJsonSchema2020);
  if (value === null || typeof value !== 'object') return value;
  if (value.readOnly === true && Object.keys(value).every((k) => k === 'readOnly' || k === 'description')) {
    return { ...(value.description === undefined ? {} : { description: value.description }), not: {} };
  }
  const out: JsonObject = {};
  for (const [key, child] of Object.entries(value)) {
    out[key] = VALUE_KEYS.has(key) ? child : toJsonSchema2020(child);
  }
  for (const [exclusive, inclusive] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof out[exclusive] === 'number' && out[inclusive] === out[exclusive]) delete out[inclusive];
  }
  if (out.oneOf !== undefined) {
    if (out.discriminator !== undefined) delete out.discriminator;
    else {
      out.anyOf = out.oneOf;
      delete out.oneOf;
    }
  }
  return out.nullable === true ? withNull(out) : out;
}

function withNull(schema: JsonObject): JsonObject {
  const { nullable: _, ...rest } = schema;
  if (typeof rest.type === 'string') {
    const out: JsonObject = { ...rest, type: [rest.type, 'null'] };
    if (Array.isArray(rest.enum) && !rest.enum.includes(null)) out.enum = [...rest.enum, null];
    return out;
  }
  const { description, default: fallback, ...core } = rest;
  const annotations: JsonObject = {
    ...(description === undefined ? {} : { description }),
    ...(fallback === undefined ? {} : { default: fallback }),
  };
  if (Object.keys(core).length === 0) return annotations;
  // `{allOf: [ref]}` only wrapped a `$ref` to carry siblings; 2020-12 allows them beside `$ref`.
  const only = Array.isArray(core.allOf) && Object.keys(core).length === 1 && core.allOf.length === 1;
  const member = only ? (core.allOf as JsonValue[])[0] : undefined;
  return { anyOf: [member ?? core, { type: 'null' }], ...annotations };
}
