import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { type PackageName, packageDir } from '../../../scripts/ensure-built.js';

export { ensureBuilt, type PackageName } from '../../../scripts/ensure-built.js';

/** `pnpm pack` of a package into `into` (publishConfig applied, as published); the tarball's path. */
export async function pack(name: PackageName, into: string): Promise<string> {
  const { stdout } = await promisify(execFile)('pnpm', ['pack', '--pack-destination', into], {
    cwd: packageDir(name),
  });
  return stdout.trim().split('\n').at(-1)!;
}
