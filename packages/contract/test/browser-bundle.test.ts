import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
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
