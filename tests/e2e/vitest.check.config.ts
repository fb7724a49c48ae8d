import { defineConfig } from 'vitest/config';
import base from '../../vitest.config.js';

// Only the checks (*.check.ts) that need what a script installs, such as scripts/check-n8n.sh's real n8n: it needs the n8n that scripts/check-n8n.sh installs (minutes), so it is
// not part of `pnpm test`. Run from the repository's root.
export default defineConfig({ ...base, test: { ...base.test, include: ['tests/e2e/*.check.ts'] } });
