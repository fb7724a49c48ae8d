import { runCli } from './cli.js';
import { readSecret } from './secret-input.js';

/** The `formloom` entry point: runs one command with the process's streams and environment. */
export async function main(argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  process.exitCode = await runCli(argv, {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    env: process.env,
    // Under `pnpm start` / `pnpm formloom` the script runs in apps/server; INIT_CWD is where the
    // user typed the command, so `./.formloom` means what they expect.
    cwd: process.env.INIT_CWD ?? process.cwd(),
    readSecret,
  });
}
