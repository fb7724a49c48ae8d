import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  featureCycles,
  featureImports,
  featureOf,
  readSources as readServerSources,
  resolveImport,
  type Sources,
} from '../../scripts/feature-graph.js';

/**
 * Feature folders are closed (docs/server.md "Code map"): a file outside
 * `features/<x>/` imports only `features/<x>/index.ts`; a `*-store.ts` is imported only from its own
 * feature; SQL (kysely's builders, the `sql` tag) is written only in stores; a router imports no
 * store. Features sit on the platform (docs/server.md "Code map"): a feature's file takes from another feature only
 * types (`import type`, to type a service it is given), never values, and no features import each
 * other in a cycle (type imports count). This reads the sources of packages/server (src, test,
 * bench) and names every file that breaks a rule.
 */

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)'(\.{1,2}\/[^']*)'/g;
const SQL_BUILDERS =
  /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\s*\(|\bsql\s*(<[^>]*>)?\s*`|\bsql\.\w+\s*\(/;
const KYSELY_SQL = /import\s*\{[^}]*\bsql\b[^}]*\}\s*from\s*'kysely'/;

/**
 * Services that still write their own SQL, to be moved into their feature's store. The list may
 * only shrink: a file named here that no longer writes SQL fails the test below, so it is taken
 * off.
 */
const SQL_NOT_YET_IN_STORES = new Set<string>();

/** The rules between features: only types from another feature, no cycles. */
function layerViolations(sources: Sources, valuesAllowed: ReadonlySet<string> = new Set()): string[] {
  const found: string[] = [];
  for (const { path, to, values } of featureImports(sources)) {
    const message = `${path} imports values from features/${to}: take only its types (import type), be given its service, or move the value to the platform`;
    if (values && !valuesAllowed.has(`${path} -> ${to}`) && !found.includes(message)) found.push(message);
  }
  for (const cycle of featureCycles(sources))
    found.push(`features import each other in a cycle: ${cycle.join(', ')}`);
  return found;
}

/**
 * The platform sits below the features (docs/server.md "Code map"): a non-test file in a folder of
 * src other than features/ (platform/, db/, outbox/, ai/...) imports no feature; only the wiring at
 * the top of src (services.ts, app.ts...) does.
 */
function platformViolations(sources: Sources): string[] {
  const found: string[] = [];
  for (const [path, text] of Object.entries(sources)) {
    if (!/^src\/[^/]+\//.test(path) || featureOf(path) !== undefined || path.endsWith('.test.ts')) continue;
    for (const match of text.matchAll(IMPORT)) {
      const feature = featureOf(resolveImport(path, match[1]!));
      if (feature !== undefined)
        found.push(`${path} imports features/${feature}: the platform is below the features`);
    }
  }
  return found;
}

function writesSql(text: string): boolean {
  return SQL_BUILDERS.test(text) || KYSELY_SQL.test(text);
}

function boundaryViolations(sources: Sources, sqlAllowed: ReadonlySet<string> = new Set()): string[] {
  const found: string[] = [];
  for (const [path, text] of Object.entries(sources)) {
    const own = featureOf(path);
    const isTest = path.endsWith('.test.ts');
    for (const match of text.matchAll(IMPORT)) {
      const target = resolveImport(path, match[1]!);
      const feature = featureOf(target);
      if (feature !== undefined && feature !== own && target !== `src/features/${feature}/index.ts`) {
        found.push(`${path} imports ${target}: outside its feature, import features/${feature}/index.ts`);
      }
      if (target.endsWith('-store.ts') && feature !== undefined && feature !== own) {
        found.push(`${path} imports ${target}: a store is private to its feature`);
      }
      if (path === `src/features/${own}/index.ts` && target.endsWith('-store.ts')) {
        found.push(`${path} exports from ${target}: a store is private, export a service's function`);
      }
      if (path.endsWith('-router.ts') && target.endsWith('-store.ts')) {
        found.push(`${path} imports ${target}: a router calls services, not stores`);
      }
    }
    if (own !== undefined && !isTest && !path.endsWith('-store.ts') && !sqlAllowed.has(path)) {
      if (SQL_BUILDERS.test(text)) found.push(`${path} writes SQL: queries belong in the feature's store`);
      if (KYSELY_SQL.test(text))
        found.push(`${path} imports kysely's sql: queries belong in the feature's store`);
    }
  }
  return found;
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function readSources(): Sources {
  // This file's fixtures break the rules on purpose.
  return readServerSources(root, ['src', 'test', 'bench'], fileURLToPath(import.meta.url));
}

describe('closed feature folders', () => {
  it('every file of packages/server keeps the rules', () => {
    const sources = readSources();
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    expect(boundaryViolations(sources, SQL_NOT_YET_IN_STORES)).toEqual([]);
  });

  it('features take only types from each other, in no cycle', () => {
    expect(layerViolations(readSources())).toEqual([]);
  });

  it('the platform imports no feature; the wiring at the top of src does', () => {
    expect(platformViolations(readSources())).toEqual([]);
    expect(
      platformViolations({
        'src/services.ts': "import { createFormsService } from './features/forms/index.js';",
        'src/platform/limits/limits.test.ts':
          "import { createAccountsService } from '../../features/accounts/index.js';",
        'test/support/kit.ts': "import { createFormsService } from '../../src/features/forms/index.js';",
      }),
    ).toEqual([]);
    expect(
      platformViolations({
        'src/platform/credits/credits-service.ts':
          "import type { AccountsService } from '../../features/accounts/index.js';",
        'src/outbox/worker.ts': "const m = await import('../features/webhooks/index.js');",
      }),
    ).toEqual([
      'src/platform/credits/credits-service.ts imports features/accounts: the platform is below the features',
      'src/outbox/worker.ts imports features/webhooks: the platform is below the features',
    ]);
  });

  it('another feature: types from its index, no values (a router, a helper or a constant)', () => {
    expect(
      layerViolations({
        'src/features/ai/ai-jobs.ts':
          "import type { FormsService } from '../forms/index.js';\nimport { type CreditsService } from '../../platform/credits/index.js';",
        'src/features/users/members-service.ts':
          "import {\n  type AccountsService,\n  type Account,\n} from '../accounts/index.js';\nexport type { Account } from '../accounts/index.js';",
        'src/features/users/users.test.ts': "import { createAccountsService } from '../accounts/index.js';",
        'src/app.ts': "import { createFormsService } from './features/forms/index.js';",
      }),
    ).toEqual([]);
    expect(
      layerViolations({
        'src/features/public/public-router.ts':
          "import { toPublicForm, type FormsService } from '../forms/index.js';\nimport { uploadRoute } from '../uploads/index.js';",
        'src/features/users/login.ts': "import { clientKey } from '../public/index.js';",
        'src/features/partials/partials-service.ts': "const m = await import('../auth/index.js');",
      }),
    ).toEqual([
      'src/features/public/public-router.ts imports values from features/forms: take only its types (import type), be given its service, or move the value to the platform',
      'src/features/public/public-router.ts imports values from features/uploads: take only its types (import type), be given its service, or move the value to the platform',
      'src/features/users/login.ts imports values from features/public: take only its types (import type), be given its service, or move the value to the platform',
      'src/features/partials/partials-service.ts imports values from features/auth: take only its types (import type), be given its service, or move the value to the platform',
    ]);
  });

  it('no features import each other in a cycle, type imports included', () => {
    expect(
      layerViolations({
        'src/features/responses/responses-service.ts':
          "import type { FormsService } from '../forms/index.js';",
        'src/features/partials/partials-service.ts':
          "import type { ResponsesService } from '../responses/index.js';",
        'src/features/forms/forms.test.ts': "import type { PartialsService } from '../partials/index.js';",
      }),
    ).toEqual([]);
    expect(
      layerViolations({
        'src/features/accounts/account-router.ts': "import type { ApiKeyInfo } from '../auth/index.js';",
        'src/features/auth/keys-service.ts': "import type { AccountsService } from '../accounts/index.js';",
        'src/features/a/x.ts': "import type { B } from '../b/index.js';",
        'src/features/b/x.ts': "import type { C } from '../c/index.js';",
        'src/features/c/x.ts': "import type { A } from '../a/index.js';",
      }),
    ).toEqual([
      'features import each other in a cycle: a, b, c',
      'features import each other in a cycle: accounts, auth',
    ]);
  });

  it('the services still waiting for a store do write SQL (the list only shrinks)', () => {
    const sources = readSources();
    for (const path of SQL_NOT_YET_IN_STORES) {
      expect(sources[path], path).toBeDefined();
      expect(writesSql(sources[path]!), path).toBe(true);
    }
  });

  it('a file outside a feature may import its index, nothing else', () => {
    expect(
      boundaryViolations({
        'src/app.ts': "import { createFormsRouter } from './features/forms/index.js';",
        'test/support/kit.ts': "import { createFormsService } from './forms/index.js';",
      }),
    ).toEqual([]);
    expect(
      boundaryViolations({
        'src/app.ts': "import { createFormsService } from './features/forms/forms-service.js';",
        'bench/x.bench.ts': "const m = await import('../src/features/forms/share-code.js');",
        'src/features/responses/responses-service.ts':
          "import {\n  archiveDue,\n} from '../forms/forms-service.js';\nexport { x } from '../forms/x.js';",
      }),
    ).toEqual([
      'src/app.ts imports src/features/forms/forms-service.ts: outside its feature, import features/forms/index.ts',
      'bench/x.bench.ts imports src/features/forms/share-code.ts: outside its feature, import features/forms/index.ts',
      'src/features/responses/responses-service.ts imports src/features/forms/forms-service.ts: outside its feature, import features/forms/index.ts',
      'src/features/responses/responses-service.ts imports src/features/forms/x.ts: outside its feature, import features/forms/index.ts',
    ]);
  });

  it('a store is imported only inside its feature, and never by a router', () => {
    expect(
      boundaryViolations({
        'src/features/forms/forms-service.ts': "import { createFormsStore } from './forms-store.js';",
        'src/features/ai/generate-form/job.ts': "import { x } from '../ai-store.js';",
      }),
    ).toEqual([]);
    expect(
      boundaryViolations({
        'src/features/webhooks/sweep.ts': "import { createFormsStore } from '../forms/forms-store.js';",
        'src/features/forms/forms-router.ts': "import type { FormsStore } from './forms-store.js';",
        'src/features/forms/index.ts': "export { createFormsStore } from './forms-store.js';",
      }),
    ).toEqual([
      'src/features/webhooks/sweep.ts imports src/features/forms/forms-store.ts: outside its feature, import features/forms/index.ts',
      'src/features/webhooks/sweep.ts imports src/features/forms/forms-store.ts: a store is private to its feature',
      'src/features/forms/forms-router.ts imports src/features/forms/forms-store.ts: a router calls services, not stores',
      "src/features/forms/index.ts exports from src/features/forms/forms-store.ts: a store is private, export a service's function",
    ]);
  });

  it('SQL only in stores (and in files outside features)', () => {
    expect(
      boundaryViolations({
        'src/features/forms/forms-store.ts':
          "import { sql } from 'kysely';\nconst q = (db) => db.selectFrom('forms').where(sql`1`, '=', 1);",
        'src/features/forms/forms.test.ts': "await db.updateTable('forms').set({ title: 'x' }).execute();",
        'src/outbox/outbox-store.ts': "db.insertInto('outbox_events')",
        'src/features/forms/forms-service.ts': '// one selectFrom call per form, in the store',
      }),
    ).toEqual([]);
    expect(
      boundaryViolations({
        'src/features/health/health-router.ts':
          "import { sql } from 'kysely';\nawait sql`select 1`.execute(db);",
        'src/features/users/users-service.ts': "await db\n  .deleteFrom('users')\n  .execute();",
        'src/features/analytics/figures.ts': "const x = sql<number>`count(*)`; sql.ref('a');",
        'src/features/a/b.ts': "import { type Kysely, sql as raw } from 'kysely';",
      }),
    ).toEqual([
      "src/features/health/health-router.ts writes SQL: queries belong in the feature's store",
      "src/features/health/health-router.ts imports kysely's sql: queries belong in the feature's store",
      "src/features/users/users-service.ts writes SQL: queries belong in the feature's store",
      "src/features/analytics/figures.ts writes SQL: queries belong in the feature's store",
      "src/features/a/b.ts imports kysely's sql: queries belong in the feature's store",
    ]);
  });
});
