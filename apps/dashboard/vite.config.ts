import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { stripContractDocs } from './build/strip-contract-docs.js';

/**
 * Built to `dist/` with `/app/` as its base; `formloom serve` serves it at /app. In development
 * (`pnpm --filter @formloom/dashboard dev`), Vite's server on its own origin forwards /v1 to the
 * server at FORMLOOM_DEV_SERVER (default http://localhost:3000), so the page and the API share
 * Vite's origin: the session cookie is same-origin, and the request's Origin is rewritten to the
 * server's own so its same-origin rule holds (set FORMLOOM_PUBLIC_URL to the same URL).
 */
const target = process.env.FORMLOOM_DEV_SERVER ?? 'http://localhost:3000';

export default defineConfig({
  base: '/app/',
  plugins: [stripContractDocs(), react()],
  // `source`: the workspace packages' sources; then Vite's own browser conditions, so the engine's
  // browser halves are taken (its question types, variables and translation load on demand, and
  // a form's language other than English is fetched: see the builder's preview).
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    assetsDir: 'assets',
    rollupOptions: {
      output: {
        // One chunk for what every page needs at start and nothing else: React, React DOM and the
        // dashboard's texts machinery (src/i18n). When a lazily loaded part of the builder shared a
        // piece of them, the bundler split it off the start into chunks of their own: a request
        // and a compression context more each, 2-3 KB on every first load.
        manualChunks: (id) =>
          /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]|[\\/]apps[\\/]dashboard[\\/]src[\\/]i18n[\\/]/.test(
            id,
          )
            ? 'shell'
            : undefined,
      },
    },
  },
  server: {
    proxy: {
      '/v1': {
        target,
        changeOrigin: true,
        configure: (proxy) => {
          proxy.on('proxyReq', (req) => {
            if (req.getHeader('origin') !== undefined) req.setHeader('origin', new URL(target).origin);
          });
        },
      },
    },
  },
});
