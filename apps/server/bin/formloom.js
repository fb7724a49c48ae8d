#!/usr/bin/env node
// The `formloom` binary: runs the build (dist/formloom.js, made by `pnpm build`: the server and
// the contract bundled in, registry packages beside it in node_modules). From sources, use
// `pnpm dev` (bin/formloom-dev.js) instead.
// better-sqlite3 13 needs Node-API 10: an older Node crashes loading it (a segfault, no message).
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 14)) {
  process.stderr.write(
    `formloom: needs Node.js 22.14 or newer (24 LTS recommended); this is Node ${process.version}.\n` +
      'From the repository, `bash scripts/serve.sh` installs Node 24 for itself.\n',
  );
  process.exit(1);
}
try {
  await import('../dist/formloom.js');
} catch (error) {
  if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('dist/formloom.js')) {
    process.stderr.write(
      'formloom: not built yet. Run `pnpm build` in the repository (or `bash scripts/serve.sh`, which builds),\n' +
        'or `pnpm dev` to run from the TypeScript sources.\n',
    );
    process.exitCode = 1;
  } else {
    throw error;
  }
}
