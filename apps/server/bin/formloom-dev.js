#!/usr/bin/env node
// Development only (`pnpm dev`, the tests): runs the TypeScript sources with tsx, resolving
// workspace packages to their sources (the `source` export condition), so it works from a fresh
// clone after `pnpm install` without a build. Everything runs in this one process, so signals
// reach the server directly. What ships is bin/formloom.js, which runs the build.
import { register } from 'node:module';
import { register as registerTsx } from 'tsx/esm/api';

register(
  'data:text/javascript,' +
    encodeURIComponent(
      'export async function resolve(s, c, next) { return next(s, { ...c, conditions: [...c.conditions, "source"] }); }',
    ),
);
registerTsx();
const { main } = await import('../src/main.ts');
await main();
