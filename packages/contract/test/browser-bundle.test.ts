import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const entry = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const BUILTINS = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

/**
 * The contract is isomorphic: the public form page bundles the same engine the server runs. A
 * browser build must resolve without any Node built-in, or it would fail (or silently shim) there.
 */
describe.each([
  ['the whole contract', '../src/index.ts', false],
  ['the engine entry', '../src/engine/index.ts', false],
  ['the integrity entry', '../src/engine/integrity/index.ts', true],
  // What a browser editor loads at once, and only for `pattern` rules.
  ['the integrity core entry', '../src/engine/integrity/core.ts', false],
  ['the pattern-safety entry', '../src/engine/integrity/pattern-safety.ts', true],
])('browser bundle of %s', (_name, file, needsRecheck) => {
  it('builds for the browser with no Node built-in in it', async () => {
    const result = await build({
      entryPoints: [entry(file)],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      target: 'es2022',
      conditions: ['source'],
      write: false,
      metafile: true,
      minify: true,
      logLevel: 'silent',
    });
    expect(result.errors).toEqual([]);
    // Only the integrity entries carry the ReDoS checker and the linear-time pattern engine
    // (recheck and re2js, optional peer dependencies): the form page's engine keeps RegExp.
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((p) => p.includes('node_modules/recheck'))).toBe(needsRecheck);
    expect(inputs.some((p) => p.includes('node_modules/re2js'))).toBe(needsRecheck);
    const imported = Object.values(result.metafile.inputs).flatMap((input) =>
      input.imports.map((i) => i.path),
    );
    expect(imported.filter((p) => BUILTINS.has(p))).toEqual([]);
    const code = result.outputFiles[0]!.text;
    expect(code).not.toMatch(
      /\brequire\(\s*["'](node:)?(fs|path|crypto|os|child_process|worker_threads|stream|buffer)["']/,
    );
    expect(code).not.toMatch(/from\s*["']node:/);
  });
});

// A browser bundle's English lacks the question types' messages until their code loads; a form
// compiled after `loadQuestionTypes()` (as the runtime does) says them in full.
describe('the engine as a browser bundles it', () => {
  it('loads the question types and their English messages together', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'formloom-engine-browser-'));
    try {
      const main = join(dir, 'main.ts');
      writeFileSync(
        main,
        `import { compileForm, loadQuestionTypes, messagesFor, questionHooks } from ${JSON.stringify(entry('../src/engine/index.ts'))};
const schema = {
  version: '1.0', schemaVersion: '2025-01-01', meta: { title: 'T', language: 'en' },
  sections: [{ id: 's', title: 'S', order: 0 }],
  fields: [{ id: 'rank', sectionId: 's', type: 'ranking', label: 'Rank', order: 0, ranking: { top: 2 },
    options: [{ label: 'A', value: 'a' }, { label: 'B', value: 'b' }, { label: 'C', value: 'c' }] }],
};
export async function run() {
  const before = { hooks: questionHooks() !== undefined, message: messagesFor('en').rankCount };
  await loadQuestionTypes();
  const result = compileForm(schema).validate({ rank: ['a'] });
  return { before, hooks: questionHooks() !== undefined, errors: result.errors };
}
`,
      );
      await build({
        entryPoints: [main],
        bundle: true,
        splitting: true,
        platform: 'browser',
        format: 'esm',
        conditions: ['source', 'browser'],
        outdir: join(dir, 'out'),
        logLevel: 'silent',
      });
      const { run } = (await import(pathToFileURL(join(dir, 'out', 'main.js')).href)) as {
        run: () => Promise<{
          before: { hooks: boolean; message: unknown };
          hooks: boolean;
          errors: { fieldId: string; message: string }[];
        }>;
      };
      const got = await run();
      expect(got.before).toEqual({ hooks: false, message: undefined });
      expect(got.hooks).toBe(true);
      expect(got.errors).toEqual([expect.objectContaining({ fieldId: 'rank', message: 'Rank 2 options.' })]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
