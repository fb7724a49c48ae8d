import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe } from 'vitest';
import type { DialectName } from '../../src/db/create-db.js';

/**
 * The PostgreSQL server the suite may use: `scripts/with-postgres.sh` starts a throwaway one and
 * sets this. Each test database is made on it and dropped after.
 */
export function testPostgresUrl(): string | undefined {
  const url = process.env.FORMLOOM_TEST_POSTGRES_URL?.trim();
  return url === undefined || url === '' ? undefined : url;
}

/**
 * The dialects the server suite runs against: SQLite always; PostgreSQL too when
 * FORMLOOM_TEST_POSTGRES_URL is set (one suite, not a copy per database).
 */
export function testDialects(): DialectName[] {
  return testPostgresUrl() === undefined ? ['sqlite'] : ['sqlite', 'postgres'];
}

/** `describe` once per dialect, named `<name> [<dialect>]`: for suites that set up their own server. */
export function describeDialects(name: string, body: (dialect: DialectName) => void): void {
  for (const dialect of testDialects()) describe(`${name} [${dialect}]`, () => body(dialect));
}

/** A database of its own for one group of tests, and a data folder beside it. */
export interface TestDatabase {
  readonly dialect: DialectName;
  /** For `createDb({ url, dataDir })` or FORMLOOM_DATABASE_URL: undefined means SQLite in `dataDir`. */
  readonly url: string | undefined;
  readonly dataDir: string;
  /** Drops the database (closing whatever is still connected to it) and removes the folder. */
  drop(): Promise<void>;
}

async function onServer<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = testPostgresUrl();
  if (url === undefined) throw new Error('FORMLOOM_TEST_POSTGRES_URL is not set');
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    // Loud, not skipped: the run was asked to cover PostgreSQL.
    throw new Error(`cannot reach the test PostgreSQL at ${url}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, empty database: SQLite in a new temp folder, or `CREATE DATABASE test_<random>` on
 * the test PostgreSQL server (plus a temp folder for files).
 */
export async function createTestDatabase(dialect: DialectName, label = 'test'): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), `formloom-${label}-${dialect}-`));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (dialect === 'sqlite') {
    return {
      dialect,
      url: undefined,
      dataDir,
      drop: async () => removeDir(),
    };
  }
  const name = `test_${randomBytes(8).toString('hex')}`;
  try {
    await onServer((client) => client.query(`create database ${name}`));
  } catch (error) {
    removeDir();
    throw error;
  }
  const url = new URL(testPostgresUrl()!);
  url.pathname = `/${name}`;
  return {
    dialect,
    url: url.href,
    dataDir,
    async drop() {
      removeDir();
      // WITH (FORCE): a server a failed test left open must not keep the database alive.
      await onServer((client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}
