import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { OPENAPI_PATH } from '../../scripts/openapi-document.js';

type JsonNode = { [key: string]: unknown };
const document = JSON.parse(readFileSync(OPENAPI_PATH, 'utf8')) as JsonNode;

/** Every `examples` of a media type, with the JSON pointer of its schema. */
function mediaExamples(): { where: string; pointer: string; value: unknown }[] {
  const out: { where: string; pointer: string; value: unknown }[] = [];
  const pointerPart = (s: string) => s.replaceAll('~', '~0').replaceAll('/', '~1');
  const visit = (node: unknown, pointer: string[]) => {
    if (node === null || typeof node !== 'object') return;
    const media = node as JsonNode;
    if (media.schema && media.examples && typeof media.examples === 'object') {
      for (const [name, example] of Object.entries(media.examples as Record<string, { value: unknown }>)) {
        out.push({
          where: `${pointer.join('/')} ${name}`,
          pointer: [...pointer, 'schema'].join('/'),
          value: example.value,
        });
      }
    }
    for (const [key, child] of Object.entries(media)) visit(child, [...pointer, pointerPart(key)]);
  };
  visit(document.paths, ['#', 'paths']);
  return out;
}

describe('docs/openapi.json is OpenAPI 3.1', () => {
  it('declares 3.1 and a server', () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect((document.servers as unknown[]).length).toBeGreaterThan(0);
  });

  it('says null the 3.1 way: no `nullable` anywhere', () => {
    expect(JSON.stringify(document)).not.toContain('"nullable"');
  });

  const examples = mediaExamples();
  it('has examples to check', () => {
    expect(examples.length).toBeGreaterThan(10);
  });

  // JSON Schema 2020-12 (the 3.1 dialect), formats checked: an example that drifts fails here.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(document, 'openapi.json');
  for (const { where, pointer, value } of examples) {
    it(`example ${where} validates against its schema`, () => {
      const validate = ajv.getSchema(`openapi.json${pointer}`);
      expect(validate, pointer).toBeDefined();
      validate?.(value);
      expect(validate?.errors ?? []).toEqual([]);
    });
  }

  it('refuses an example that breaks its schema (the check can fail)', () => {
    const validate = ajv.getSchema('openapi.json#/components/schemas/FieldOption');
    expect(validate?.({ label: 'Sales' })).toBe(false);
    expect(validate?.({ label: 'Sales', value: 'sales' })).toBe(true);
  });
});
