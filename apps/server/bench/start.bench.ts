/**
 * Start-up cost of `formloom serve`: the built binary (bin/formloom.js, what serve.sh and the
 * package run) against the TypeScript sources through tsx (bin/formloom-dev.js, what it ran
 * before the build existed), in turn, on an existing SQLite data folder. For each start: wall
 * time from spawn to the `listening` log line, CPU time the process had used by then (from
 * /proc: steadier than wall time on a shared machine), and resident memory after IDLE_MS of
 * idling. Run `pnpm build` first. `node --import tsx apps/server/bench/start.bench.ts`
 *
 * BENCH_NODES (paths of node binaries, comma-separated) compares runtimes instead: the built
 * binary on each, in turn (e.g. Node 24 against Node 22: `bash scripts/install-node.sh 22` prints
 * where one is). The first named is the numerator of the ratio line.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 3000);
const TICK_MS = 1000 / 100; // USER_HZ: /proc reports CPU time in 1/100 s on Linux

interface Sample {
  wallMs: number;
  cpuMs: number;
  rssMb: number;
}

interface Variant {
  name: string;
  node: string;
  entry: string;
}

const bin = (name: string) => fileURLToPath(new URL(`../bin/${name}`, import.meta.url));
const nodes = process.env.BENCH_NODES?.split(',').filter(Boolean) ?? [];
const VARIANTS: Variant[] =
  nodes.length > 0
    ? nodes.map((node) => ({
        name: `node ${execFileSync(node, ['--version']).toString().trim()}`,
        node,
        entry: bin('formloom.js'),
      }))
    : [
        { name: 'built', node: process.execPath, entry: bin('formloom.js') },
        { name: 'sources', node: process.execPath, entry: bin('formloom-dev.js') },
      ];

function cpuMs(pid: number): number {
  // Fields after the command name: state is field 3; utime and stime are 14 and 15.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]!;
  return Number(kb) / 1024;
}

function startOnce({ node, entry }: Variant, dataDir: string): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(node, [entry, 'serve'], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', FORMLOOM_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    let listening = false;
    child.on('exit', (code) => {
      if (!listening) reject(new Error(`${entry} exited with ${code} before listening`));
    });
    child.stdout.on('data', (chunk) => {
      out += String(chunk);
      if (listening || !out.includes('"msg":"listening"')) return;
      listening = true;
      const wallMs = performance.now() - started;
      const cpu = cpuMs(child.pid!);
      setTimeout(() => {
        const rss = rssMb(child.pid!);
        child.once('exit', () => resolve({ wallMs, cpuMs: cpu, rssMb: rss }));
        child.kill('SIGTERM');
      }, IDLE_MS);
    });
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const dataDir = mkdtempSync(join(tmpdir(), 'formloom-start-bench-'));
try {
  // The first start creates and migrates the database; the measured ones open an existing one.
  await startOnce(VARIANTS[0]!, dataDir);
  const samples = new Map<string, Sample[]>(VARIANTS.map((variant) => [variant.name, []]));
  for (let i = 0; i < RUNS; i++) {
    for (const variant of VARIANTS) samples.get(variant.name)!.push(await startOnce(variant, dataDir));
  }
  const width = Math.max(9, ...VARIANTS.map((variant) => variant.name.length + 1));
  console.log(`formloom serve start-up, median of ${RUNS} (load average ${loadavg()[0]!.toFixed(2)})`);
  console.log(`${'variant'.padEnd(width)} start to listening   CPU to listening   RSS after idle`);
  for (const [name, list] of samples) {
    const row = [
      name.padEnd(width),
      `${median(list.map((s) => s.wallMs)).toFixed(0)} ms`.padStart(18),
      `${median(list.map((s) => s.cpuMs)).toFixed(0)} ms`.padStart(18),
      `${median(list.map((s) => s.rssMb)).toFixed(0)} MB`.padStart(16),
    ];
    console.log(row.join(' '));
  }
  const [first, second] = VARIANTS.map((variant) => samples.get(variant.name)!);
  const ratio = (key: keyof Sample) =>
    (median(first!.map((s) => s[key])) / median(second!.map((s) => s[key]))).toFixed(2);
  console.log(
    `${VARIANTS[0]!.name} / ${VARIANTS[1]!.name}: wall ${ratio('wallMs')}, CPU ${ratio('cpuMs')}, RSS ${ratio('rssMb')}`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
