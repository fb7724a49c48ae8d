import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createTestDatabase, type TestDatabase, testDialects } from '@formloom/server/testing';
import { builtBin, printedKey, type Serve, startServe } from 'formloom/testing';
import { afterAll, beforeAll } from 'vitest';
import type { E2EServer } from './server.js';

export type Dialect = ReturnType<typeof testDialects>[number];
export { testDialects };

const run = promisify(execFile);

export const PUBLIC_URL = 'https://forms.example.test';

export interface BuiltServer extends Omit<E2EServer, 'db'> {
  /** `http://127.0.0.1:<port>`. */
  readonly origin: string;
  /** The key `formloom serve` printed on its first start (the `default` account, every scope). */
  readonly printedKey: string;
  /** Runs the built `formloom` CLI on the server's data (`--json` added); its parsed answer. */
  cli(...argv: string[]): Promise<unknown>;
  /** What the server wrote to stderr so far (nothing, on a healthy run). */
  stderr(): string;
}

/**
 * The server users run, for one test file: the built `formloom serve` (apps/server/bin/formloom.js,
 * what scripts/serve.sh execs and the packed tarball installs) as a child process on a fresh SQLite
 * file, or on a fresh PostgreSQL database (`dialect`, from scripts/with-postgres.sh's server).
 * Accounts, keys and credits are made by its own CLI, as an operator would.
 */
export function useBuiltServer(
  options: { dialect?: Dialect; env?: Record<string, string> } = {},
): BuiltServer {
  let database: TestDatabase | undefined;
  let dataDir = '';
  let serve: Serve | undefined;
  let bin = '';
  let key = '';
  let accounts = 0;
  const serverEnv = (): Record<string, string> => ({
    FORMLOOM_PUBLIC_URL: PUBLIC_URL,
    FORMLOOM_ALLOW_PRIVATE_TARGETS: '1',
    ...(database?.url === undefined ? {} : { FORMLOOM_DATABASE_URL: database.url }),
    ...options.env,
  });

  const cli = async (...argv: string[]): Promise<unknown> => {
    const { stdout } = await run(process.execPath, [bin, ...argv, '--json'], {
      env: { ...process.env, FORMLOOM_DATA_DIR: dataDir, ...serverEnv() },
      timeout: 60_000,
    });
    return JSON.parse(stdout);
  };

  beforeAll(async () => {
    bin = await builtBin();
    database = await createTestDatabase(options.dialect ?? 'sqlite', 'built-e2e');
    dataDir = join(database.dataDir, '.formloom');
    serve = await startServe(dataDir, serverEnv(), [process.execPath, bin]);
    key = printedKey(serve) ?? '';
    if (key === '') throw new Error(`formloom serve printed no key: ${serve.lines.join('\n')}`);
  }, 320_000);

  afterAll(async () => {
    if (serve !== undefined) {
      serve.child.kill('SIGTERM');
      await serve.exited;
    }
    await database?.drop();
  });

  return {
    get origin() {
      return `http://127.0.0.1:${serve!.port}`;
    },
    get baseUrl() {
      return `http://127.0.0.1:${serve!.port}/v1`;
    },
    get printedKey() {
      return key;
    },
    stderr: () => serve?.stderr() ?? '',
    cli,
    async key(plan = 'MAX', scopes = ['all'], credits = 0) {
      const account = (await cli(
        'accounts',
        'create',
        '--name',
        `built-e2e-${process.pid}-${++accounts}`,
        '--plan',
        plan.toLowerCase(),
      )) as { id: string };
      const made = (await cli('keys', 'create', '--account', account.id, '--scopes', scopes.join(','))) as {
        apiKey: string;
      };
      if (credits > 0) await cli('credits', 'grant', '--account', account.id, '--amount', String(credits));
      return made.apiKey;
    },
  };
}
