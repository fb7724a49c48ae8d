import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

// n8n-workflow's ESM build has extensionless imports Node cannot load: tests take its CommonJS
// build, as n8n itself does (only the workflow-node tests import it).
const fromE2E = createRequire(new URL('./tests/e2e/package.json', import.meta.url));
const n8nWorkflow = fromE2E.resolve('n8n-workflow');

/** Every test file of the workspace. */
const ALL = [
  'packages/*/src/**/*.test.ts',
  'packages/*/test/**/*.test.ts',
  'apps/*/src/**/*.test.ts',
  'apps/*/test/**/*.test.ts',
  'tests/*/**/*.test.ts',
];

/** Files that drive Chromium: `*.browser.test.ts`, and the packed-package checks that load a page. */
const BROWSER = [
  '**/*.browser.test.ts',
  'packages/server/src/features/public/public-cors.test.ts',
  'tests/e2e/elements-packed.test.ts',
  'tests/e2e/react-embed.test.ts',
];

export default defineConfig({
  resolve: { conditions: ['source'], alias: [{ find: /^n8n-workflow$/, replacement: n8nWorkflow }] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    // eventsource-parser (under the MCP SDK's HTTP client) exports its TypeScript under `source`,
    // which Node cannot load from node_modules: vite transforms it instead.
    server: {
      deps: {
        inline: [
          /@modelcontextprotocol\/sdk\/dist\/esm\/client\/(streamableHttp|sse)\.js$/,
          'eventsource-parser',
        ],
      },
    },
    // Two projects, each one file at a time: Chromium files in `browser`, the rest in `node`. Vitest
    // would run them one after the other; `pnpm test` (scripts/test-side-by-side.sh) runs them as two
    // processes side by side (`--project node` runs the quick half alone).
    projects: [
      {
        extends: true,
        test: { name: 'browser', include: BROWSER, fileParallelism: false },
      },
      {
        extends: true,
        test: {
          name: 'node',
          include: ALL,
          exclude: [...BROWSER, '**/node_modules/**'],
          fileParallelism: false,
        },
      },
    ],
    testTimeout: 30_000,
    // expect.poll waits up to 5 s (default 1 s): on a loaded 2-core CI machine a page can take longer to settle.
    expect: { poll: { timeout: 5_000 } },
    hookTimeout: 60_000,
  },
});
