import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Form, Formloom, type FormSchema } from '@formloom/sdk';
import { ARTIFACTS, type OpenedPage } from '@formloom/server/testing/browser';
import { afterAll, beforeAll } from 'vitest';
import { ensureBuilt } from '../../../scripts/ensure-built.js';
import { printedKey, type Serve, startServe } from './support.js';

export const PHONE = { width: 360, height: 800 };

/** Where the README's screenshots live; `pnpm screenshots` refreshes them from the tests below. */
export const SCREENSHOTS = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));

/**
 * A screenshot into the test artifacts; with `FORMLOOM_UPDATE_SCREENSHOTS=1` (what
 * `pnpm screenshots` sets) also into docs/screenshots, so the README shows what the tests saw.
 */
export async function screenshot(page: OpenedPage['page'], name: string, fullPage = false): Promise<void> {
  const file = join(ARTIFACTS, name);
  await page.screenshot({ path: file, fullPage });
  if (process.env.FORMLOOM_UPDATE_SCREENSHOTS === '1') copyFileSync(file, join(SCREENSHOTS, name));
}
export const OWNER = { email: 'owner@example.com', password: 'a long enough password' };

/** A free port, so the public URL (the origin the same-origin rule checks) is known before start. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface DashboardServer {
  serve: Serve;
  origin: string;
  /** The SDK with the key `formloom serve` printed on its first start. */
  api: Formloom;
  /** The first-run setup link (valid once). */
  setupLink: string;
  /** Set once `signIn` has used the setup link. */
  ownerCreated: boolean;
}

/**
 * A built dashboard on a real `formloom serve` in a fresh data folder, for the calling `describe`
 * (started before its tests, stopped after). The offline AI provider: no AI variable is set.
 */
export function useDashboardServer(prefix: string): () => DashboardServer {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  let server: DashboardServer | undefined;
  beforeAll(async () => {
    await ensureBuilt('dashboard');
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const serve = await startServe(dataDir, { PORT: String(port), FORMLOOM_PUBLIC_URL: origin });
    const line = serve.lines.find((l) => l.startsWith('Set up the dashboard'))!;
    server = {
      serve,
      origin,
      api: new Formloom({ apiKey: printedKey(serve)!, baseUrl: `${origin}/v1` }),
      setupLink: line.slice(line.indexOf(origin)),
      ownerCreated: false,
    };
  }, 300_000);
  afterAll(async () => {
    server?.serve.child.kill('SIGTERM');
    await server?.serve.exited;
    rmSync(dataDir, { recursive: true, force: true });
  });
  return () => server!;
}

/** Creates the owner through the setup link (first call) or signs in (later calls); ends on the forms list. */
export async function signIn({ page }: OpenedPage, server: DashboardServer): Promise<void> {
  if (!server.ownerCreated) {
    await page.goto(server.setupLink);
    await page.getByRole('heading', { name: 'Set up Formloom' }).waitFor();
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(OWNER.password);
    await page.getByRole('button', { name: 'Create owner and sign in' }).click();
    server.ownerCreated = true;
  } else {
    await page.goto(`${server.origin}/app/`);
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }
  await page.getByRole('heading', { name: 'Forms', level: 1 }).waitFor();
}

/** Whether the page fits a phone's width (no sideways scrolling). */
export async function fitsWidth({ page }: OpenedPage, width = PHONE.width): Promise<boolean> {
  return (await page.evaluate(() => document.documentElement.scrollWidth)) <= width;
}

/**
 * Signed in, on the builder of a new form made through the API from `schema` (titled by its
 * meta.title), once it shows as saved.
 */
export async function openBuilder(
  opened: OpenedPage,
  server: DashboardServer,
  schema: FormSchema,
): Promise<Form> {
  await signIn(opened, server);
  const title = schema.meta.title;
  const form = await server.api.forms.create({ title, schema });
  await opened.page.goto(`${server.origin}/app/forms/${form.id}`);
  await opened.page.getByRole('heading', { name: `Builder: ${title}` }).waitFor();
  await opened.page.getByRole('status').getByText('Saved', { exact: true }).waitFor();
  return form;
}
