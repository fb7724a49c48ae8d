import { createHash, randomUUID } from 'node:crypto';
import { PublicForm, THEME_PRESETS, Theme } from '@formloom/contract';
import { beforeAll, expect, it } from 'vitest';
import { contactSchema } from '../../../test/support/fixtures.js';
import { publishForm, TINY_PNG } from '../../../test/support/page-fixtures.js';
import { describeEachDialect, type TestServer } from '../../../test/support/test-server.js';
import { createServices } from '../../services.js';

const ORIGIN = 'https://forms.example.test';
const { id: _preset, ...OCEAN } = THEME_PRESETS.find((p) => p.id === 'ocean')!;

async function upload(t: TestServer, key: string): Promise<string> {
  const body = new FormData();
  body.append('file', new Blob([TINY_PNG], { type: 'image/png' }), 'logo.png');
  const res = await fetch(`${t.url}/v1/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}` },
    body,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

/** A member of `accountId` with `role`, signed in: the dashboard's cookie. */
async function memberCookie(t: TestServer, accountId: string, role: 'editor' | 'viewer') {
  const email = `${role}-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'correct horse battery';
  await createServices({ db: t.db }).users.create({ account: accountId, email, password, role });
  const res = await t.request('/v1/auth/login', {
    method: 'POST',
    json: { email, password },
    headers: { origin: ORIGIN },
  });
  expect(res.status, res.text).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}

describeEachDialect('themes API', (t) => {
  let a = { accountId: '', key: '' };
  let b = { accountId: '', key: '' };
  beforeAll(async () => {
    a = await t.account();
    b = await t.account();
  });
  const create = (json: unknown, key = a.key) => t.request('/v1/themes', { method: 'POST', key, json });
  const patch = (id: string, json: unknown, key = a.key) =>
    t.request(`/v1/themes/${id}`, { method: 'PATCH', key, json });

  it('offers the presets, and a preset posted becomes an editable theme of the account', async () => {
    const presets = await t.request('/v1/themes/presets', { key: a.key });
    expect(presets.status).toBe(200);
    expect(presets.body.data.presets.map((p: { id: string }) => p.id)).toEqual(
      THEME_PRESETS.map((p) => p.id),
    );

    const res = await create(OCEAN);
    expect(res.status, res.text).toBe(201);
    const theme = Theme.strict().parse(res.body.data);
    expect(theme).toMatchObject({ ...OCEAN, logo: null, background: null, css: null, warnings: [] });

    const got = await t.request(`/v1/themes/${theme.id}`, { key: a.key });
    expect(got.body.data).toEqual(res.body.data);
    const list = await t.request('/v1/themes', { key: a.key });
    expect(list.body.data.themes.map((x: Theme) => x.id)).toContain(theme.id);

    const changed = await patch(theme.id, { name: 'Brand', radius: 0, background: { color: '#ffffff' } });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data).toMatchObject({
      name: 'Brand',
      radius: 0,
      background: { color: '#ffffff' },
      font: 'inter',
    });
    expect(changed.body.data.updatedAt >= theme.updatedAt).toBe(true);

    const removed = await t.request(`/v1/themes/${theme.id}`, { method: 'DELETE', key: a.key });
    expect(removed.body.data).toEqual({ id: theme.id, deleted: true });
    expect((await t.request(`/v1/themes/${theme.id}`, { key: a.key })).status).toBe(404);
  });

  it('answers contrast warnings below AA and saves the theme all the same', async () => {
    const res = await create({
      ...OCEAN,
      colors: { ...OCEAN.colors, text: '#9aa0a6', accent: '#ffd400', accentText: '#ffffff' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.warnings.map((w: { pair: string }) => w.pair)).toEqual([
      'text/background',
      'text/surface',
      'accentText/accent',
    ]);
    for (const w of res.body.data.warnings) expect(w.ratio).toBeLessThan(4.5);
    const fixed = await patch(res.body.data.id, { colors: OCEAN.colors });
    expect(fixed.body.data.warnings).toEqual([]);
  });

  it("keeps each account's themes to itself: another account's id is a 404 everywhere", async () => {
    const mine = (await create(OCEAN)).body.data.id as string;
    expect((await t.request(`/v1/themes/${mine}`, { key: b.key })).status).toBe(404);
    expect((await patch(mine, { name: 'Taken' }, b.key)).status).toBe(404);
    expect((await t.request(`/v1/themes/${mine}`, { method: 'DELETE', key: b.key })).status).toBe(404);
    const theirs = await t.request('/v1/themes', { key: b.key });
    expect(theirs.body.data.themes.map((x: Theme) => x.id)).not.toContain(mine);
    expect((await t.request(`/v1/themes/${mine}`, { key: a.key })).body.data.name).toBe(OCEAN.name);

    // B cannot give a form A's theme, by a whole schema or by a settings PATCH: as unknown as a made-up id.
    const refused = await t.request('/v1/forms', {
      method: 'POST',
      key: b.key,
      json: { title: 'Borrowed', schema: { ...contactSchema(), settings: { themeId: mine } } },
    });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.issues).toMatchObject([
      { path: 'body.schema.settings.themeId', code: 'unknown_theme' },
    ]);
    const form = await publishForm(t, b.key, contactSchema());
    const patched = await t.request(`/v1/forms/${form.id}`, {
      method: 'PATCH',
      key: b.key,
      json: { settings: { themeId: mine } },
    });
    expect(patched.status, patched.text).toBe(400);
    const pub = await t.request(`/v1/public/forms/${form.code}`);
    expect(pub.status, pub.text).toBe(200);
    expect(pub.body.data.theme).toBeUndefined();
  });

  it('takes a logo and a background image only from the account’s own uploads', async () => {
    const logo = await upload(t, a.key);
    const other = await upload(t, b.key);
    const ok = await create({ ...OCEAN, logo, background: { image: logo } });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.data).toMatchObject({ logo, background: { image: logo } });
    const refused = await create({ ...OCEAN, logo: other });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/logo/);
    expect((await patch(ok.body.data.id, { background: { image: other } })).status).toBe(400);
    expect((await patch(ok.body.data.id, { logo: null })).body.data.logo).toBeNull();
  });

  it('validates colours, fonts, radius and mode', async () => {
    for (const body of [
      { ...OCEAN, colors: { ...OCEAN.colors, accent: 'red' } },
      { ...OCEAN, colors: { ...OCEAN.colors, accent: '#12345' } },
      { ...OCEAN, font: 'Comic Sans' },
      { ...OCEAN, radius: 25 },
      { ...OCEAN, radius: -1 },
      { ...OCEAN, mode: 'sepia' },
      { ...OCEAN, name: '' },
    ]) {
      expect((await create(body)).status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
  });

  it('refuses custom CSS that imports, loads another origin, styles the page or is over 20 KB', async () => {
    const id = (await create(OCEAN)).body.data.id as string;
    for (const [css, reason] of [
      ['@import url(/v1/public/images/x);', /@import/],
      ['.a { background: url(https://other.example/x.png) }', /another origin/],
      ['body { background: red }', /"body"/],
      [':root { --formloom-accent: red }', /":root"/],
      ['html .fl-card { color: red }', /"html"/],
      [`.a { color: red }${' '.repeat(20 * 1024)}`, /20,480/],
    ] as const) {
      const made = await create({ ...OCEAN, css });
      expect(made.status, css.slice(0, 40)).toBe(400);
      expect(made.body).toMatchObject({ error: 'BAD_REQUEST', data: null });
      expect(made.body.message).toMatch(reason);
      const patched = await patch(id, { css });
      expect(patched.status).toBe(400);
      expect(patched.body.message).toMatch(/^Custom CSS refused: /);
    }
    // Nothing of the refused sheets was kept.
    expect((await t.request(`/v1/themes/${id}`, { key: a.key })).body.data.css).toBeNull();
  });

  it('keeps custom CSS as written and serves it scoped under the form', async () => {
    const css =
      '.fl-button { text-transform: uppercase }\n@media (max-width: 30rem) { h1 { font-size: 1.2rem } }';
    const made = await create({ ...OCEAN, css });
    expect(made.status, made.text).toBe(201);
    expect(made.body.data.css).toBe(css);
    const row = await t.db
      .selectFrom('themes')
      .select('css_scoped')
      .where('id', '=', made.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row.css_scoped).toBe(
      '.fl-theme .fl-button{text-transform:uppercase}@media (max-width:30rem){.fl-theme h1{font-size:1.2rem}}',
    );
    const cleared = await patch(made.body.data.id, { css: null });
    expect(cleared.body.data.css).toBeNull();
  });

  it('records theme.created, theme.updated and theme.deleted in the audit log', async () => {
    const id = (await create(OCEAN)).body.data.id as string;
    await patch(id, { name: 'Audited' });
    await t.request(`/v1/themes/${id}`, { method: 'DELETE', key: a.key });
    const log = await t.request('/v1/audit-log?limit=100', { key: a.key });
    const mine = log.body.data.entries.filter((e: { target: { id: string } }) => e.target.id === id);
    expect(mine.map((e: { action: string }) => e.action).sort()).toEqual([
      'theme.created',
      'theme.deleted',
      'theme.updated',
    ]);
    expect(mine[0].target.type).toBe('theme');
  });

  it('lets an editor make themes and a viewer only read them', async () => {
    const editor = await memberCookie(t, a.accountId, 'editor');
    const viewer = await memberCookie(t, a.accountId, 'viewer');
    const asMember = (cookie: string, path: string, method = 'GET', json?: unknown) =>
      t.request(path, {
        method,
        headers: { cookie, origin: ORIGIN },
        ...(json === undefined ? {} : { json }),
      });
    const made = await asMember(editor, '/v1/themes', 'POST', OCEAN);
    expect(made.status, made.text).toBe(201);
    expect((await asMember(viewer, '/v1/themes')).status).toBe(200);
    expect((await asMember(viewer, '/v1/themes', 'POST', OCEAN)).status).toBe(403);
    expect((await asMember(viewer, `/v1/themes/${made.body.data.id}`, 'PATCH', { name: 'x' })).status).toBe(
      403,
    );
    expect((await asMember(viewer, `/v1/themes/${made.body.data.id}`, 'DELETE')).status).toBe(403);
  });

  it('refuses a key without the themes scopes', async () => {
    const { key } = await t.account('STARTER', ['FORMS_READ', 'FORMS_WRITE']);
    expect((await t.request('/v1/themes', { key })).status).toBe(403);
    expect((await create(OCEAN, key)).status).toBe(403);
    const { key: reader } = await t.account('STARTER', ['THEMES_READ']);
    expect((await t.request('/v1/themes', { key: reader })).status).toBe(200);
    expect((await create(OCEAN, reader)).status).toBe(403);
  });

  it("resolves a form's theme on the public read: vars, scoped css, font, logo, branding", async () => {
    const logo = await upload(t, a.key);
    const theme = (await create({ ...OCEAN, logo, css: '.fl-button { letter-spacing: .1em }' })).body
      .data as Theme;
    const form = await publishForm(t, a.key, {
      ...contactSchema(),
      settings: { themeId: theme.id, branding: false },
    });
    const res = await t.request(`/v1/public/forms/${form.code}`);
    const read = PublicForm.parse(res.body.data);
    expect(read.theme).toEqual({
      vars: expect.objectContaining({
        '--formloom-accent': OCEAN.colors.accent,
        '--formloom-background': OCEAN.colors.surface,
        '--formloom-page-background': OCEAN.colors.background,
        '--formloom-radius': `${OCEAN.radius}px`,
      }),
      css: '.fl-theme .fl-button{letter-spacing:.1em}',
      font: {
        family: 'Inter Variable',
        url: expect.stringMatching(
          /^https:\/\/forms\.example\.test\/f\/fonts\/inter-latin\.[\w-]{10}\.woff2$/,
        ),
      },
      logoUrl: `${ORIGIN}/v1/public/images/${logo}`,
      mode: 'light',
      branding: false,
    });

    // Deleting the theme leaves the form with the default look (and still no branding).
    await t.request(`/v1/themes/${theme.id}`, { method: 'DELETE', key: a.key });
    const after = await t.request(`/v1/public/forms/${form.code}`);
    expect(after.body.data.theme).toEqual({ vars: {}, mode: 'auto', branding: false });
  });

  it("puts the theme in the page's one style element, allowed by its hash, and no string can close it", async () => {
    const theme = await create({
      ...OCEAN,
      css: '.fl-label::after { content: "</style><script>alert(1)</script>" }',
    });
    expect(theme.status, theme.text).toBe(201);
    const form = await publishForm(t, a.key, {
      ...contactSchema(),
      settings: { themeId: theme.body.data.id },
    });
    const page = await t.request(`/f/${form.code}`);
    const styles = [...page.text.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
    expect(styles).toHaveLength(1);
    expect(styles[0]).toContain('content:"<\\/style><script>alert(1)<\\/script>"');
    // Only the style element's own end tag: the string's "</style>" is written "<\/style>".
    expect(page.text.match(/<\/style>/gi)).toHaveLength(1);
    const hash = createHash('sha256').update(styles[0]!).digest('base64');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(new RegExp(`style-src 'self' 'sha256-${hash.replace(/[+/]/g, '\\$&')}'`));
    expect(csp).toContain("font-src 'self'");
    expect(page.text).toContain('<main class="fl fl-theme">');
    // The theme's font file: served here with a year's cache, to any origin.
    const font = /url\((\.\.\/f\/fonts\/[^)]+)\)/.exec(styles[0]!)![1]!;
    const file = await fetch(new URL(font, `${t.url}/f/${form.code}`));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('font/woff2');
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(file.headers.get('access-control-allow-origin')).toBe('*');
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 4)
        .toString(),
    ).toBe('wOF2');
    expect((await fetch(`${t.url}/f/fonts/nope.woff2`)).status).toBe(404);
  });

  it('shows the logo above the form and the background image behind it, named from the page', async () => {
    const logo = await upload(t, a.key);
    const theme = await create({ ...OCEAN, logo, background: { image: logo } });
    const form = await publishForm(t, a.key, {
      ...contactSchema(),
      settings: { themeId: theme.body.data.id },
    });
    const page = await t.request(`/f/${form.code}`);
    expect(page.text).toContain(
      `<main class="fl fl-theme">\n<img class="fl-logo" src="../v1/public/images/${logo}" alt="">`,
    );
    const style = /<style>([\s\S]*?)<\/style>/.exec(page.text)![1]!;
    expect(style).toContain(`--formloom-page-image:url("../v1/public/images/${logo}")`);
    expect(style).toContain('body{background:var(--formloom-page-image) center/cover fixed');
    expect((await fetch(new URL(`../v1/public/images/${logo}`, `${t.url}/f/${form.code}`))).status).toBe(200);
    // The thank-you page below the code names them one level further up.
    const done = await t.request(`/f/${form.code}/done`);
    expect(done.text).toContain(`<img class="fl-logo" src="../../v1/public/images/${logo}" alt="">`);
  });

  it("sets and clears a form's theme and branding with a settings PATCH", async () => {
    const theme = (await create(OCEAN)).body.data as Theme;
    const form = await publishForm(t, a.key, contactSchema());
    const set = await t.request(`/v1/forms/${form.id}`, {
      method: 'PATCH',
      key: a.key,
      json: { settings: { themeId: theme.id, branding: false } },
    });
    expect(set.status, set.text).toBe(200);
    expect(set.body.data.settings).toMatchObject({ themeId: theme.id, branding: false });
    const read = await t.request(`/v1/public/forms/${form.code}`);
    expect(read.body.data.theme).toMatchObject({ mode: 'light', branding: false });
    const cleared = await t.request(`/v1/forms/${form.id}`, {
      method: 'PATCH',
      key: a.key,
      json: { settings: { themeId: null, branding: null } },
    });
    expect(cleared.body.data.settings.themeId).toBeUndefined();
    expect(cleared.body.data.settings.branding).toBeUndefined();
    expect((await t.request(`/v1/public/forms/${form.code}`)).body.data.theme).toBeUndefined();
  });

  it('keeps an upload a theme names past the sweep, and lets one nothing names go', async () => {
    const kept = await upload(t, a.key);
    const dropped = await upload(t, a.key);
    await create({ ...OCEAN, background: { image: kept } });
    t.clock.advance(25 * 3_600_000);
    const services = createServices({ db: t.db, clock: () => t.clock.now() });
    await services.ownerUploads.sweep();
    const ids = (await t.db.selectFrom('owner_uploads').select('id').execute()).map((r) => r.id);
    expect(ids).toContain(kept);
    expect(ids).not.toContain(dropped);
  });
});
