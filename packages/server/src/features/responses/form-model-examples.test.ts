import { readFileSync } from 'node:fs';
import type { FormSchema } from '@formloom/contract';
import { prefillAnswers } from '@formloom/contract/engine';
import { describe, expect, it } from 'vitest';
import { describeEachDialect, type TestServer } from '../../../test/support/test-server.js';

/**
 * docs/form-model-examples.md runs: each block after `<!-- example: <name> <kind> -->` is read
 * from the page and played against the real server, so the worked examples cannot rot.
 */
const DOC = new URL('../../../../../docs/form-model-examples.md', import.meta.url);
const MARKER = /^<!--\s*example:\s*(\S+)\s+(\S+)\s*-->\s*$/;
const KINDS = ['schema', 'link', 'submission', 'response', 'public'] as const;
type Kind = (typeof KINDS)[number];

/** The marked blocks of the page, by example name and kind (raw text). */
function exampleBlocks(markdown: string): Map<string, Partial<Record<Kind, string>>> {
  const lines = markdown.split(/\r?\n/);
  const examples = new Map<string, Partial<Record<Kind, string>>>();
  lines.forEach((line, i) => {
    const match = MARKER.exec(line);
    if (match === null) return;
    const [, name, kind] = match as unknown as [string, string, Kind];
    if (!KINDS.includes(kind)) throw new Error(`line ${i + 1}: unknown example kind ${kind}`);
    if (!/^\s*```/.test(lines[i + 1] ?? '')) throw new Error(`line ${i + 1}: no code block after the marker`);
    const end = lines.findIndex((l, j) => j > i + 1 && /^\s*```/.test(l));
    const example = examples.get(name) ?? {};
    example[kind] = lines.slice(i + 2, end).join('\n');
    examples.set(name, example);
  });
  return examples;
}

const examples = exampleBlocks(readFileSync(DOC, 'utf8'));

describe('docs/form-model-examples.md', () => {
  it('has the three worked examples, each complete', () => {
    expect([...examples.keys()]).toEqual(['quiz', 'application', 'bilingual']);
    for (const [name, blocks] of examples) {
      for (const kind of ['schema', 'link', 'submission', 'response'] as const) {
        expect(blocks[kind], `${name} ${kind}`).toBeDefined();
      }
    }
  });
});

describeEachDialect('the worked examples of the form model', (t: TestServer) => {
  for (const [name, blocks] of examples) {
    it(`${name}: created, published, prefilled, submitted and read as the page says`, async () => {
      const { key } = await t.account('MAX');
      const schema = JSON.parse(blocks.schema!) as FormSchema;
      const created = await t.request('/v1/forms', {
        method: 'POST',
        key,
        json: { title: schema.meta.title, schema },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const formId = created.body.data.id as string;
      const published = await t.request(`/v1/forms/${formId}/publish`, { method: 'POST', key });
      expect(published.status).toBe(200);
      const code = published.body.data.shareUrl as string;

      const link = new URL(blocks.link!.trim());
      const lang = link.searchParams.get('lang');
      const read = await t.request(`/v1/public/forms/${code}${lang === null ? '' : `?lang=${lang}`}`);
      expect(read.status).toBe(200);
      if (blocks.public !== undefined) expect(read.body.data).toMatchObject(JSON.parse(blocks.public));

      // What the public page submits: the link's prefilled values under the respondent's answers.
      const submission = JSON.parse(blocks.submission!) as { answers: Record<string, unknown> };
      const answers = { ...prefillAnswers(schema, link.searchParams), ...submission.answers };
      const submitted = await t.request(`/v1/public/forms/${code}/responses`, {
        method: 'POST',
        json: { ...submission, answers },
      });
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
      const response = await t.request(`/v1/forms/${formId}/responses/${submitted.body.data.responseId}`, {
        key,
      });
      expect(response.body.data).toMatchObject(JSON.parse(blocks.response!));
    });
  }
});
