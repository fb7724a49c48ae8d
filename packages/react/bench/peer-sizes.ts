/**
 * The comparison of docs/embedding.md "Sizes": what a page downloads to render a form in the host page, ours
 * beside the peers that do the same (SurveyJS, Form.io), each bundled the same way: esbuild, everything the
 * entry exports, minified, ESM for browsers, gzip -9; React left out where a package takes it as a peer. The
 * peers are installed with npm into node_modules/.cache (the npm registry is needed the first time). Run:
 * `pnpm --filter @formloom/react bench:sizes`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const packageRoot = resolve(here, '..');
const repoRoot = resolve(packageRoot, '../..');
const cache = join(repoRoot, 'node_modules/.cache/formloom/peer-sizes');
const PEERS = ['survey-core@2.5.38', 'survey-js-ui@2.5.38', '@formio/js@5.6.0'];
const REACT = ['react', 'react/*', 'react-dom', 'react-dom/*'];

interface Entry {
  name: string;
  contents: string;
  resolveDir: string;
  external?: string[];
  conditions?: string[];
}

async function gzipped(entry: Entry): Promise<{ min: number; gz: number }> {
  const out = await build({
    stdin: { contents: entry.contents, resolveDir: entry.resolveDir, loader: 'tsx' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    minify: true,
    jsx: 'automatic',
    external: entry.external ?? [],
    conditions: entry.conditions ?? [],
    // The peers ship CSS and fonts beside their JavaScript; only the JavaScript is compared.
    loader: { '.css': 'empty', '.woff': 'empty', '.woff2': 'empty', '.ttf': 'empty', '.svg': 'empty' },
    logLevel: 'silent',
  });
  const js = out.outputFiles[0]!.contents;
  return { min: js.length, gz: gzipSync(js, { level: 9 }).length };
}

function installPeers(): void {
  if (PEERS.every((p) => existsSync(join(cache, 'node_modules', p.slice(0, p.lastIndexOf('@')))))) return;
  mkdirSync(cache, { recursive: true });
  writeFileSync(join(cache, 'package.json'), '{"private":true}\n');
  console.error(`installing ${PEERS.join(', ')} into ${cache} ...`);
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', ...PEERS], {
    cwd: cache,
    stdio: 'inherit',
  });
}

const ours: Entry[] = [
  {
    name: '@formloom/runtime (with the engine)',
    contents: "export * from '@formloom/runtime';",
    resolveDir: packageRoot,
    conditions: ['source'],
  },
  {
    name: '@formloom/react with the runtime and the engine (React excluded)',
    contents: "export * from './src/index.ts';",
    resolveDir: packageRoot,
    external: REACT,
    conditions: ['source'],
  },
];
const elements = resolve(repoRoot, 'packages/elements/src/index.ts');
if (existsSync(elements)) {
  ours.push({
    name: '@formloom/elements with the runtime and the engine',
    contents: `export * from ${JSON.stringify(elements)};`,
    resolveDir: packageRoot,
    conditions: ['source'],
  });
}

installPeers();
const peers: Entry[] = [
  {
    name: 'SurveyJS: survey-core + survey-js-ui 2.5.38',
    contents: "export * from 'survey-core'; export * from 'survey-js-ui';",
    resolveDir: cache,
  },
  { name: 'Form.io: @formio/js 5.6.0', contents: "export * from '@formio/js';", resolveDir: cache },
];

const rows: string[] = [];
for (const entry of [...ours, ...peers]) {
  const { min, gz } = await gzipped(entry);
  rows.push(`| ${entry.name} | ${(min / 1024).toFixed(1)} KB | ${(gz / 1024).toFixed(1)} KB |`);
}
console.log(['| bundle | minified | gzip -9 |', '|---|---|---|', ...rows].join('\n'));
