import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { apiClient } from '../support.js';

/**
 * The upgrade test's shared pieces (docs/self-hosting.md, "Upgrades and migrations"): the release
 * the fixtures were made with, the fixed server key, and `readBack`, the one reading of an
 * installation through its API and CLI that `fill.ts` records and `upgrade.test.ts` compares.
 */

/** The previous release: the fixtures in ./fixtures were made by its `formloom serve` and CLI. */
export const PREVIOUS_RELEASE = '5e9d1a6a43680256e8da876729578f68d68cfd1c';

/** FORMLOOM_SECRET_KEY of both runs: it seals webhook secrets and integration tokens. */
export const SECRET_KEY = 'a1b2c3d4e5f60718293a4b5c6d7e8f90112233445566778899aabbccddeeff00';

/** What the filler hands the test beside the data: what a user was shown once, and ids to read. */
export interface Secrets {
  release: string;
  /** The key `formloom serve` printed on the first start. */
  bootstrapKey: string;
  /** Keys made with `formloom keys create` and what became of them. */
  keys: { name: string; token: string; scopes: string[]; state: 'active' | 'revoked' | 'rotated-out' }[];
  /** The successor `keys rotate` printed. */
  rotatedSuccessor: string;
  /** The webhook endpoints' signing secrets, as `POST /v1/webhooks` answered them. */
  webhookSecrets: Record<string, string>;
  /** The endpoint whose receiver answered 200: the test points it at its own receiver. */
  okWebhookId: string;
  user: { email: string; password: string };
  aiJobIds: string[];
  /** sha256 (hex) of each uploaded file, by upload id. */
  uploads: Record<string, string>;
}

export type Api = ReturnType<typeof apiClient>;

/** apiClient that waits out a 429 (the Max plan allows 150 requests a minute). */
export function patientApi(port: number, key: string): Api {
  const api = apiClient(port, key);
  return {
    base: api.base,
    async call(path, init = {}) {
      for (;;) {
        const res = await api.call(path, init);
        if (res.status !== 429) return res;
        const wait = Number(res.body?.rate_limit?.retry_after ?? 1);
        await new Promise((resolve) => setTimeout(resolve, (wait + 0.5) * 1000));
      }
    },
  };
}

/** Runs a `formloom` command (`bin`: the release's bin/formloom.js) with `--json`; answers the parsed output. */
export async function cliJson(bin: string, env: Record<string, string>, argv: string[], stdin?: string) {
  const run = promisify(execFile)(process.execPath, [bin, ...argv, '--json'], {
    env: { ...process.env, FORMLOOM_LOG_LEVEL: 'silent', ...env },
    timeout: 60_000,
  });
  if (stdin !== undefined) run.child.stdin!.end(stdin);
  const { stdout } = await run;
  return JSON.parse(stdout);
}

async function ok(api: Api, path: string): Promise<unknown> {
  const res = await api.call(path);
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${res.text}`);
  return res.body;
}

/** Every item of a paged list route (`field` names the array in `data`). */
async function all(api: Api, path: string, field: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  const sep = path.includes('?') ? '&' : '?';
  for (let page = 1; ; page++) {
    // biome-ignore lint/suspicious/noExplicitAny: envelopes are read loosely here
    const body = (await ok(api, `${path}${sep}limit=100&page=${page}`)) as any;
    items.push(...body.data[field]);
    if (!body.data.hasMore) return items;
  }
}

/**
 * Everything the installation holds, read as a user reads it: every list and get route of forms,
 * responses (and their files' sha256), webhooks and deliveries with attempts, smart forms and
 * sessions (and their exports), AI jobs, the analytics signing secret, /v1/me, and through the CLI
 * accounts, keys, users and credits, and through the integrations API the chat connections.
 */
export async function readBack(
  port: number,
  key: string,
  cli: (argv: string[]) => Promise<unknown>,
  secrets: Pick<Secrets, 'user' | 'aiJobIds'>,
): Promise<Record<string, unknown>> {
  const api = patientApi(port, key);
  const out: Record<string, unknown> = {};
  out.me = await ok(api, '/v1/me');

  const forms = await all(api, '/v1/forms', 'forms');
  out.forms = forms;
  out.formDetails = {};
  out.files = {};
  for (const form of forms) {
    const id = form.id as string;
    const responses = await all(api, `/v1/forms/${id}/responses`, 'responses');
    const details: Record<string, unknown> = {};
    for (const r of responses) {
      details[r.id as string] = await ok(api, `/v1/forms/${id}/responses/${r.id}`);
      for (const answer of Object.values(r.answers as Record<string, unknown>)) {
        const upload = (answer as { uploadId?: string } | null)?.uploadId;
        if (typeof upload !== 'string') continue;
        const file = await fetch(`${api.base}/v1/forms/${id}/responses/${r.id}/files/${upload}`, {
          headers: { authorization: `Bearer ${key}` },
        });
        if (file.status !== 200) throw new Error(`file ${upload}: ${file.status}`);
        (out.files as Record<string, unknown>)[upload] = {
          sha256: createHash('sha256')
            .update(Buffer.from(await file.arrayBuffer()))
            .digest('hex'),
          type: file.headers.get('content-type'),
          disposition: file.headers.get('content-disposition'),
        };
      }
    }
    (out.formDetails as Record<string, unknown>)[id] = {
      form: await ok(api, `/v1/forms/${id}`),
      count: await ok(api, `/v1/forms/${id}/responses/count`),
      responses,
      details,
    };
  }

  // biome-ignore lint/suspicious/noExplicitAny: envelopes are read loosely here
  const webhooks = ((await ok(api, '/v1/webhooks')) as any).data.webhooks as { id: string }[];
  out.webhooks = webhooks;
  out.deliveries = {};
  for (const hook of webhooks) {
    (out.deliveries as Record<string, unknown>)[hook.id] = await all(
      api,
      `/v1/webhooks/${hook.id}/deliveries`,
      'deliveries',
    );
  }

  const smartForms = await all(api, '/v1/smart-forms', 'smartForms');
  out.smartForms = smartForms;
  out.smartFormDetails = {};
  for (const sf of smartForms) {
    const id = sf.id as string;
    const sessions = await all(api, `/v1/smart-forms/${id}/sessions`, 'sessions');
    const details: Record<string, unknown> = {};
    for (const s of sessions)
      details[s.id as string] = await ok(api, `/v1/smart-forms/${id}/sessions/${s.id}`);
    const exports: Record<string, string> = {};
    for (const format of ['csv', 'json']) {
      const res = await fetch(`${api.base}/v1/smart-forms/${id}/export?format=${format}`, {
        headers: { authorization: `Bearer ${key}` },
      });
      if (res.status !== 200) throw new Error(`export ${id} ${format}: ${res.status}`);
      exports[format] = await res.text();
    }
    (out.smartFormDetails as Record<string, unknown>)[id] = {
      smartForm: await ok(api, `/v1/smart-forms/${id}`),
      sessions,
      details,
      exports,
    };
  }

  out.aiJobs = {};
  for (const job of secrets.aiJobIds) {
    (out.aiJobs as Record<string, unknown>)[job] = await ok(api, `/v1/ai/jobs/${job}`);
  }
  out.analyticsSigningSecret = await ok(api, '/v1/analytics/signing-secret');

  const login = await api.call('/integrations/v1/auth/login', {
    method: 'POST',
    key: null,
    json: secrets.user,
  });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${login.text}`);
  const connections = await api.call('/integrations/v1/connections', { key: login.body.data.token });
  if (connections.status !== 200) throw new Error(`connections: ${connections.status} ${connections.text}`);
  out.connections = connections.body;

  out.accounts = await cli(['accounts', 'list']);
  out.keys = await cli(['keys', 'list']);
  out.users = await cli(['users', 'list']);
  out.credits = await cli(['credits', 'show', '--account', 'default']);
  return out;
}
