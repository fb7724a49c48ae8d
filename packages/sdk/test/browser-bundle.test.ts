import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const BUILTINS = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

/**
 * The SDK runs on Node 22.12+, browsers, Deno and Bun: fetch and WebCrypto only. A browser build
 * must resolve without any Node built-in (an import of one fails the build for `platform: browser`).
 */
describe('browser bundle of the SDK', () => {
  it('builds for the browser with no Node built-in in it', async () => {
    const result = await build({
      entryPoints: [fileURLToPath(new URL('../src/index.ts', import.meta.url))],
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
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((p) => p.includes('/ky/'))).toBe(true);
    // The ReDoS checker belongs to the contract's integrity entry, which the SDK never loads.
    expect(inputs.filter((p) => /recheck|regex-safety|check-schema/.test(p))).toEqual([]);
    const imported = Object.values(result.metafile.inputs).flatMap((input) =>
      input.imports.map((i) => i.path),
    );
    expect(imported.filter((p) => BUILTINS.has(p))).toEqual([]);
    const code = result.outputFiles[0]!.text;
    expect(code).not.toMatch(/\brequire\(\s*["'](node:)?[a-z_]+["']\)/);
    expect(code).not.toMatch(/from\s*["']node:/);
    expect(code).not.toMatch(/\bBuffer\.|process\.env\.[A-Z]/);
  });
});
