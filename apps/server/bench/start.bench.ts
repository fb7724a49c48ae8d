/**
 * Start-up cost of `formloom serve`: the built binary (bin/formloom.js, what serve.sh and the
 * package run) against the TypeScript sources through tsx (bin/formloom-dev.js, what it ran
 * before the build existed), in turn, on an existing SQLite data folder. For each start: wall
 * time from spawn to the `listening` log line, CPU time the process had used by then (from
 * /proc: steadier than wall time on a shared machine), and resident memory after IDLE_MS of
 * idling. Run `pnpm build` first. `node --import tsx apps/server/bench/start.bench.ts`
 */
import { spawn } from 'node:child_process';
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

const bin = (name: string) => fileURLToPath(new URL(`../bin/${name}`, import.meta.url));
const VARIANTS = { built: bin('formloom.js'), sources: bin('formloom-dev.js') };

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

function startOnce(entry: string, dataDir: string): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [entry, 'serve'], {
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
  await startOnce(VARIANTS.built, dataDir);
  const samples: Record<string, Sample[]> = { built: [], sources: [] };
  for (let i = 0; i < RUNS; i++) {
    for (const [name, entry] of Object.entries(VARIANTS))
      samples[name]!.push(await startOnce(entry, dataDir));
  }
  console.log(`formloom serve start-up, median of ${RUNS} (load average ${loadavg()[0]!.toFixed(2)})`);
  console.log('variant   start to listening   CPU to listening   RSS after idle');
  for (const [name, list] of Object.entries(samples)) {
    const row = [
      name.padEnd(9),
      `${median(list.map((s) => s.wallMs)).toFixed(0)} ms`.padStart(18),
      `${median(list.map((s) => s.cpuMs)).toFixed(0)} ms`.padStart(18),
      `${median(list.map((s) => s.rssMb)).toFixed(0)} MB`.padStart(16),
    ];
    console.log(row.join(' '));
  }
  const ratio = (key: keyof Sample) =>
    (median(samples.built!.map((s) => s[key])) / median(samples.sources!.map((s) => s[key]))).toFixed(2);
  console.log(`built / sources: wall ${ratio('wallMs')}, CPU ${ratio('cpuMs')}, RSS ${ratio('rssMb')}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
