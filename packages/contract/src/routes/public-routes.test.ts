import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { publicRoutes } from './public-routes.js';
import { contractRoutes } from './router.js';

/** The routes a page calls with the share code (and then an interview's token): no API key. */
const byShareCode = contractRoutes.filter(
  (r) => r.metadata.auth === 'shareCode' || r.metadata.auth === 'interviewToken',
);

describe('the public route table', () => {
  it("is the contract's share-code routes, method and path, each under its contract name", () => {
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    const table = Object.entries(publicRoutes).map(([name, r]) => ({ name, ...r }));
    expect(table.sort(byName)).toEqual(
      byShareCode.map((r) => ({ name: r.name, method: r.route.method, path: r.route.path })).sort(byName),
    );
    expect(table.length).toBeGreaterThan(0);
  });

  it('every entry names a route of the contract, in a group the public calls', () => {
    for (const [name, { method, path }] of Object.entries(publicRoutes)) {
      const route = contractRoutes.find((r) => r.name === name);
      expect(route, name).toBeDefined();
      expect(['public', 'partials', 'access', 'payments']).toContain(route!.group);
      expect(`${route!.route.method} ${route!.route.path}`).toBe(`${method} ${path}`);
    }
  });

  it('bundles to the table alone: no zod, no other module of the contract', async () => {
    const out = await build({
      entryPoints: [fileURLToPath(new URL('./public-routes.ts', import.meta.url))],
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'browser',
      logLevel: 'silent',
    });
    expect(Object.keys(out.metafile.inputs)).toHaveLength(1);
  });
});
