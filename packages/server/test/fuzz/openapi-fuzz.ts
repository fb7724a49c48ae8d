import { readFileSync } from 'node:fs';
import { contractRoutes, ErrorEnvelope } from '@formloom/contract';
import fc from 'fast-check';
import type { z } from 'zod';

/**
 * An HTTP fuzzer driven by docs/openapi.json: for every operation, requests
 * generated from its schemas (roughly valid) and mutated ones (wrong types, missing and extra
 * properties, boundary, huge and negative numbers, deep nesting, long and ill-formed strings,
 * wrong content types, bad path ids). Each answer must be below 500, in the envelope, valid
 * against the contract's schema for its status, and small.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
// biome-ignore lint/suspicious/noExplicitAny: OpenAPI schemas are read as plain JSON
type Schema = any;

export interface Operation {
  method: string;
  /** OpenAPI path with `{name}` parameters. */
  path: string;
  pathParams: string[];
  query: { name: string; schema: Schema }[];
  headers: { name: string; schema: Schema }[];
  body?: { contentType: string; schema: Schema; examples: Json[] };
  security: string[];
}

export interface FuzzRequest {
  op: Operation;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  mutation: string;
}

const document = JSON.parse(readFileSync(new URL('../../../../docs/openapi.json', import.meta.url), 'utf8'));

function deref(schema: Schema): Schema {
  let s = schema;
  while (s?.$ref) s = document.components.schemas[String(s.$ref).split('/').pop()!];
  return s;
}

export const OPERATIONS: Operation[] = Object.entries(
  document.paths as Record<string, Record<string, Schema>>,
).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => {
    const parameters = (op.parameters ?? []) as Schema[];
    const content = op.requestBody?.content ?? {};
    const contentType = Object.keys(content)[0];
    return {
      method: method.toUpperCase(),
      path,
      pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name as string),
      query: parameters
        .filter((p) => p.in === 'query')
        .map((p) => ({ name: p.name, schema: deref(p.schema) })),
      headers: parameters
        .filter((p) => p.in === 'header')
        .map((p) => ({ name: p.name, schema: deref(p.schema) })),
      ...(contentType === undefined
        ? {}
        : {
            body: {
              contentType,
              schema: deref(content[contentType].schema),
              // The document's examples are valid by construction: mutating them reaches past validation.
              examples: Object.values(
                (content[contentType].examples ?? {}) as Record<string, { value: Json }>,
              ).map((e) => e.value),
            },
          }),
      security: ((op.security ?? []) as Record<string, unknown>[]).flatMap((s) => Object.keys(s)),
    };
  }),
);

const NASTY_STRINGS = [
  '',
  ' ',
  'x'.repeat(5_000),
  '\ud800',
  'a\u0000b',
  '<script>alert(1)</script>',
  "'; drop table forms; --",
  '../../etc/passwd',
  '__proto__',
  'constructor',
  '%00',
  '😀'.repeat(300),
  '1e309',
  'NaN',
];
const NASTY_NUMBERS = [0, -1, 1, -0, 2 ** 31, 2 ** 53 + 1, 1e308, -1e308, 0.5, 1e20];

/** A roughly valid value for a JSON Schema (depth-limited). */
function arbitraryOf(schema: Schema, depth = 0): fc.Arbitrary<Json> {
  const s = deref(schema) ?? {};
  if (depth > 6) return fc.constant(null);
  if (s.enum) return fc.constantFrom(...(s.enum as Json[]));
  if (s.oneOf || s.anyOf)
    return fc.oneof(
      ...((s.oneOf ?? s.anyOf) as Schema[]).map((x) => arbitraryOf(x, depth + 1)),
    ) as fc.Arbitrary<Json>;
  if (s.allOf) return arbitraryOf(Object.assign({}, ...s.allOf.map(deref)), depth + 1);
  // OpenAPI 3.1 says null in the type (`type: ['string', 'null']`) or as `{type: 'null'}` in an anyOf.
  const types: (string | undefined)[] = Array.isArray(s.type) ? s.type : [s.type];
  const type = types.find((t) => t !== 'null');
  if (types.includes('null') && type === undefined) return fc.constant(null);
  const nullable = types.includes('null');
  const wrap = (a: fc.Arbitrary<Json>) => (nullable ? fc.oneof(a, fc.constant(null)) : a);
  const minimum = s.minimum ?? (typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum : undefined);
  switch (type) {
    case 'string':
      if (s.format === 'uuid') return wrap(fc.uuid());
      if (s.format === 'date-time') return wrap(fc.date({ noInvalidDate: true }).map((d) => d.toISOString()));
      if (s.format === 'uri')
        return wrap(fc.constantFrom('https://93.184.216.34/hook', 'http://127.0.0.1:9/x'));
      if (s.format === 'email') return wrap(fc.constantFrom('a@example.com', 'x@y.io'));
      return wrap(fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 30, 40) }));
    case 'integer':
      return wrap(
        fc.integer({
          min: minimum === undefined ? -1000 : minimum + (s.minimum === undefined ? 1 : 0),
          max: Math.min(s.maximum ?? 1000, 1_000_000),
        }),
      );
    case 'number':
      return wrap(
        fc.double({
          min: minimum ?? -1000,
          minExcluded: s.minimum === undefined && minimum !== undefined,
          max: s.maximum ?? 1000,
          noNaN: true,
          noDefaultInfinity: true,
        }),
      );
    case 'boolean':
      return wrap(fc.boolean());
    case 'array':
      return wrap(fc.array(arbitraryOf(s.items ?? {}, depth + 1), { maxLength: 4 }));
    default: {
      const properties = (s.properties ?? {}) as Record<string, Schema>;
      const required = new Set((s.required ?? []) as string[]);
      const keys = Object.keys(properties);
      if (keys.length === 0)
        return wrap(fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }));
      const record: Record<string, fc.Arbitrary<Json>> = {};
      for (const key of keys) record[key] = arbitraryOf(properties[key], depth + 1);
      return wrap(
        fc.record(record, { requiredKeys: keys.filter((k) => required.has(k)) }) as fc.Arbitrary<Json>,
      );
    }
  }
}

/** JSON text nested `levels` deep (as text: a value this deep would overflow JSON.stringify here). */
const deepText = (levels: number): string => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
/** Stands for `deepText` in a body until it is serialised. */
const DEEP = '\u0000deep\u0000';

/** Changes one thing of a valid body the way a careless or hostile client would. */
const mutate: fc.Arbitrary<{ name: string; apply: (body: Json) => Json | string }> = fc.oneof(
  fc.constant({ name: 'none', apply: (b: Json) => b }),
  fc.constant({ name: 'not an object', apply: () => [1, 2, 3] as Json }),
  fc.constant({ name: 'deep nesting', apply: () => deepText(10_000) }),
  {
    weight: 3,
    arbitrary: fc.nat().map((i) => ({
      name: 'deep nesting inside',
      apply: (b: Json) => JSON.stringify(nestAt(b, i, DEEP)).replace(JSON.stringify(DEEP), deepText(10_000)),
    })),
  },
  fc.constant({ name: 'malformed JSON', apply: () => '{"title": "x",' }),
  fc.constant({ name: 'extra property', apply: (b: Json) => (isObject(b) ? { ...b, unexpected: true } : b) }),
  fc.tuple(fc.constantFrom(...NASTY_STRINGS), fc.nat()).map(([s, i]) => ({
    name: `string ${JSON.stringify(s.slice(0, 12))}`,
    apply: (b: Json) => replaceAt(b, i, s),
  })),
  fc
    .tuple(fc.constantFrom(...NASTY_NUMBERS), fc.nat())
    .map(([n, i]) => ({ name: `number ${n}`, apply: (b: Json) => replaceAt(b, i, n) })),
  fc.nat().map((i) => ({ name: 'wrong type', apply: (b: Json) => replaceAt(b, i, { wrong: ['type'] }) })),
  fc.nat().map((i) => ({ name: 'missing property', apply: (b: Json) => dropAt(b, i) })),
);

function isObject(v: Json): v is { [key: string]: Json } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function replaceAt(body: Json, index: number, value: Json): Json {
  if (!isObject(body)) return value;
  const keys = Object.keys(body);
  if (keys.length === 0) return { [String(index % 3)]: value };
  return { ...body, [keys[index % keys.length]!]: value };
}

/**
 * A copy of `body` with `value` added under the key `x` of one of its objects: half the time one
 * that keeps unknown keys (a schema's `settings` or `meta`), where a value gets past validation.
 */
function nestAt(body: Json, index: number, value: Json): Json {
  const copy = structuredClone(body);
  const objects: { [key: string]: Json }[] = [];
  const open: { [key: string]: Json }[] = [];
  const stack: [Json, string][] = [[copy, '']];
  while (stack.length > 0) {
    const [item, key] = stack.pop()!;
    if (Array.isArray(item)) for (const v of item) stack.push([v, '']);
    else if (isObject(item)) {
      objects.push(item);
      if (key === 'settings' || key === 'meta') open.push(item);
      for (const [k, v] of Object.entries(item)) stack.push([v, k]);
    }
  }
  const pool = open.length > 0 && index % 2 === 0 ? open : objects;
  if (pool.length === 0) return value;
  pool[Math.floor(index / 2) % pool.length]!.x = value;
  return copy;
}

function dropAt(body: Json, index: number): Json {
  if (!isObject(body)) return body;
  const keys = Object.keys(body);
  if (keys.length === 0) return body;
  const { [keys[index % keys.length]!]: _, ...rest } = body;
  return rest;
}

export interface Fixtures {
  key: string;
  formId: string;
  shareCode: string;
  webhookId: string;
}

function pathValue(name: string, fixtures: Fixtures): fc.Arbitrary<string> {
  const known =
    name === 'id'
      ? [fixtures.formId, fixtures.webhookId]
      : name === 'code'
        ? [fixtures.shareCode]
        : name === 'fieldId'
          ? ['email', 'name']
          : [];
  return fc.oneof(
    fc.constantFrom(...(known.length > 0 ? known : ['00000000-0000-4000-8000-000000000000'])),
    fc.uuid(),
    fc.constantFrom(
      'not-a-uuid',
      '..',
      '%2e%2e',
      'x'.repeat(300),
      '0',
      '-1',
      'ZZZZZZZZ-0000-4000-8000-000000000000',
    ),
  );
}

/** One request for `op`: valid-ish parts, with a mutation of the body, query or headers. */
export function requestFor(op: Operation, fixtures: Fixtures): fc.Arbitrary<FuzzRequest> {
  const params = fc.tuple(...op.pathParams.map((p) => pathValue(p, fixtures)));
  const query = fc.tuple(
    ...op.query.map((q) =>
      fc.option(
        fc.oneof(
          arbitraryOf(q.schema).map((v) => String(v)),
          fc.constantFrom('-1', '0', '99999999999999999999', 'abc', '', '1e9'),
        ),
        { nil: undefined },
      ),
    ),
  );
  const body = op.body
    ? op.body.examples.length > 0
      ? fc.oneof(fc.constantFrom(...op.body.examples), arbitraryOf(op.body.schema))
      : arbitraryOf(op.body.schema)
    : fc.constant(undefined);
  const contentType = fc.oneof(
    {
      weight: 8,
      arbitrary: fc.constant(
        op.body?.contentType === 'multipart/form-data'
          ? 'multipart/form-data; boundary=x'
          : 'application/json',
      ),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data'),
    },
  );
  const credentials = fc.constantFrom('valid', 'valid', 'valid', 'none', 'forged');
  return fc
    .record({ params, query, body, mutation: mutate, contentType, credentials, arrayQuery: fc.boolean() })
    .map(({ params, query, body, mutation, contentType, credentials, arrayQuery }) => {
      let path = op.path;
      op.pathParams.forEach((name, i) => {
        path = path.replace(`{${name}}`, encodeURIComponent(params[i]!));
      });
      const search = new URLSearchParams();
      op.query.forEach((q, i) => {
        if (query[i] !== undefined) search.append(arrayQuery && i === 0 ? `${q.name}[]` : q.name, query[i]!);
      });
      const headers: Record<string, string> = {};
      const apiKey = op.security.includes('apiKey');
      if (credentials === 'valid' && apiKey) headers.authorization = `Bearer ${fixtures.key}`;
      if (credentials === 'forged')
        headers.authorization = `Bearer formloom_${'0'.repeat(12)}.${'0'.repeat(64)}`;
      if (op.security.includes('interviewToken') && credentials !== 'none')
        headers['x-session-token'] = 'fuzz-token';
      let text: string | undefined;
      if (op.body) {
        const mutated = mutation.apply(body ?? {});
        text = typeof mutated === 'string' ? mutated : JSON.stringify(mutated);
        headers['content-type'] = contentType;
      }
      const qs = search.toString();
      return {
        op,
        method: op.method,
        path: qs === '' ? path : `${path}?${qs}`,
        headers,
        ...(text === undefined ? {} : { body: text }),
        mutation: mutation.name,
      };
    });
}

/** The contract's zod schema of an answer, by operation and status; undefined when not declared. */
export function declaredSchema(op: Operation, status: number): z.ZodTypeAny | undefined {
  const template = op.path.replace(/\{(\w+)\}/g, ':$1');
  const route = contractRoutes.find((r) => r.route.path === template && r.route.method === op.method)?.route;
  return (route?.responses as Record<number, z.ZodTypeAny> | undefined)?.[status];
}

/** What a fuzzed answer must satisfy; a string naming the first violation, or undefined. */
export function checkAnswer(
  request: FuzzRequest,
  status: number,
  contentType: string,
  text: string,
): string | undefined {
  const where = `${request.method} ${request.path} (${request.mutation})`;
  if (status >= 500) return `${where}: ${status} ${text.slice(0, 300)}`;
  if (text.length > 256 * 1024) return `${where}: answer of ${text.length} bytes`;
  if (!contentType.includes('application/json')) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `${where}: ${status} answer is not JSON`;
  }
  // A dot segment (`..`) in the path is resolved by the client before sending: the request lands on
  // another route (`/forms/X/responses/..` is `/forms/X/`), whose answer is not this operation's.
  const elsewhere = /\/(?:\.\.|%2e%2e)(?:[/?]|$)/i.test(request.path);
  const schema = elsewhere && status < 400 ? undefined : declaredSchema(request.op, status);
  const parsed = (schema ?? (status >= 400 ? ErrorEnvelope : undefined))?.safeParse(body);
  if (parsed && !parsed.success)
    return `${where}: ${status} answer does not match its schema: ${parsed.error.message.slice(0, 300)}`;
  return undefined;
}

/**
 * One fuzzing pass over `operations` (default: every one) against the server at `url` (no
 * trailing slash): `runs` requests an operation from `seed + index`, each checked by
 * `checkAnswer`. The problems found (empty when every answer was sound). The sources' suite and
 * the built server's share it.
 */
export async function fuzzEveryOperation(
  url: string,
  fixtures: Fixtures,
  { seed, runs, operations = OPERATIONS }: { seed: number; runs: number; operations?: readonly Operation[] },
): Promise<string[]> {
  const failures: string[] = [];
  for (const [index, op] of operations.entries()) {
    await fc
      .assert(
        fc.asyncProperty(requestFor(op, fixtures), async (request) => {
          const res = await fetch(`${url}${request.path}`, {
            method: request.method,
            headers: request.headers,
            ...(request.body === undefined ? {} : { body: request.body }),
          });
          const text = await res.text();
          const problem = checkAnswer(request, res.status, res.headers.get('content-type') ?? '', text);
          if (problem !== undefined) failures.push(problem);
          return problem === undefined;
        }),
        { seed: seed + index, numRuns: runs, endOnFailure: true },
      )
      .catch(() => undefined);
  }
  return failures;
}
