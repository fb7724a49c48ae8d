import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { runCli } from '../src/cli.js';

/** The sources through tsx (no build needed); the built binary is tested by its tarball test. */
export const BIN = fileURLToPath(new URL('../bin/formloom-dev.js', import.meta.url));

export interface Serve {
  child: ChildProcess;
  /** stdout, line by line, as it arrives. */
  lines: string[];
  port: number;
  exited: Promise<number | null>;
}

/** Runs `formloom serve` as a child process on a free port and waits until it listens. */
export async function startServe(dataDir: string, env: Record<string, string> = {}): Promise<Serve> {
  const child = spawn(process.execPath, [BIN, 'serve'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      FORMLOOM_DATA_DIR: dataDir,
      FORMLOOM_PUBLIC_URL: 'https://f.example',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let stderr = '';
  child.stderr!.on('data', (d) => {
    stderr += String(d);
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    let buffer = '';
    child.stdout!.on('data', (chunk) => {
      buffer += String(chunk);
      const parts = buffer.split('\n');
      buffer = parts.pop()!;
      for (const line of parts) {
        lines.push(line);
        if (line.includes('"msg":"listening"')) resolve(JSON.parse(line).port);
      }
    });
    exited.then((code) => reject(new Error(`formloom serve exited with ${code}: ${stderr}`)));
  });
  return { child, lines, port, exited };
}

/** The key `formloom serve` printed on its first start. */
export function printedKey(serve: Serve): string | undefined {
  return serve.lines.find((l) => l.startsWith('API key: '))?.slice('API key: '.length);
}

/**
 * The CLI, run in-process on `dataDir` (and `env`, e.g. FORMLOOM_DATABASE_URL): `cli` gives exit
 * code and output, `json` adds `--json` and expects success.
 */
export function cliIn(dataDir: string, env: Record<string, string> = {}) {
  async function cli(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(argv, {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      env: { FORMLOOM_DATA_DIR: dataDir, ...env },
      cwd: dataDir,
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }
  async function json(...argv: string[]) {
    const r = await cli(...argv, '--json');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    return JSON.parse(r.out);
  }
  return { cli, json };
}
