import { parseArgs } from 'node:util';
import {
  type ApiKeyInfo,
  createDb,
  createServices,
  DomainError,
  formatDuration,
  parseDuration,
  type Services,
  serveMcpStdio,
} from '@formloom/server';
import { type Config, ConfigError, loadConfig } from './config.js';
import { backup, migrateToPostgres, NotApplicableError, restore, rowCounts } from './operations.js';
import { serve } from './serve.js';

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  /** A password: all of stdin when `fromStdin`, else asked on the terminal without echo. */
  readSecret?: (prompt: string, fromStdin: boolean) => Promise<string>;
}

/** A mistake in how the command was called: printed without a stack, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

type Values = Record<string, string | boolean | undefined>;

interface Command {
  usage: string;
  summary: string;
  help: string;
  options: Record<string, { type: 'string' | 'boolean'; short?: string }>;
  positionals?: string[];
  run(ctx: { values: Values; positionals: string[]; config: Config; io: CliIo }): Promise<unknown>;
}

const JSON_OPTION = { json: { type: 'boolean' as const } };

/** The services (`createServices`) over the configured database, closed after `fn`. */
async function withServices<T>(config: Config, fn: (services: Services) => Promise<T>): Promise<T> {
  const handle = await createDb({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  try {
    return await fn(
      createServices({
        db: handle.db,
        config: {
          publicUrl: config.publicUrl,
          deletedRetentionMs: config.deletedRetentionMs,
          auditRetentionMs: config.auditRetentionMs,
        },
      }),
    );
  } finally {
    await handle.close();
  }
}

/** `formloom mcp`'s settings: the server and the key, from the environment. */
function mcpOptions(env: CliIo['env']): { baseUrl: string; apiKey: string } {
  const baseUrl = env.FORMLOOM_URL?.trim() ?? '';
  if (!/^https?:\/\/[^/]/.test(baseUrl)) {
    throw new ConfigError(`FORMLOOM_URL must be the server's http(s) origin (got "${baseUrl}")`);
  }
  const apiKey = env.FORMLOOM_API_KEY?.trim() ?? '';
  if (apiKey === '') throw new ConfigError('FORMLOOM_API_KEY must be an API key (formloom keys create)');
  return { baseUrl, apiKey };
}

function required(values: Values, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} is required`);
  return value;
}

function positionalOr(ctx: { values: Values; positionals: string[] }, option: string, what: string): string {
  const value = ctx.positionals[0] ?? ctx.values[option];
  if (typeof value !== 'string' || value === '') throw new UsageError(`give the ${what}`);
  return value;
}

function print(io: CliIo, values: Values, result: unknown, human: () => string[]): void {
  if (values.json === true) io.out(JSON.stringify(result, null, 2));
  else for (const line of human()) io.out(line);
}

async function password(values: Values, io: CliIo): Promise<string> {
  if (io.readSecret === undefined) throw new UsageError('no way to read a password here');
  const fromStdin = values['password-stdin'] === true;
  const first = await io.readSecret('Password: ', fromStdin);
  if (!fromStdin && (await io.readSecret('Password again: ', false)) !== first) {
    throw new UsageError('the two passwords differ');
  }
  return first;
}

function keyLine(key: ApiKeyInfo): string {
  const parts = [`formloom_${key.keyId}`, key.status, `account ${key.accountId}`, key.scopes.join(',')];
  if (key.name) parts.push(`"${key.name}"`);
  if (key.expiresAt) parts.push(`expires ${key.expiresAt}`);
  if (key.graceUntil && key.status === 'rotating') parts.push(`grace until ${key.graceUntil}`);
  return parts.join('  ');
}

const COMMANDS: Record<string, Command> = {
  serve: {
    usage: 'formloom serve',
    summary: 'run the API server',
    help: [
      'Serves the Formloom API until SIGTERM or SIGINT, then finishes requests in flight and exits.',
      'On a new, empty database it creates the account "default" (Max plan) and prints its API key once.',
      '',
      'Environment:',
      '  PORT                        port to listen on (default 3000)',
      '  HOST                        address to bind (default: all interfaces)',
      '  FORMLOOM_DATA_DIR           folder of the SQLite database (default ./.formloom)',
      '  FORMLOOM_DATABASE_URL       sqlite:<file> (default <data dir>/formloom.db)',
      '  FORMLOOM_PUBLIC_URL         origin of public form links (default http://localhost:<PORT>)',
      '  FORMLOOM_BODY_LIMIT         largest request body (default 1mb)',
      '  FORMLOOM_LOG_LEVEL          fatal|error|warn|info|debug|trace|silent (default info)',
      '  FORMLOOM_DELETED_RETENTION  how long deleted forms can be restored (default 30d)',
    ].join('\n'),
    options: {},
    run: ({ config, io }) => serve(config, io),
  },
  mcp: {
    usage: 'formloom mcp',
    summary: 'an MCP server over stdio for AI agents (docs/mcp.md)',
    help: [
      'Speaks MCP on stdin/stdout until the client closes them: one tool per API route of the contract,',
      'each call a request to the Formloom server with the API key (its scopes, plan and limits apply).',
      'Needs no database: it talks to a running server.',
      '',
      'Environment:',
      "  FORMLOOM_URL      the server's origin, e.g. https://forms.example.com (required)",
      '  FORMLOOM_API_KEY  the API key the tools act with (required)',
    ].join('\n'),
    options: {},
    run: ({ io }) => serveMcpStdio(mcpOptions(io.env)),
  },
  'accounts create': {
    usage: 'formloom accounts create --name NAME --plan free|starter|pro|max [--json]',
    summary: 'create an account',
    help: 'Creates an account. Plan names are case-insensitive.',
    options: { name: { type: 'string' }, plan: { type: 'string' }, ...JSON_OPTION },
    run: async ({ values, config, io }) => {
      const account = await withServices(config, (services) =>
        services.accounts.create({ name: required(values, 'name'), plan: required(values, 'plan') }),
      );
      print(io, values, account, () => [
        `Created account ${account.id} "${account.name}" on plan ${account.plan}`,
      ]);
    },
  },
  'accounts list': {
    usage: 'formloom accounts list [--json]',
    summary: 'list accounts',
    help: 'Lists every account with its plan.',
    options: { ...JSON_OPTION },
    run: async ({ values, config, io }) => {
      const accounts = await withServices(config, (services) => services.accounts.list());
      print(io, values, accounts, () =>
        accounts.length === 0
          ? ['No accounts.']
          : accounts.map((a) => `${a.id}  ${a.plan.padEnd(7)}  ${a.name}`),
      );
    },
  },
  'accounts set-plan': {
    usage: 'formloom accounts set-plan --account ID|NAME --plan free|starter|pro|max [--json]',
    summary: "change an account's plan",
    help: 'Moves an account to another plan. Keys of a Free account are refused (403) until it is upgraded.',
    options: { account: { type: 'string' }, plan: { type: 'string' }, ...JSON_OPTION },
    run: async ({ values, config, io }) => {
      const account = await withServices(config, (services) =>
        services.accounts.setPlan(required(values, 'account'), required(values, 'plan')),
      );
      print(io, values, account, () => [
        `Account ${account.id} "${account.name}" is now on plan ${account.plan}`,
      ]);
    },
  },
  'keys create': {
    usage: 'formloom keys create --account ID|NAME --scopes A,B|all [--name N] [--expires-in 30d] [--json]',
    summary: 'create an API key (printed once)',
    help: [
      'Creates an API key for an account and prints it once; only its hash is stored.',
      '--scopes takes a comma-separated list (FORMS_READ,FORMS_WRITE,...) or "all".',
      '--expires-in takes a duration: 90s, 15m, 12h, 30d, 2w.',
    ].join('\n'),
    options: {
      account: { type: 'string' },
      scopes: { type: 'string' },
      name: { type: 'string' },
      'expires-in': { type: 'string' },
      ...JSON_OPTION,
    },
    run: async ({ values, config, io }) => {
      const expires = values['expires-in'];
      const expiresInMs = typeof expires === 'string' ? parseDuration(expires) : undefined;
      if (typeof expires === 'string' && expiresInMs === undefined) {
        throw new UsageError(`--expires-in must be a duration such as 30d (got "${expires}")`);
      }
      const created = await withServices(config, (services) =>
        services.keys.create({
          account: required(values, 'account'),
          scopes: required(values, 'scopes').split(','),
          name: typeof values.name === 'string' ? values.name : undefined,
          expiresInMs,
        }),
      );
      print(io, values, { ...created.key, apiKey: created.token }, () => [
        `API key: ${created.token}`,
        `(shown once; store it now)  ${keyLine(created.key)}`,
      ]);
    },
  },
  'keys list': {
    usage: 'formloom keys list [--account ID|NAME] [--json]',
    summary: 'list API keys (never their secrets)',
    help: 'Lists keys with their status: active, rotating (old key in its grace period), rotated, revoked, expired.',
    options: { account: { type: 'string' }, ...JSON_OPTION },
    run: async ({ values, config, io }) => {
      const account = typeof values.account === 'string' ? values.account : undefined;
      const keys = await withServices(config, (services) => services.keys.list(account));
      print(io, values, keys, () => (keys.length === 0 ? ['No keys.'] : keys.map(keyLine)));
    },
  },
  'keys revoke': {
    usage: 'formloom keys revoke KEY_ID [--json]',
    summary: 'revoke an API key at once',
    help: 'Revokes a key by its 12-hex key id (the part after formloom_), its id, or the full key.',
    options: { key: { type: 'string' }, ...JSON_OPTION },
    positionals: ['KEY_ID'],
    run: async (ctx) => {
      const ref = positionalOr(ctx, 'key', 'key id to revoke');
      const key = await withServices(ctx.config, (services) => services.keys.revoke(ref));
      print(ctx.io, ctx.values, key, () => [`Revoked ${keyLine(key)}`]);
    },
  },
  'keys rotate': {
    usage: 'formloom keys rotate KEY_ID [--grace 24h] [--json]',
    summary: 'replace an API key; the old one works during the grace period',
    help: 'Creates a successor with the same account, scopes and lifetime, and prints it once. The old key keeps working for the grace period (default 24h, at most 7d).',
    options: { key: { type: 'string' }, grace: { type: 'string' }, ...JSON_OPTION },
    positionals: ['KEY_ID'],
    run: async (ctx) => {
      const ref = positionalOr(ctx, 'key', 'key id to rotate');
      const graceText = ctx.values.grace;
      const graceMs = typeof graceText === 'string' ? parseDuration(graceText) : undefined;
      if (typeof graceText === 'string' && graceMs === undefined) {
        throw new UsageError(`--grace must be a duration such as 24h (got "${graceText}")`);
      }
      const rotated = await withServices(ctx.config, (services) => services.keys.rotate(ref, graceMs));
      print(ctx.io, ctx.values, { ...rotated.key, apiKey: rotated.token, previous: rotated.old }, () => [
        `API key: ${rotated.token}`,
        `(shown once; store it now)  ${keyLine(rotated.key)}`,
        `Old key formloom_${rotated.old.keyId} works until ${rotated.old.graceUntil} (${formatDuration(graceMs ?? 86_400_000)})`,
      ]);
    },
  },
  'users create': {
    usage:
      'formloom users create --account ID|NAME --email EMAIL [--role owner|admin|editor|viewer] [--password-stdin] [--json]',
    summary: 'create a user who signs in (dashboard and integrations API)',
    help: [
      'Creates a person who signs in with an email and a password, in an account. The password is',
      'asked on the terminal (twice, not echoed), or read from stdin with --password-stdin; it needs',
      'at least 10 characters and is refused when common, repetitive (aaaaaaaaaa, abcabcabcabc) or a',
      'straight sequence (1234567890, qwertyuiop). Only its scrypt hash is stored. --role (default',
      'owner): owner, admin, editor or viewer; each route names the permission it needs',
      '(docs/server.md).',
    ].join('\n'),
    options: {
      account: { type: 'string' },
      email: { type: 'string' },
      role: { type: 'string' },
      'password-stdin': { type: 'boolean' },
      ...JSON_OPTION,
    },
    run: async ({ values, config, io }) => {
      const account = required(values, 'account');
      const email = required(values, 'email');
      const role = typeof values.role === 'string' ? values.role : undefined;
      const secret = await password(values, io);
      const user = await withServices(config, (services) =>
        services.users.create({ account, email, password: secret, role }),
      );
      print(io, values, user, () => [
        `Created user ${user.id} ${user.email} (${role ?? 'owner'}) in account ${user.accountId}`,
      ]);
    },
  },
  'users list': {
    usage: 'formloom users list [--account ID|NAME] [--json]',
    summary: 'list users (never their passwords)',
    help: 'Lists the users of one account, or of every account.',
    options: { account: { type: 'string' }, ...JSON_OPTION },
    run: async ({ values, config, io }) => {
      const account = typeof values.account === 'string' ? values.account : undefined;
      const users = await withServices(config, (services) => services.users.list(account));
      print(io, values, users, () =>
        users.length === 0 ? ['No users.'] : users.map((u) => `${u.id}  ${u.email}  account ${u.accountId}`),
      );
    },
  },
  'users reset-password': {
    usage: 'formloom users reset-password --email EMAIL [--password-stdin] [--json]',
    summary: "set a user's password",
    help: "Sets a new password (asked like users create) and lifts a sign-in lockout of that email. Ends that user's dashboard sessions; integrations session tokens already issued stay valid until they expire (at most 1 hour).",
    options: { email: { type: 'string' }, 'password-stdin': { type: 'boolean' }, ...JSON_OPTION },
    run: async ({ values, config, io }) => {
      const email = required(values, 'email');
      const secret = await password(values, io);
      const user = await withServices(config, (services) => services.users.resetPassword(email, secret));
      print(io, values, user, () => [`Password of ${user.email} changed`]);
    },
  },
  'users reset-2fa': {
    usage: 'formloom users reset-2fa --email EMAIL [--json]',
    summary: "turn off a user's two-factor (a lost phone)",
    help: 'Removes the two-factor secret and recovery codes of the user: they sign in with their password alone, and turn two-factor on again from the dashboard (at once, when their account requires it).',
    options: { email: { type: 'string' }, ...JSON_OPTION },
    run: async ({ values, config, io }) => {
      const email = required(values, 'email');
      const result = await withServices(config, (services) => services.twoFactor.reset(email));
      print(io, values, result, () => [
        result.removed ? `Two-factor of ${result.email} turned off` : `${result.email} had no two-factor`,
      ]);
    },
  },
  'forms restore': {
    usage: 'formloom forms restore FORM_ID [--json]',
    summary: 'restore a deleted form inside the retention window',
    help: 'Brings back a soft-deleted form and its responses, as long as the purge has not removed them yet.',
    options: { ...JSON_OPTION },
    positionals: ['FORM_ID'],
    run: async (ctx) => {
      const id = positionalOr(ctx, 'id', 'form id to restore');
      const form = await withServices(ctx.config, (services) => services.formsAdmin.restore(id));
      print(ctx.io, ctx.values, form, () => [
        `Restored form ${form.id} "${form.title}" (${form.publishStatus})`,
      ]);
    },
  },
  'credits grant': {
    usage: 'formloom credits grant --account ID|NAME --amount N [--reason TEXT] [--json]',
    summary: 'add credits to an account',
    help: 'Adds N credits (a whole number, at least 1) to the account balance, with a ledger row.',
    options: {
      account: { type: 'string' },
      amount: { type: 'string' },
      reason: { type: 'string' },
      ...JSON_OPTION,
    },
    run: async ({ values, config, io }) => {
      const amountText = required(values, 'amount');
      if (!/^[1-9][0-9]*$/.test(amountText)) {
        throw new UsageError(`--amount must be a whole number of credits, at least 1 (got "${amountText}")`);
      }
      const reason = typeof values.reason === 'string' ? values.reason : undefined;
      const granted = await withServices(config, (services) =>
        services.credits.grant(required(values, 'account'), Number(amountText), reason),
      );
      print(io, values, granted.account, () => [
        `Granted ${amountText} credits to ${granted.account.id} "${granted.account.name}"; balance ${granted.account.creditBalance}`,
      ]);
    },
  },
  'credits show': {
    usage: 'formloom credits show --account ID|NAME [--json]',
    summary: "an account's credit balance and latest ledger rows",
    help: 'Prints the balance and the 20 latest ledger rows (grants, reservations, refunds), newest first.',
    options: { account: { type: 'string' }, ...JSON_OPTION },
    run: async ({ values, config, io }) => {
      const shown = await withServices(config, async (services) => {
        const account = await services.accounts.resolve(required(values, 'account'));
        return {
          account,
          ledger: await services.credits.ledger(account.id),
        };
      });
      print(io, values, { balance: shown.account.creditBalance, ledger: shown.ledger }, () => [
        `Account ${shown.account.id} "${shown.account.name}": ${shown.account.creditBalance} credits`,
        ...shown.ledger.map(
          (e) =>
            `${e.created_at}  ${e.kind.padEnd(7)}  ${String(e.delta).padStart(6)}  -> ${e.balance_after}  ${e.reason}`,
        ),
      ]);
    },
  },
  backup: {
    usage: 'formloom backup --out FILE [--with-secret-key] [--json]',
    summary: 'back up a SQLite installation while it runs (database + uploads)',
    help: [
      "Writes one .tar.gz: the SQLite database, copied with SQLite's online backup (a consistent",
      'snapshot while the server keeps serving), the uploaded files, and manifest.json with row counts.',
      'The secret key that seals webhook signing secrets is left out unless --with-secret-key: keep it',
      'apart from copies of the data. PostgreSQL: use pg_dump (docs/self-hosting.md).',
    ].join('\n'),
    options: { out: { type: 'string' }, 'with-secret-key': { type: 'boolean' }, ...JSON_OPTION },
    run: async ({ values, config, io }) => {
      const out = required(values, 'out');
      const manifest = await backup(config, io.cwd, out, values['with-secret-key'] === true);
      print(io, values, manifest, () => [
        `Backed up to ${out}: ${rowCounts(manifest.tables)}; ${manifest.uploads} uploaded files`,
        manifest.secretKey
          ? 'The archive holds the secret key: store it as carefully as the key itself.'
          : 'The secret key is not in it: keep a copy of it (or of FORMLOOM_SECRET_KEY) apart.',
      ]);
    },
  },
  restore: {
    usage: 'formloom restore FILE [--force] [--json]',
    summary: 'restore a backup into the data folder (never under a running server)',
    help: [
      'Restores an archive written by formloom backup into FORMLOOM_DATA_DIR (or the SQLite file',
      'FORMLOOM_DATABASE_URL names). Refuses while a formloom serve uses that folder, and refuses to',
      'replace data already there unless --force, which moves the old data aside to',
      '<data dir>/replaced-<time>/ instead of deleting it.',
    ].join('\n'),
    options: { from: { type: 'string' }, force: { type: 'boolean' }, ...JSON_OPTION },
    positionals: ['FILE'],
    run: async (ctx) => {
      const from = positionalOr(ctx, 'from', 'backup file to restore');
      const result = await restore(ctx.config, ctx.io.cwd, from, ctx.values.force === true);
      print(ctx.io, ctx.values, result, () => [
        `Restored ${from} (taken ${result.manifest.createdAt}) into ${ctx.config.dataDir}: ${rowCounts(result.manifest.tables)}; ${result.manifest.uploads} uploaded files`,
        ...(result.movedAside ? [`The data that was there is in ${result.movedAside}`] : []),
      ]);
    },
  },
  'migrate-to-postgres': {
    usage: 'formloom migrate-to-postgres --to postgres://... [--batch-size N] [--json]',
    summary: 'copy this SQLite installation into an empty PostgreSQL database',
    help: [
      'Copies every table (ids, timestamps, sealed webhook secrets, the webhook outbox) from the SQLite',
      'database into an empty PostgreSQL database, in batches, then checks every table has as many rows',
      'on both sides. Stop the server first. If the copy stops, run the command again: it resumes.',
      'Then run formloom serve with FORMLOOM_DATABASE_URL set to the same URL and FORMLOOM_SECRET_KEY',
      'set to the key this installation uses (the file secret.key in the data folder).',
    ].join('\n'),
    options: { to: { type: 'string' }, 'batch-size': { type: 'string' }, ...JSON_OPTION },
    run: async ({ values, config, io }) => {
      const size = values['batch-size'];
      if (size !== undefined && !/^[1-9][0-9]*$/.test(String(size))) {
        throw new UsageError(`--batch-size must be a whole number, at least 1 (got "${size}")`);
      }
      const json = values.json === true;
      const result = await migrateToPostgres(
        config,
        required(values, 'to'),
        size === undefined ? undefined : Number(size),
        (line) => {
          if (!json) io.out(line);
        },
      );
      const keyHint = config.webhooks.secretKey
        ? 'Give the PostgreSQL instances the same FORMLOOM_SECRET_KEY as this one.'
        : `Give the PostgreSQL instances FORMLOOM_SECRET_KEY="$(cat ${config.dataDir}/secret.key)": it unseals the webhook secrets.`;
      print(io, values, result, () => [
        `Copied and verified${result.resumed ? ' (resumed)' : ''}: ${rowCounts(result.tables)}`,
        keyHint,
      ]);
    },
  },
};

function mainHelp(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length));
  return [
    'formloom: the Formloom reference server and its operator CLI',
    '',
    'Usage: formloom <command> [options]',
    '',
    'Commands:',
    ...Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`),
    '',
    'Run "formloom <command> --help" for its options. Commands that print accept --json.',
    'The database is found through FORMLOOM_DATA_DIR (default ./.formloom) or FORMLOOM_DATABASE_URL.',
  ].join('\n');
}

function findCommand(
  argv: readonly string[],
): { name: string; command: Command; rest: string[] } | undefined {
  for (const words of [2, 1]) {
    const name = argv.slice(0, words).join(' ');
    const command = COMMANDS[name];
    if (command) return { name, command, rest: argv.slice(words) };
  }
  return undefined;
}

/** Runs one command; resolves to the process exit code. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    io.out(mainHelp());
    return argv.length === 0 ? 2 : 0;
  }
  const found = findCommand(argv);
  if (found === undefined) {
    io.err(`formloom: unknown command "${argv.slice(0, 2).join(' ')}"\n\n${mainHelp()}`);
    return 2;
  }
  const { name, command, rest } = found;
  try {
    const { values, positionals } = parseArgs({
      args: rest,
      options: { ...command.options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: (command.positionals?.length ?? 0) > 0,
      strict: true,
    });
    if (values.help === true) {
      io.out(`Usage: ${command.usage}\n\n${command.help}`);
      return 0;
    }
    if (positionals.length > (command.positionals?.length ?? 0)) {
      throw new UsageError(`unexpected argument "${positionals.at(-1)}"`);
    }
    const config = loadConfig(io.env, io.cwd);
    await command.run({ values: values as Values, positionals, config, io });
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const usage =
      error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    if (usage) {
      io.err(`formloom ${name}: ${message}\nUsage: ${command.usage}`);
      return 2;
    }
    // A domain error (unknown account, bad plan, key in the wrong state, ...) explains itself.
    if (error instanceof ConfigError || error instanceof NotApplicableError || error instanceof DomainError) {
      io.err(`formloom ${name}: ${message}`);
      return 1;
    }
    io.err(
      `formloom ${name}: unexpected error: ${error instanceof Error ? (error.stack ?? message) : message}`,
    );
    return 1;
  }
}
