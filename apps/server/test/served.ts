import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FormSchema } from '@formloom/contract';
import { afterAll, beforeAll } from 'vitest';
import { printedKey, type Serve, startServe } from './support.js';

// What the runtime's and the element's own tests use (`formloom/testing/served`): the built server,
// Chromium, axe and the forms the server's page tests fill too.
export { axeOfSame, axeViolations } from '@formloom/server/testing/axe';
export {
  chromiumOrSkip,
  launchChromium,
  mouseStroke,
  touchStroke,
  usePages,
} from '@formloom/server/testing/browser';
export { signupSchema } from '@formloom/server/testing/jumps-fixtures';
export {
  bilingualSchema,
  guestsSchema,
  pagedQuizSchema,
  surveySchema,
  TINY_PNG,
} from '@formloom/server/testing/page-fixtures';
export { capitalsQuiz } from '@formloom/server/testing/quiz-fixtures';
export { parseMail, type SmtpStandIn, startSmtpStandIn } from '@formloom/server/testing/smtp';

export interface ServedRequest {
  method?: string;
  key?: string | undefined;
  json?: unknown;
}

export interface ServedResponse {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read envelopes loosely
  body: any;
  text: string;
}

/** The built server, for one test file. */
export interface Served {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** The key `formloom serve` printed on its first start (its account, every scope). */
  account(): Promise<{ key: string }>;
  /** A JSON call: status, parsed body, text. */
  request(path: string, init?: ServedRequest): Promise<ServedResponse>;
}

/**
 * `formloom serve`, built from the current sources (scripts/ensure-built.ts), on a fresh SQLite
 * file for the test file that calls this: the server users run, as a package's tests meet it.
 * `env`: more of its environment, read when it starts (`FORMLOOM_SMTP_URL` of a stand-in started
 * in an earlier `beforeAll`).
 */
export function useServed(env: () => Record<string, string> = () => ({})): Served {
  const dataDir = mkdtempSync(join(tmpdir(), 'formloom-served-'));
  let serve: Serve | undefined;
  let key = '';
  beforeAll(async () => {
    serve = await startServe(join(dataDir, '.formloom'), env());
    key = printedKey(serve) ?? '';
    if (key === '') throw new Error(`formloom serve printed no key: ${serve.lines.join('\n')}`);
  }, 320_000);
  afterAll(async () => {
    if (serve !== undefined) {
      serve.child.kill('SIGTERM');
      await serve.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    get url() {
      return `http://127.0.0.1:${serve!.port}`;
    },
    account: async () => ({ key }),
    async request(path, init = {}) {
      const headers: Record<string, string> = {};
      if (init.key !== undefined) headers.authorization = `Bearer ${init.key}`;
      if (init.json !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(`http://127.0.0.1:${serve!.port}${path}`, {
        method: init.method ?? 'GET',
        headers,
        body: init.json === undefined ? null : JSON.stringify(init.json),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined, text };
    },
  };
}

/** Creates and publishes a form; its id and share code. */
export async function publishForm(t: Served, key: string, schema: FormSchema, title = schema.meta.title) {
  const created = await t.request('/v1/forms', { method: 'POST', key, json: { title, schema } });
  if (created.status !== 201) throw new Error(`creating the form failed: ${created.text}`);
  const id = created.body.data.id as string;
  const published = await t.request(`/v1/forms/${id}/publish`, { method: 'POST', key });
  if (published.status !== 200) throw new Error(`publishing the form failed: ${published.text}`);
  return { id, code: published.body.data.shareUrl as string };
}
