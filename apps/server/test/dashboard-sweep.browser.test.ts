import { contractRoutes, roleAllows } from '@formloom/contract';
import { contactSchema, type DiscordStandIn, startDiscordStandIn } from '@formloom/server/testing';
import { axeViolations } from '@formloom/server/testing/axe';
import { chromiumOrSkip, type OpenedPage, usePages } from '@formloom/server/testing/browser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathTo, ROUTES } from '../../dashboard/src/routes.js';
import {
  fitsWidth,
  interview,
  inviteAndJoin,
  PHONE,
  refusals,
  sessionApi,
  signIn,
  useDashboardServer,
} from './dashboard-support.js';

const executable = chromiumOrSkip();

/**
 * What a viewer may find enabled: controls that read, move or choose what is shown (navigation,
 * search, filters, paging, export, copy, language, sign out). A write control left enabled for a
 * viewer has a name that is not here, and fails the sweep.
 */
const READ_CONTROLS: readonly RegExp[] = [
  /^button Sign out$/,
  /^combobox Language$/,
  /^searchbox Search/,
  /^button (Previous|Next)$/,
  /^textbox (From|To)$/,
  /^combobox Status$/,
  /^button Export (CSV|JSON|XLSX)$/,
  // A response's PDF: read as the response is.
  /^button Download as PDF$/,
  /^button Copy/,
  // A link shown to copy (read-only).
  /^textbox Public link$/,
  // Tabs only choose what the page shows.
  /^tab /,
  // The builder's language of its preview; its field list opens a field's properties (read-only).
  /^combobox Preview language$/,
  new RegExp(
    `^button Edit (${contactSchema()
      .fields.map((f) => f.label)
      .join('|')})$`,
  ),
  // A row's menu of actions (its items are checked one by one); for a viewer they only lead on.
  /^button Actions$/,
  // A form's definition: read as the form is.
  /^menuitem (Publish and share|Responses|Export definition)$/,
];

/**
 * Opens an `/app` path and waits until the page has settled: its heading is shown, nothing is
 * loading and no request is under way.
 */
async function openSettled(page: OpenedPage['page'], url: string): Promise<void> {
  await page.goto(url);
  await page.locator('main h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.querySelectorAll('main .mantine-Loader-root').length === 0);
}

/**
 * The visible, enabled controls a keyboard should reach that Tab alone does not: walks Tab from
 * the top of the document and compares where focus went with every focusable element shown (a
 * radio group counts as reached when one of its radios is).
 */
async function unreachableByTab(page: OpenedPage['page']): Promise<string[]> {
  const count = await page.evaluate(() => {
    const focusable =
      'a[href], button, input, select, textarea, summary, [tabindex], [contenteditable="true"]';
    const shown = [...document.querySelectorAll<HTMLElement>(focusable)].filter(
      (el) =>
        el.tabIndex >= 0 &&
        !el.matches(':disabled, input[type="hidden"]') &&
        el.closest('[inert], [aria-hidden="true"]') === null &&
        el.checkVisibility({ visibilityProperty: true }) &&
        el.getClientRects().length > 0,
    );
    for (const [i, el] of shown.entries()) el.dataset.sweep = String(i);
    (document.activeElement as HTMLElement | null)?.blur();
    window.getSelection()?.removeAllRanges();
    return shown.length;
  });
  // Every page has at least the header's controls: none found means the walk measured nothing.
  if (count === 0) return ['(no focusable control found)'];
  const reached = new Set<string>();
  let first: string | undefined;
  for (let i = 0; i < count * 2 + 10; i++) {
    await page.keyboard.press('Tab');
    const at = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (el === null || el === document.body) return null;
      const radios =
        el instanceof HTMLInputElement && el.type === 'radio' && el.name !== ''
          ? [...document.querySelectorAll<HTMLElement>(`input[type="radio"][name="${CSS.escape(el.name)}"]`)]
          : [el];
      return radios.map((r) => r.dataset.sweep ?? '').filter((s) => s !== '');
    });
    if (at === null || at.length === 0) continue;
    if (at[0] === first) break;
    first ??= at[0];
    for (const id of at) reached.add(id);
  }
  return page.evaluate(
    (seen) =>
      [...document.querySelectorAll<HTMLElement>('[data-sweep]')]
        .filter((el) => !seen.includes(el.dataset.sweep!))
        .map(
          (el) =>
            `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 60)}"`,
        ),
    [...reached],
  );
}

/**
 * The enabled controls of the page as a screen reader names them (role and accessible name),
 * leaving out the builder's preview: it is the form as a respondent sees it, and writes nothing.
 */
async function enabledControls(page: OpenedPage['page']): Promise<string[]> {
  const snapshot = await page.locator('body').ariaSnapshot();
  const controls: string[] = [];
  let skipBelow: number | undefined;
  for (const line of snapshot.split('\n')) {
    const depth = line.length - line.trimStart().length;
    if (skipBelow !== undefined && depth > skipBelow) continue;
    skipBelow = undefined;
    if (/^\s*- region "Preview"/.test(line)) {
      skipBelow = depth;
      continue;
    }
    const match =
      /^\s*- (button|textbox|searchbox|combobox|checkbox|radio|switch|spinbutton|slider|menuitem|tab)(?=$|[\s:])(?: "((?:[^"\\]|\\.)*)")?(.*)$/.exec(
        line,
      );
    if (match === null || match[3]!.includes('[disabled]')) continue;
    controls.push(`${match[1]} ${match[2] ?? ''}`.trim());
  }
  return controls;
}

/** The enabled items of each menu the page's enabled menu buttons open. */
async function enabledMenuItems(page: OpenedPage['page']): Promise<string[]> {
  const items: string[] = [];
  const openers = page.locator('main [aria-haspopup="menu"]:not([disabled])');
  for (let i = 0; i < (await openers.count()); i++) {
    await openers.nth(i).click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    items.push(...(await enabledControls(page)).filter((c) => c.startsWith('menuitem ')));
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
  }
  return items;
}

describe.skipIf(executable === undefined)(
  'every dashboard page, at 360 px, by keyboard, and as a viewer',
  () => {
    let discord: DiscordStandIn;
    beforeAll(async () => {
      discord = await startDiscordStandIn();
    });
    afterAll(async () => {
      await discord?.close();
    });
    const pages = usePages(executable);
    const server = useDashboardServer('formloom-dashboard-sweep-', () => ({
      FORMLOOM_ALLOW_PRIVATE_TARGETS: '1',
      FORMLOOM_DISCORD_WEBHOOK_BASES: discord.base,
    }));

    it('every page of the route table: owner at 360 px (fits, axe clean, every control reached by Tab); viewer (opens as its permission says, fits, axe clean, only read controls enabled, every write route refused)', async () => {
      const { api, origin } = server();
      // One of everything a page shows.
      const owner = await pages.open('about:blank', PHONE);
      const ownerRefusals = refusals(owner);
      await signIn(owner, server());
      const ownerApi = await sessionApi(owner, server());
      const webhook = await api.webhooks.create({
        url: 'http://127.0.0.1:9/hooks',
        events: ['FORM_RESPONSE_CREATED'],
      });
      const form = await api.forms.create({ title: 'Contact us', schema: contactSchema() });
      const { shareUrl } = await api.forms.publish(form.id);
      await api.public.submitResponse(shareUrl!, {
        answers: { name: 'Ada Lovelace', email: 'ada@example.com', contact: 'email' },
      });
      await api.public.submitResponse(shareUrl!, { answers: { name: 'Grace Hopper', contact: 'email' } });
      const response = (await api.responses.list(form.id)).items[0]!;
      const smartForm = await api.smartForms.create({
        title: 'Checkout interviews',
        purpose: 'Learn why customers leave the checkout before they pay, and what would help.',
        maxQuestions: 5,
      });
      const { shareUrl: code } = await api.smartForms.publish(smartForm.id);
      const sessionId = await interview(api, code, ['The shipping price came too late']);
      const key = await ownerApi.apiKeys.create({ name: 'Sweep key', scopes: ['FORMS_READ'] });
      const connection = await ownerApi.integrations.connectDiscord({ url: discord.webhookUrl() });
      const viewer = await inviteAndJoin(ownerApi, pages, { email: 'viewer@example.com', role: 'viewer' });
      const ids: Record<string, string> = {
        formId: form.id,
        responseId: response.id,
        smartFormId: smartForm.id,
        sessionId,
      };

      // As the owner at 360 px.
      const found: string[] = [];
      for (const route of ROUTES) {
        const url = `${origin}${pathTo(route.path, ids)}`;
        await openSettled(owner.page, url);
        if (!(await fitsWidth(owner))) found.push(`${route.path}: wider than 360 px`);
        for (const v of await axeViolations(owner.page)) found.push(`${route.path}: ${v}`);
        for (const c of await unreachableByTab(owner.page))
          found.push(`${route.path}: Tab never reaches ${c}`);
      }
      expect(found).toEqual([]);

      // As a viewer: a page opens or says the role may not open it, as its permission says; what is
      // enabled only reads.
      for (const route of ROUTES) {
        const url = `${origin}${pathTo(route.path, ids)}`;
        await openSettled(viewer.page, url);
        if (!(await fitsWidth(viewer))) found.push(`${route.path}: wider than 360 px for a viewer`);
        for (const v of await axeViolations(viewer.page)) found.push(`${route.path} (viewer): ${v}`);
        const refusal = viewer.page.getByText('Your role (viewer) may not open this page.');
        if (roleAllows('viewer', route.permission)) {
          if ((await refusal.count()) > 0) found.push(`${route.path}: refused`);
        } else if ((await refusal.count()) === 0) found.push(`${route.path}: opened`);
        const controls = [...(await enabledControls(viewer.page)), ...(await enabledMenuItems(viewer.page))];
        // The header's Sign out is always there: without it, the snapshot was not read right.
        if (!controls.includes('button Sign out')) found.push(`${route.path}: no Sign out among ${controls}`);
        // The member's own sign-in (two-factor, sessions, password) is theirs to change, whatever the role.
        if (route.path === '/security') continue;
        for (const control of controls)
          if (!READ_CONTROLS.some((allowed) => allowed.test(control)))
            found.push(`${route.path}: enabled ${control}`);
      }
      expect(found).toEqual([]);

      // Every write route of the contract, called from the viewer's page (its cookie, its origin) on
      // the account's own things, is refused.
      const owners = (await ownerApi.members.list()).members.filter((m) => m.role === 'owner');
      const fill: Record<string, (path: string) => string> = {
        id: (path) =>
          path.startsWith('/v1/forms')
            ? form.id
            : path.startsWith('/v1/smart-forms')
              ? smartForm.id
              : path.startsWith('/v1/webhooks')
                ? webhook.id
                : path.startsWith('/v1/api-keys')
                  ? key.id
                  : crypto.randomUUID(),
        fieldId: () => 'name',
        responseId: () => response.id,
        userId: () => owners[0]!.id,
        connectionId: () => connection.id,
        deliveryId: () => crypto.randomUUID(),
        destinationId: () => crypto.randomUUID(),
        linkId: () => crypto.randomUUID(),
        revision: () => '1',
      };
      const writes = contractRoutes
        .filter(
          (r) =>
            (r.metadata.auth === 'apiKey' || r.metadata.auth === 'cookie') &&
            r.route.method !== 'GET' &&
            // A member's own sign-in routes (two-factor, sessions, password) serve every role.
            !roleAllows('viewer', r.metadata.permission),
        )
        .map((r) => ({
          method: r.route.method,
          path: r.route.path.replace(/:(\w+)/g, (_m, name: string) => fill[name]!(r.route.path)),
        }));
      expect(writes.length).toBeGreaterThan(30);
      const answered = await viewer.page.evaluate(
        (calls) =>
          Promise.all(
            calls.map(async ({ method, path }) => {
              const body = method === 'DELETE' ? undefined : '{}';
              const res = await fetch(path, {
                method,
                ...(body === undefined ? {} : { body, headers: { 'content-type': 'application/json' } }),
              });
              return `${method} ${path} ${res.status}`;
            }),
          ),
        writes,
      );
      expect(answered.filter((line) => !line.endsWith(' 403'))).toEqual([]);
      expect((await api.forms.retrieve(form.id)).publishedAt).not.toBeNull();
      expect((await ownerApi.members.list()).members.map((m) => m.role).sort()).toEqual(['owner', 'viewer']);
      const unexpected = (p: string) => !/\b(401|403)\b/.test(p);
      // The single sign-on page reads "not set up" as its settings' 404; nothing else is refused so.
      expect([...ownerRefusals].filter((r) => r !== '404 /v1/me/sso')).toEqual([]);
      expect(owner.problems.filter((p) => unexpected(p) && !/\b(400|404)\b/.test(p))).toEqual([]);
      expect(viewer.problems.filter(unexpected)).toEqual([]);
    }, 600_000);
  },
);
