import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { useTestServer } from '@formloom/server/testing';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * docs/openapi.json as a client sees it: openapi-typescript generates its types, and a
 * walkthrough written against openapi-fetch (create a form, publish, submit, list the responses)
 * must type-check with tsc, then runs against a real server. The folder is under this package's
 * node_modules, so `openapi-fetch` resolves as it would in a user's project.
 */
const here = dirname(fileURLToPath(import.meta.url));
const dir = join(here, 'node_modules/.cache/openapi-client');
const OPENAPI = new URL('../../docs/openapi.json', import.meta.url);

const walkthrough = (title: string) => `import createClient from 'openapi-fetch';
import type { paths } from './openapi.js';

export async function walkthrough(baseUrl: string, apiKey: string): Promise<string[]> {
  const api = createClient<paths>({ baseUrl, headers: { authorization: \`Bearer \${apiKey}\` } });
  const created = await api.POST('/v1/forms', { body: { title: ${title}, language: 'en' } });
  if (!created.data) throw new Error(created.error?.message);
  const id: string = created.data.data.id;
  const fields = await api.POST('/v1/forms/{id}/fields', {
    params: { path: { id } },
    body: { id: 'name', sectionId: created.data.data.schema.sections[0].id, type: 'text', label: 'Name', order: 0, required: true },
  });
  if (!fields.data) throw new Error(fields.error?.message);
  const published = await api.POST('/v1/forms/{id}/publish', { params: { path: { id } } });
  if (!published.data) throw new Error(published.error?.message);
  const code: string = published.data.data.shareUrl;
  const submitted = await api.POST('/v1/public/forms/{code}/responses', {
    params: { path: { code } },
    body: { answers: { name: 'Ada' } },
  });
  if (!submitted.data) throw new Error(submitted.error?.message);
  const list = await api.GET('/v1/forms/{id}/responses', { params: { path: { id }, query: { limit: 10 } } });
  if (!list.data) throw new Error(list.error?.message);
  return list.data.data.responses.map((r) => String(r.answers.name));
}
`;

const OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
  types: [],
  skipLibCheck: true,
};

/** tsc's diagnostics for the walkthrough, one line each. */
function typeCheck(source: string): string[] {
  const file = join(dir, 'walkthrough.ts');
  writeFileSync(file, source);
  const program = ts.createProgram([file], OPTIONS);
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) =>
        `${d.file ? d.file.fileName.replace(`${dir}/`, '') : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
    );
}

describe('a client generated from docs/openapi.json', () => {
  const t = useTestServer('sqlite');

  beforeAll(async () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), '{"type": "module"}\n');
    writeFileSync(join(dir, 'openapi.d.ts'), astToString(await openapiTS(OPENAPI)));
  });

  it('type-checks a walkthrough written against openapi-fetch', () => {
    expect(typeCheck(walkthrough("'Feedback'"))).toEqual([]);
  });

  it('refuses a walkthrough that breaks the contract (the check can fail)', () => {
    expect(typeCheck(walkthrough('42')).join('\n')).toMatch(
      /walkthrough\.ts: Type 'number' is not assignable to type 'string'/,
    );
  });

  it('runs the walkthrough against a real server', async () => {
    const { key } = await t.account('STARTER');
    const source = ts.transpileModule(walkthrough("'Feedback'"), {
      compilerOptions: { ...OPTIONS, module: ts.ModuleKind.ESNext },
    }).outputText;
    const file = join(dir, 'walkthrough.js');
    writeFileSync(file, source);
    const { walkthrough: run } = (await import(pathToFileURL(file).href)) as {
      walkthrough: (baseUrl: string, apiKey: string) => Promise<string[]>;
    };
    expect(await run(t.url, key)).toEqual(['Ada']);
  });
});
