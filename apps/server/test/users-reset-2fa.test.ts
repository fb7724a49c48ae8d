import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, createServices } from '@formloom/server';
import { Secret, TOTP } from 'otpauth';
import { afterAll, expect, it } from 'vitest';
import { runCli } from '../src/cli.js';

const dataDir = mkdtempSync(join(tmpdir(), 'formloom-2fa-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function cli(argv: string[], answers: string[] = []) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    env: { FORMLOOM_DATA_DIR: dataDir },
    cwd: dataDir,
    readSecret: async () => answers.shift() ?? '',
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

it('users reset-2fa turns off the second factor of a member who lost it', async () => {
  expect((await cli(['accounts', 'create', '--name', 'team', '--plan', 'pro'])).code).toBe(0);
  const created = await cli(
    ['users', 'create', '--account', 'team', '--email', 'ada@example.com', '--json'],
    ['a long password', 'a long password'],
  );
  expect(created.code, created.err).toBe(0);
  const userId = JSON.parse(created.out).id as string;

  const handle = await createDb({ dataDir });
  try {
    const services = createServices({ db: handle.db });
    const member = { userId, email: 'ada@example.com', accountId: JSON.parse(created.out).accountId };
    const { secret } = await services.twoFactor.setup(member);
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
    await services.twoFactor.confirm(member, code, '127.0.0.1');
    expect((await services.twoFactor.status(member)).enabled).toBe(true);

    const reset = await cli(['users', 'reset-2fa', '--email', 'Ada@Example.com']);
    expect(reset.code, reset.err).toBe(0);
    expect(reset.out).toBe('Two-factor of ada@example.com turned off');
    expect((await services.twoFactor.status(member)).enabled).toBe(false);
    expect(await services.twoFactor.atSignIn(userId, undefined)).toBe('off');

    const again = await cli(['users', 'reset-2fa', '--email', 'ada@example.com', '--json']);
    expect(JSON.parse(again.out)).toEqual({ email: 'ada@example.com', removed: false });
    const unknown = await cli(['users', 'reset-2fa', '--email', 'nobody@example.com']);
    expect(unknown.code).not.toBe(0);
    expect(unknown.err).toContain('no user with the email nobody@example.com');
  } finally {
    await handle.close();
  }
});
