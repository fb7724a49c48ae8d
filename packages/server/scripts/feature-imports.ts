/**
 * The import structure of packages/server's feature folders, for docs/server.md "Import structure":
 *
 *   node --import tsx packages/server/scripts/feature-imports.ts [<checkout>]
 *
 * `<checkout>` is the root of a Formloom checkout (default: this one); only its files are read, so
 * an older commit's worktree needs no install. Prints the import statements of
 * `src/features/<a>/` (test files left out) that reach `src/features/<b>/` with a ≠ b, value and
 * type-only apart, the feature-to-feature edges (pairs of folders) with their counts, the cycles among features, and a
 * Mermaid `graph LR` of those edges and of each feature's imports from `src/platform/`.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type FeatureImport,
  featureCycles,
  featureImports,
  featureOf,
  readSources,
} from './feature-graph.js';

const here = dirname(fileURLToPath(import.meta.url));
const checkout = resolve(process.argv[2] ?? join(here, '../../..'));
const serverRoot = join(checkout, 'packages/server');
if (!existsSync(join(serverRoot, 'src/features'))) {
  throw new Error(`${checkout} holds no packages/server/src/features`);
}

const sources = readSources(serverRoot, ['src']);
const imports = featureImports(sources, { platform: true });
const between = imports.filter((i) => i.to !== 'platform');
const values = between.filter((i) => i.values).length;

/** Statements per `from -> to`, value and type-only apart, sorted by edge. */
function edges(list: FeatureImport[]): [string, { values: number; types: number }][] {
  const counts = new Map<string, { values: number; types: number }>();
  for (const { from, to, values } of list) {
    const key = `${from} -> ${to}`;
    const count = counts.get(key) ?? { values: 0, types: 0 };
    if (values) count.values++;
    else count.types++;
    counts.set(key, count);
  }
  return [...counts].sort(([a], [b]) => a.localeCompare(b));
}

const cycles = featureCycles(sources);
const features = new Set(Object.keys(sources).map(featureOf).filter(Boolean));
console.log(`Feature folders: ${features.size}`);
console.log(
  `Imports from one feature into another: ${between.length} statements (${values} bring values, ${between.length - values} only types)`,
);
console.log(`Feature-to-feature edges (pairs of folders): ${edges(between).length}`);
console.log(`Cycles among features: ${cycles.length}`);
for (const cycle of cycles) console.log(`  ${cycle.join(', ')}`);
console.log('\nEdges (value + type-only statements):');
for (const [edge, { values, types }] of edges(between)) console.log(`  ${edge}: ${values} + ${types}`);

console.log('\n```mermaid\ngraph LR');
for (const [edge, { values, types }] of edges(imports)) {
  const [from, to] = edge.split(' -> ') as [string, string];
  // A solid arrow brings values, a dotted one only types.
  const arrow = values > 0 ? '-->' : '-.->';
  const id = (name: string) => name.replace(/-/g, '_');
  // `2, 1t`: two statements bring values, one only types.
  const label = [values > 0 ? `${values}` : '', types > 0 ? `${types}t` : ''].filter(Boolean).join(', ');
  console.log(`  ${id(from)}[${from}] ${arrow}|${label}| ${id(to)}[${to}]`);
}
console.log('```');
