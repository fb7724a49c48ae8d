import { createInterface } from 'node:readline';

/**
 * A password for the CLI: all of stdin (`--password-stdin`, one trailing newline dropped), or a
 * prompt on the terminal that does not echo what is typed. Never an argument, which would land
 * in the shell history and the process list.
 */
export async function readSecret(prompt: string, fromStdin: boolean): Promise<string> {
  if (fromStdin) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks)
      .toString('utf8')
      .replace(/\r?\n$/, '');
  }
  if (!process.stdin.isTTY) throw new Error('no terminal to ask for the password: use --password-stdin');
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  // Echo nothing of the answer (the prompt itself is written before muting).
  const output = rl as unknown as { _writeToOutput: (s: string) => void };
  process.stderr.write(prompt);
  output._writeToOutput = () => {};
  try {
    return await new Promise<string>((resolve) => rl.question('', resolve));
  } finally {
    rl.close();
    process.stderr.write('\n');
  }
}
