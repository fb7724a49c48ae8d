import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';

/**
 * How packages/server's feature folders import each other, read from the sources' text (no
 * compiler): the import statements of `src/features/<x>/` that reach another feature or the
 * platform, whether they bring values or only types, and the cycles among features. Shared by
 * src/features/feature-boundaries.test.ts (the rules of docs/server.md "Code map") and
 * scripts/feature-imports.ts (the counts and picture of docs/server.md "Import structure").
 */

/** Paths relative to packages/server, with forward slashes. */
export type Sources = Record<string, string>;

/** One import (or re-export) statement of a feature's non-test file, and the folder it reaches. */
export interface FeatureImport {
  path: string;
  from: string;
  /** The other feature's folder name, or `platform`. */
  to: string;
  values: boolean;
}

const FEATURE = /^src\/features\/([^/]+)\//;
const PLATFORM = /^src\/platform\//;

/** `import type {...}`, `export type {...}`, or braces holding only `type X` names. */
const STATEMENT = /\b(import|export)\s+(type\s+)?([^;'"]*?)\s*from\s*'(\.{1,2}\/[^']*)'/g;
const DYNAMIC = /\bimport\s*\(\s*'(\.{1,2}\/[^']*)'/g;

function typesOnly(keyword: string | undefined, names: string): boolean {
  if (keyword !== undefined) return true;
  const braces = /^\{([^}]*)\}$/.exec(names.trim());
  if (braces === null) return false;
  const items = braces[1]!
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return items.length > 0 && items.every((item) => item.startsWith('type '));
}

export function featureOf(path: string): string | undefined {
  return FEATURE.exec(path)?.[1];
}

export function resolveImport(from: string, specifier: string): string {
  return posix.normalize(posix.join(posix.dirname(from), specifier)).replace(/\.js$/, '.ts');
}

/**
 * Every import of a feature's non-test file from another feature (and, with `platform`, from
 * src/platform too): whose, and whether values come.
 */
export function featureImports(sources: Sources, options: { platform?: boolean } = {}): FeatureImport[] {
  const found: FeatureImport[] = [];
  for (const [path, text] of Object.entries(sources)) {
    const own = featureOf(path);
    if (own === undefined || path.endsWith('.test.ts')) continue;
    const add = (specifier: string, values: boolean) => {
      const target = resolveImport(path, specifier);
      const to = featureOf(target) ?? (options.platform && PLATFORM.test(target) ? 'platform' : undefined);
      if (to !== undefined && to !== own) found.push({ path, from: own, to, values });
    };
    for (const m of text.matchAll(STATEMENT)) add(m[4]!, !typesOnly(m[2], m[3]!));
    for (const m of text.matchAll(DYNAMIC)) add(m[1]!, true);
  }
  return found;
}

/** The cycles among features (strongly connected groups of two or more), each sorted, type imports counted. */
export function featureCycles(sources: Sources): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const { from, to } of featureImports(sources)) {
    if (!edges.has(from)) edges.set(from, new Set());
    edges.get(from)!.add(to);
  }
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        group.push(w);
      } while (w !== v);
      if (group.length > 1) cycles.push(group.sort());
    }
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) visit(v);
  return cycles;
}

/** The `.ts` files of packages/server's `dirs` (src, test, bench), keyed by their path from `serverRoot`. */
export function readSources(serverRoot: string, dirs: readonly string[], skip?: string): Sources {
  const sources: Sources = {};
  for (const dir of dirs) {
    for (const entry of readdirSync(join(serverRoot, dir), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
      const file = join(entry.parentPath, entry.name);
      if (file === skip) continue;
      sources[relative(serverRoot, file).split('\\').join('/')] = readFileSync(file, 'utf8');
    }
  }
  return sources;
}
