import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { packageRoot } from './support/bundle.js';

const FAMILIES = [
  'scales',
  'matrix',
  'ranking',
  'choices',
  'inputs',
  'address',
  'signature',
  'notices',
  'repeat',
  'quiz',
  'access',
  'respondent',
] as const;

interface Chunks {
  /** What a page loads to start: the entry and what it imports statically, gzipped. */
  start: number;
  startInputs: string[];
  /** Each family's chunk (dynamic imports; `repeat` draws a repeating section's entries), gzipped. */
  families: Map<string, number>;
  /** Chunks neither in the start nor a family's own. */
  others: string[];
}

/**
 * The package minified as an app's bundler would take it, with code splitting, gzipped (-9);
 * `external` left out.
 */
async function chunks(external: string[]): Promise<Chunks> {
  const out = await build({
    entryPoints: { index: 'src/index.ts' },
    bundle: true,
    splitting: true,
    outdir: 'out',
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'browser',
    minify: true,
    conditions: ['source'],
    jsx: 'automatic',
    external,
    absWorkingDir: packageRoot,
    logLevel: 'silent',
  });
  const meta = out.metafile as Metafile;
  const gz = new Map(
    out.outputFiles.map((f) => [
      f.path.slice(packageRoot.length + 1),
      gzipSync(f.contents, { level: 9 }).length,
    ]),
  );
  const start = new Set<string>();
  const visit = (path: string) => {
    if (start.has(path)) return;
    start.add(path);
    for (const i of meta.outputs[path]!.imports)
      if (i.kind === 'import-statement' && !i.external) visit(i.path);
  };
  visit('out/index.js');
  const families = new Map<string, number>();
  const others: string[] = [];
  for (const [path, output] of Object.entries(meta.outputs)) {
    if (start.has(path) || path.endsWith('.map')) continue;
    const family = FAMILIES.find((f) => output.entryPoint === `src/families/${f}.tsx`);
    if (family === undefined) others.push(path);
    else families.set(family, gz.get(path)!);
  }
  return {
    start: [...start].reduce((sum, path) => sum + gz.get(path)!, 0),
    startInputs: [...start].flatMap((path) => Object.keys(meta.outputs[path]!.inputs)),
    families,
    others,
  };
}

const OWN = [
  'react',
  'react/*',
  'react-dom',
  '@formloom/runtime',
  '@formloom/contract',
  '@formloom/contract/*',
];

// The budgets of docs/embedding.md "Sizes". The figures are printed for that page.
describe('size budgets of @formloom/react', () => {
  it('its own code is at most 8 KB gzipped (React, the runtime and the engine excluded)', async () => {
    const own = await chunks(OWN);
    console.log(`@formloom/react, own code at start: ${own.start} bytes gzipped`);
    expect(own.start).toBeLessThanOrEqual(8 * 1024);
  });

  it('a React embed (package, runtime and engine; React excluded) is at most 30 KB gzipped', async () => {
    const embed = await chunks(['react', 'react/*', 'react-dom']);
    console.log(`@formloom/react with the runtime and the engine: ${embed.start} bytes gzipped`);
    expect(embed.start).toBeLessThanOrEqual(30 * 1024);
  });

  it("each family of question types, and the repeating sections' entries, is a chunk of its own, none of it in the start", async () => {
    const own = await chunks(OWN);
    for (const [family, size] of own.families)
      console.log(`@formloom/react, ${family} chunk: ${size} bytes gzipped`);
    expect([...own.families.keys()].sort()).toEqual([...FAMILIES].sort());
    expect(own.startInputs.filter((input) => input.includes('src/families/'))).toEqual([]);
    // No chunk shared only among families: a family loads its chunk and nothing else of ours.
    expect(own.others).toEqual([]);
  });
});
