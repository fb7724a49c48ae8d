import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli.js';
import { BUILT_BIN, builtBin, startServe } from './support.js';

const dataDir = mkdtempSync(join(tmpdir(), 'formloom-users-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The CLI in-process, with `answers` typed at the password prompts. */
async function cli(argv: string[], answers: string[] = []) {
  const out: string[] = [];
  const err: string[] = [];
  const prompts: string[] = [];
  const code = await runCli(argv, {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    env: { FORMLOOM_DATA_DIR: dataDir },
    cwd: dataDir,
    readSecret: async (prompt) => {
      prompts.push(prompt);
      return answers.shift() ?? '';
    },
  });
  return { code, out: out.join('\n'), err: err.join('\n'), prompts };
}

// The binary as built from the current sources.
beforeAll(() => builtBin(), 320_000);

/** The real binary, the password on stdin. */
function binary(args: string[], stdin: string) {
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    const child = spawn(process.execPath, [BUILT_BIN, ...args], {
      env: { ...process.env, FORMLOOM_DATA_DIR: dataDir },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += String(d);
    });
    child.stderr.on('data', (d) => {
      err += String(d);
    });
    child.on('exit', (code) => resolve({ code, out, err }));
    child.stdin.end(stdin);
  });
}

describe('formloom users', () => {
  it('create (prompted twice), list, reset-password; the password is never printed', async () => {
    expect((await cli(['accounts', 'create', '--name', 'team', '--plan', 'pro'])).code).toBe(0);
    const created = await cli(
      ['users', 'create', '--account', 'team', '--email', 'Ada@Example.com', '--json'],
      ['a long password', 'a long password'],
    );
    expect(created.code).toBe(0);
    expect(created.prompts).toEqual(['Password: ', 'Password again: ']);
    expect(JSON.parse(created.out)).toMatchObject({ email: 'ada@example.com' });
    expect(created.out).not.toContain('a long password');

    const mismatch = await cli(
      ['users', 'create', '--account', 'team', '--email', 'b@example.com'],
      ['one password', 'another one'],
    );
    expect(mismatch.code).toBe(2);
    expect(mismatch.err).toContain('the two passwords differ');
    const weak = await cli(
      ['users', 'create', '--account', 'team', '--email', 'b@example.com'],
      ['short', 'short'],
    );
    expect(weak.code).toBe(1);
    expect(weak.err).toContain('at least 10 characters');
    const common = await cli(
      ['users', 'create', '--account', 'team', '--email', 'b@example.com'],
      ['Password123', 'Password123'],
    );
    expect(common.code).toBe(1);
    expect(common.err).toContain('list of common passwords');
    const taken = await cli(
      ['users', 'create', '--account', 'team', '--email', 'ADA@example.com'],
      ['another long one', 'another long one'],
    );
    expect(taken.code).toBe(1);
    expect(taken.err).toContain('exists already');

    const list = await cli(['users', 'list', '--account', 'team']);
    expect(list.out).toContain('ada@example.com');
    expect(list.out).not.toMatch(/scrypt/);

    const reset = await cli(
      ['users', 'reset-password', '--email', 'ada@example.com'],
      ['a new long password', 'a new long password'],
    );
    expect(reset.code).toBe(0);
    expect(reset.out).toContain('Password of ada@example.com changed');
    const unknown = await cli(
      ['users', 'reset-password', '--email', 'nobody@example.com'],
      ['whatever long', 'whatever long'],
    );
    expect(unknown.code).toBe(1);
  });

  it('--password-stdin through the binary; the user signs in on formloom serve with that password', async () => {
    const made = await binary(
      ['users', 'create', '--account', 'team', '--email', 'grace@example.com', '--password-stdin'],
      'stdin password 123\n',
    );
    expect(made.err).toBe('');
    expect(made.code).toBe(0);
    const serve = await startServe(dataDir);
    try {
      const login = (password: string) =>
        fetch(`http://127.0.0.1:${serve.port}/integrations/v1/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'grace@example.com', password }),
        });
      expect((await login('stdin password 123')).status).toBe(200);
      expect((await login('stdin password 123\n')).status).toBe(401);
    } finally {
      serve.child.kill('SIGTERM');
      await serve.exited;
    }
  });
});
