import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What differs between SQLite and PostgreSQL lives in `db/` (the `SqlDialect` object): no file
 * of the server outside it compares dialect names or writes SQL only one dialect runs.
 */
const root = join(import.meta.dirname, '../../../..');
const scanned = ['packages/server/src', 'apps/server/src'];
const dbFolder = 'packages/server/src/db/';

const forbidden: { what: string; pattern: RegExp }[] = [
  {
    what: 'a dialect name compared',
    pattern: /[!=]==?\s*['"](postgres|sqlite)['"]|['"](postgres|sqlite)['"]\s*[!=]==?/,
  },
  { what: 'a dialect name as a switch case', pattern: /case\s+['"](postgres|sqlite)['"]\s*:/ },
  { what: 'the dialect asked by name', pattern: /\bdialectOf\(/ },
  {
    what: 'SQL of one dialect',
    pattern: /pg_advisory|\.forUpdate\(|\.skipLocked\(|percentile_cont|::jsonb|\bjson_(extract|type|each)\(/,
  },
];

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Every forbidden line of `text`, as `<file>:<line>: <what>`. */
function dialectBranches(file: string, text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    for (const { what, pattern } of forbidden) {
      if (pattern.test(line)) found.push(`${file}:${index + 1}: ${what}: ${line.trim()}`);
    }
  });
  return found;
}

describe('the dialect boundary', () => {
  it('no server file outside db/ branches on the dialect', () => {
    const files = scanned.flatMap((folder) => sourceFiles(join(root, folder)));
    expect(files.length).toBeGreaterThan(50);
    const found = files
      .map((file) => relative(root, file))
      .filter((file) => !file.startsWith(dbFolder))
      .flatMap((file) => dialectBranches(file, readFileSync(join(root, file), 'utf8')));
    expect(found).toEqual([]);
  });

  it('catches what it is meant to', () => {
    const sample = [
      "if (dialectOf(db) === 'postgres') {}",
      "const lite = handle.dialect !== 'sqlite';",
      "case 'postgres':",
      'await sql`select pg_advisory_xact_lock(1)`.execute(db);',
      'q.forUpdate().skipLocked()',
      "return { database: 'sqlite', tables };",
    ].join('\n');
    expect(dialectBranches('x.ts', sample).map((f) => f.split(':')[1])).toEqual([
      '1',
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
  });
});
