import { defineConfig } from 'tsup';

// n8n loads each node and credential file with require(), by the paths in package.json's `n8n`
// block. Each is one CommonJS file with the SDK, the contract, ky and zod inside it: the published
// package has no runtime dependency (n8n-workflow is the host's, a peer dependency).
const WEB_GLOBALS = [
  'AbortController',
  'AbortSignal',
  'FormData',
  'Headers',
  'ReadableStream',
  'Request',
  'Response',
  'crypto',
  'fetch',
];

export default defineConfig({
  entry: {
    'credentials/FormloomApi.credentials': 'credentials/FormloomApi.credentials.ts',
    'nodes/Formloom/Formloom.node': 'nodes/Formloom/Formloom.node.ts',
    'nodes/FormloomTrigger/FormloomTrigger.node': 'nodes/FormloomTrigger/FormloomTrigger.node.ts',
  },
  format: ['cjs'],
  outExtension: () => ({ js: '.js' }),
  platform: 'node',
  target: 'node22',
  clean: true,
  sourcemap: false,
  dts: false,
  treeshake: true,
  external: ['n8n-workflow'],
  noExternal: [/^(?!n8n-workflow$)/],
  // The workspace packages from their TypeScript sources: no build order among packages.
  esbuildOptions(options) {
    options.conditions = ['source'];
    // The SDK falls back to FORMLOOM_* environment variables; a community node may read none, and
    // this one passes everything from its credential: the bundle has no way to the environment.
    // The web APIs the SDK and ky reach through `globalThis` (which n8n's verification refuses)
    // are named directly: the same globals on Node 22+.
    options.define = {
      ...options.define,
      'globalThis.process': 'undefined',
      ...Object.fromEntries(WEB_GLOBALS.map((name) => [`globalThis.${name}`, name])),
      // Left only as `fetch.bind(globalThis)`: fetch needs no receiver.
      globalThis: 'undefined',
    };
  },
  // Icons and the codex file sit beside the code that names them, as n8n expects.
  onSuccess:
    'mkdir -p dist/icons && cp icons/*.svg dist/icons/ && cp nodes/Formloom/Formloom.node.json dist/nodes/Formloom/ && cp nodes/FormloomTrigger/FormloomTrigger.node.json dist/nodes/FormloomTrigger/',
});
