import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Form, Formloom, type FormSchema, type Role } from '@formloom/sdk';
import { freePort } from '@formloom/server/testing';
import { axeViolations } from '@formloom/server/testing/axe';
import { ARTIFACTS, type OpenedPage, type usePages } from '@formloom/server/testing/browser';
import { afterAll, beforeAll, expect } from 'vitest';
import { ensureBuilt } from '../../../scripts/ensure-built.js';
import { printedKey, type Serve, startServe } from './support.js';

export const PHONE = { width: 360, height: 800 };
export const DESKTOP = { width: 1280, height: 1000 };

/** Where the README's screenshots live; `pnpm screenshots` refreshes them from the tests below. */
export const SCREENSHOTS = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));

/**
 * A screenshot into the test artifacts; with `FORMLOOM_UPDATE_SCREENSHOTS=1` (what
 * `pnpm screenshots` sets) also into docs/screenshots, so the README shows what the tests saw.
 */
export async function screenshot(
  target: OpenedPage['page'] | ReturnType<OpenedPage['page']['locator']>,
  name: string,
  fullPage = false,
): Promise<void> {
  const file = join(ARTIFACTS, name);
  // A page whole or as far as the window shows, or one element of it.
  if ('goto' in target) await target.screenshot({ path: file, fullPage });
  else await target.screenshot({ path: file });
  if (process.env.FORMLOOM_UPDATE_SCREENSHOTS === '1') copyFileSync(file, join(SCREENSHOTS, name));
}
/** A 1×1 PNG: real magic bytes, so the server's type check accepts it. */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4b00000000049454e44ae426082',
  'hex',
);

/** A table's body rows, each as its cells' texts joined by spaces (a figure table as read aloud). */
export function tableRows(table: ReturnType<OpenedPage['page']['locator']>): Promise<string[]> {
  return table
    .getByRole('row')
    .evaluateAll((rows) =>
      rows.slice(1).map((r) => Array.from(r.children, (cell) => cell.textContent?.trim()).join(' ')),
    );
}

export const OWNER = { email: 'owner@example.com', password: 'a long enough password' };

// A free port, so the public URL (the origin the same-origin rule checks) is known before start:
// the server package's test support has the one helper.
export { freePort };

export interface DashboardServer {
  serve: Serve;
  origin: string;
  /** The SDK with the key `formloom serve` printed on its first start. */
  api: Formloom;
  /** The first-run setup link (valid once). */
  setupLink: string;
  /** Set once `signIn` has used the setup link. */
  ownerCreated: boolean;
  /** The server's data folder (`formloom.db` in it). */
  dataDir: string;
}

/**
 * A built dashboard on a real `formloom serve` in a fresh data folder, for the calling `describe`
 * (started before its tests, stopped after). The offline AI provider: no AI variable is set.
 */
export function useDashboardServer(
  prefix: string,
  /** More environment for `formloom serve`, read when it starts (after the caller's earlier `beforeAll`). */
  env: () => Record<string, string> = () => ({}),
  /**
   * The host of the public URL. `localhost` for what needs a domain rather than an address
   * (WebAuthn takes no IP address as its relying party id).
   */
  host: '127.0.0.1' | 'localhost' = '127.0.0.1',
): () => DashboardServer {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  let server: DashboardServer | undefined;
  beforeAll(async () => {
    await ensureBuilt('dashboard');
    const port = await freePort();
    const origin = `http://${host}:${port}`;
    const serve = await startServe(dataDir, { ...env(), PORT: String(port), FORMLOOM_PUBLIC_URL: origin });
    const line = serve.lines.find((l) => l.startsWith('Set up the dashboard'))!;
    server = {
      serve,
      origin,
      api: new Formloom({ apiKey: printedKey(serve)!, baseUrl: `${origin}/v1` }),
      setupLink: line.slice(line.indexOf(origin)),
      ownerCreated: false,
      dataDir,
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

/** The page's password for members invited with `inviteAndJoin`. */
export const MEMBER_PASSWORD = 'another long password';

/**
 * The SDK as the member signed in on `page`, from Node: that browser's session cookie, sent with
 * the server's origin (the same-origin rule for state-changing requests).
 */
export async function sessionApi({ page }: OpenedPage, server: DashboardServer): Promise<Formloom> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'formloom_session');
  if (cookie === undefined) throw new Error('the page is not signed in');
  return new Formloom({
    session: true,
    baseUrl: `${server.origin}/v1`,
    fetch: (input, init) => {
      const request = new Request(input, init);
      const headers = new Headers(request.headers);
      headers.set('cookie', `${cookie.name}=${cookie.value}`);
      headers.set('origin', server.origin);
      return fetch(new Request(request, { headers }));
    },
  });
}

/**
 * Invites `email` with `role` (through `owner`, an SDK of a member who may) and joins by the link
 * in a browser of their own, as the invitee would; ends signed in on the forms list.
 */
export async function inviteAndJoin(
  owner: Formloom,
  pages: ReturnType<typeof usePages>,
  { email, role }: { email: string; role: Role },
  viewport = PHONE,
): Promise<OpenedPage> {
  const { link } = await owner.members.invite({ email, role });
  const opened = await pages.open(link, viewport);
  await opened.page.getByRole('textbox', { name: 'Password', exact: true }).fill(MEMBER_PASSWORD);
  await opened.page.getByRole('button', { name: 'Join and sign in' }).click();
  await opened.page.getByRole('heading', { name: 'Forms', level: 1 }).waitFor();
  return opened;
}

/**
 * An interview through the public routes (the offline provider asks): start, answer with the next
 * of `answers` (the last repeated) until done or `count` answers, then finish when asked.
 */
export async function interview(
  api: Formloom,
  code: string,
  answers: string[],
  { count = Number.POSITIVE_INFINITY, finish = true } = {},
): Promise<string> {
  let step = await api.public.startInterview(code);
  const session = { sessionId: step.sessionId, sessionToken: step.sessionToken };
  for (let i = 0; !step.done && i < count; i++) {
    const answer = answers[Math.min(i, answers.length - 1)]!;
    step = {
      ...step,
      ...(await api.public.answer(code, session, { questionId: step.question!.id, answer })),
    };
  }
  if (finish) await api.public.finishInterview(code, session);
  return session.sessionId;
}

/**
 * A page's requests answered 400 or 404, as `<status> <path>`, gathered as it goes: the browser logs
 * each as an error, and the test names the ones it expects (the single sign-on page reads "not set
 * up" as GET /v1/me/sso's 404; a refused save is a 400).
 */
export function refusals({ page }: OpenedPage): Set<string> {
  const seen = new Set<string>();
  page.on('response', (response) => {
    if (response.status() === 400 || response.status() === 404)
      seen.add(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  return seen;
}

/** Whether the page fits a phone's width (no sideways scrolling). */
export async function fitsWidth({ page }: OpenedPage, width = PHONE.width): Promise<boolean> {
  return (await page.evaluate(() => document.documentElement.scrollWidth)) <= width;
}

/** The page is axe clean and fits a phone's width; the window is set back to its size before. */
export async function expectAccessibleAtPhoneWidth(opened: OpenedPage): Promise<void> {
  const { page } = opened;
  expect(await axeViolations(page)).toEqual([]);
  const before = page.viewportSize();
  await page.setViewportSize(PHONE);
  expect(await fitsWidth(opened)).toBe(true);
  if (before !== null) await page.setViewportSize(before);
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

/** The builder's "Saved" status, or a failure that says what the status and the alerts said instead. */
export function builderSaved({ page }: OpenedPage): Promise<void> {
  return page
    .getByRole('status')
    .getByText('Saved', { exact: true })
    .waitFor({ timeout: 15_000 })
    .catch(async (error: unknown) => {
      const said = await page.getByRole('status').allTextContents();
      const alerts = await page.getByRole('alert').allTextContents();
      throw new Error(`not saved: status ${JSON.stringify(said)}, alerts ${JSON.stringify(alerts)}`, {
        cause: error,
      });
    });
}

type Locator = ReturnType<OpenedPage['page']['locator']>;

/** The values of a select's options, in order. */
export const optionValues = (select: Locator): Promise<string[]> =>
  select.locator('option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));

export const isFocused = (locator: Locator): Promise<boolean> =>
  locator.evaluate((el) => el === document.activeElement);
