import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { buildOpenApiDocument, OPENAPI_PATH, serializeOpenApi } from '../../scripts/openapi-document.js';
import { BODY_EXAMPLES } from '../../scripts/openapi-examples.js';
import { contractRoutes } from './router.js';

const fresh = serializeOpenApi(buildOpenApiDocument());

describe('docs/openapi.json', () => {
  it('is up to date with the contract', () => {
    const committed = readFileSync(OPENAPI_PATH, 'utf8');
    expect(committed === fresh, 'docs/openapi.json is stale: run `pnpm openapi` and commit the result').toBe(
      true,
    );
  });

  it('is a valid OpenAPI document', async () => {
    const result = await new Validator().validate(JSON.parse(fresh));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('is the same on every build', () => {
    expect(serializeOpenApi(buildOpenApiDocument())).toBe(fresh);
  });

  it('documents access on every operation', () => {
    const document = JSON.parse(fresh) as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const operations = Object.values(document.paths).flatMap((ops) => Object.values(ops));
    expect(operations).toHaveLength(contractRoutes.length);
    for (const op of operations) {
      expect(op['x-formloom-auth'], String(op.operationId)).toBeDefined();
      if (op['x-formloom-auth'] === 'apiKey') {
        expect(op.security).toEqual([{ apiKey: [] }]);
        expect(op['x-formloom-min-plan']).toBeDefined();
      }
    }
  });
});

describe('body examples', () => {
  const routes = new Map(contractRoutes.map((r) => [r.name, r.route]));
  for (const [operationId, examples] of Object.entries(BODY_EXAMPLES)) {
    for (const [name, example] of Object.entries(examples)) {
      it(`${operationId}.${name} matches the body schema`, () => {
        const route = routes.get(operationId);
        expect(route && 'body' in route, operationId).toBe(true);
        const body = (route as { body: z.ZodTypeAny }).body;
        const result = body.safeParse(example.value);
        expect(result.error?.issues ?? []).toEqual([]);
      });
    }
  }
});
