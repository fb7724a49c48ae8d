/**
 * Runs server benchmarks of this checkout and of an earlier release side by side, in one run:
 *
 *   node --import tsx packages/server/bench/against.ts --base 5e9d1a6 --rounds 3 webhooks.bench.ts ai.bench.ts
 *
 * The earlier release is checked out (a detached git worktree under node_modules/.cache, kept for
 * the next run) and installed with its own lockfile. Each round runs the benchmark once in each
 * tree, alternating which goes first, so drift in the shared machine's speed hits both alike. A
 * benchmark prints lines of figures; lines are matched by their words (every number blanked out),
 * each figure's median over the rounds is printed for both trees with the ratio this/base.
 * Environment variables are passed to both (e.g. BENCH_ONLY=submit for server.bench.ts).
 *
 * Runtimes side by side instead: `--base-node <path of a node binary>` runs the base side on that
 * Node (and this side on the Node running against.ts); without `--base`, both sides are this
 * checkout. A bench is a file of packages/server/bench, or a path from the repository's root
 * (packages/contract/bench/engine.bench.ts), run from its package's folder.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './bench-utils.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../../..');

function parseArgs(argv: string[]) {
  let base = process.env.BENCH_BASE_REF;
  let baseNode = process.execPath;
  let rounds = 3;
  const benches: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--base') base = argv[++i];
    else if (arg === '--base-node') baseNode = argv[++i]!;
    else if (arg === '--rounds') rounds = Number(argv[++i]);
    else benches.push(arg);
  }
  if ((base === undefined && baseNode === process.execPath) || benches.length === 0 || !(rounds >= 1)) {
    throw new Error('usage: against.ts [--base <git ref>] [--base-node <node>] [--rounds N] <bench file>...');
  }
  return { base, baseNode, rounds, benches };
}

/** A worktree of `ref` with its dependencies installed, made once and reused. */
function baseTree(ref: string): string {
  const sha = execFileSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], { cwd: root })
    .toString()
    .trim();
  const tree = join(root, 'node_modules/.cache/formloom/bench-base', sha.slice(0, 12));
  if (!existsSync(join(tree, 'node_modules'))) {
    mkdirSync(dirname(tree), { recursive: true });
    if (!existsSync(tree))
      execFileSync('git', ['worktree', 'add', '--detach', tree, sha], { cwd: root, stdio: 'inherit' });
    execFileSync('pnpm', ['install', '--frozen-lockfile'], { cwd: tree, stdio: 'inherit' });
  }
  return tree;
}

function runBench(tree: string, bench: string, node: string): string {
  // `engine.bench.ts` is packages/server/bench's; `packages/contract/bench/x.bench.ts` is its package's.
  const [pkg, file] = bench.includes('/')
    ? [dirname(dirname(bench)), join('bench', bench.split('/').at(-1)!)]
    : ['packages/server', join('bench', bench)];
  const result = spawnSync(node, ['--conditions=source', '--expose-gc', '--import', 'tsx', file], {
    cwd: join(tree, pkg),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    throw new Error(`${bench} failed in ${tree} (status ${result.status}):\n${result.stderr.slice(-4000)}`);
  }
  return result.stdout;
}

// A number glued to a word (p99, x64) is part of the word.
const NUMBER = /(?<![A-Za-z\d.])-?\d[\d,]*(?:\.\d+)?/g;

/** Figures per line, the line keyed by its words with the numbers blanked out. */
function figures(output: string): Map<string, { text: string; values: number[] }> {
  const lines = new Map<string, { text: string; values: number[] }>();
  for (const line of output.split('\n')) {
    const values = [...line.matchAll(NUMBER)].map((m) => Number(m[0].replaceAll(',', '')));
    if (values.length === 0) continue;
    lines.set(line.replace(NUMBER, '#').trim(), { text: line.trim(), values });
  }
  return lines;
}

const { base, baseNode, rounds, benches } = parseArgs(process.argv.slice(2));
const baseRoot = base === undefined ? root : baseTree(base);
const baseName = [
  base,
  baseNode === process.execPath ? '' : `Node ${execFileSync(baseNode, ['--version']).toString().trim()}`,
]
  .filter(Boolean)
  .join(' on ');
const thisName = baseNode === process.execPath ? 'this checkout' : `this checkout on Node ${process.version}`;
for (const bench of benches) {
  const runs: Record<'base' | 'this', ReturnType<typeof figures>[]> = { base: [], this: [] };
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? (['base', 'this'] as const) : (['this', 'base'] as const);
    for (const side of order) {
      process.stderr.write(`${bench}: round ${round + 1}/${rounds}, ${side}\n`);
      runs[side].push(
        figures(
          side === 'base' ? runBench(baseRoot, bench, baseNode) : runBench(root, bench, process.execPath),
        ),
      );
    }
  }
  console.log(`\n## ${bench}: ${baseName} (base) against ${thisName}, medians of ${rounds} rounds\n`);
  console.log('| line (this checkout, first round) | figure | base | this | this/base |');
  console.log('|---|---:|---:|---:|---:|');
  for (const [line, first] of runs.this[0]!) {
    for (let i = 0; i < first.values.length; i++) {
      const pick = (side: 'base' | 'this') =>
        runs[side].map((run) => run.get(line)?.values[i]).filter((v): v is number => v !== undefined);
      const b = pick('base');
      const t = pick('this');
      // A number that never changes is part of the line's label ("8 endpoints"), not a figure.
      if (b.length === 0 || t.length === 0 || new Set([...b, ...t]).size === 1) continue;
      const mb = median(b);
      const mt = median(t);
      const ratio = mb === 0 ? '' : (mt / mb).toFixed(3);
      console.log(`| ${first.text.slice(0, 90)} | ${i + 1} | ${mb} | ${mt} | ${ratio} |`);
    }
  }
}
