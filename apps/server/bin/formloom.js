#!/usr/bin/env node
// Runs the TypeScript sources with tsx, resolving workspace packages to their sources (the
// `source` export condition), so `formloom` works from a fresh clone after `pnpm install`
// without a build. Everything runs in this one process, so signals reach the server directly.
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
