import { fileURLToPath } from 'node:url';
import { createLogger, createMailer, createServices } from '@formloom/server';
import { freePort, useTestServer } from '@formloom/server/testing';
import { axeViolations } from '@formloom/server/testing/axe';
import { chromiumOrSkip, type OpenedPage, usePages } from '@formloom/server/testing/browser';
import { type OidcStandIn, startOidcStandIn } from '@formloom/server/testing/oidc';
import { parseMail, type SmtpStandIn, startSmtpStandIn } from '@formloom/server/testing/smtp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../../scripts/ensure-built.js';
import { DESKTOP, fitsWidth, OWNER, PHONE, refusals, screenshot } from './dashboard-support.js';

const executable = chromiumOrSkip();
const DASHBOARD_DIR = fileURLToPath(new URL('../../dashboard/dist/', import.meta.url));
const CLIENT = { clientId: 'formloom-dashboard', clientSecret: 'stand-in-client-secret-0123456789' };

const unexpected = (problem: string) => !/\b(401|403)\b/.test(problem);

/**
 * The single sign-on page and the sign-in page against a real OpenID Connect provider. The app
 * runs in this process, as `formloom serve` would, on a port known before it starts: the provider
 * sends the browser back to the public URL, which must be the one the browser uses; and only here
 * may an issuer be plain http on a loopback address.
 */
describe.skipIf(executable === undefined)('single sign-on through the dashboard', () => {
  const pages = usePages(executable);
  let port = 0;
  let origin = '';
  let provider: OidcStandIn;
  // The mail server the owners' one-time codes go to, through the outbox as in production.
  let smtp: SmtpStandIn;
  beforeAll(async () => {
    await ensureBuilt('dashboard');
    port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    provider = await startOidcStandIn({ ...CLIENT, redirectUri: `${origin}/v1/auth/sso/callback` });
    smtp = await startSmtpStandIn();
    return async () => {
      await provider.close();
      await smtp.close();
    };
  }, 300_000);
  const t = useTestServer('sqlite', {
    port: () => port,
    appConfig: () => ({ publicUrl: origin, dashboardDir: DASHBOARD_DIR, ssoAllowLoopbackHttp: true }),
    mailer: () =>
      createMailer({
        smtpUrl: smtp.url,
        from: 'forms@formloom.test',
        logger: createLogger({ level: 'silent' }),
      }),
    webhookWorker: {},
    sendMails: true,
  });

  /** A member of `accountId` with a password, made as `formloom users` would. */
  const member = (accountId: string, email: string, role: 'owner' | 'editor') =>
    createServices({ db: t.db }).users.create({ account: accountId, email, password: OWNER.password, role });

  async function passwordSignIn({ page }: OpenedPage, email: string): Promise<void> {
    await page.getByLabel('Email').fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }

  it('an owner sets it up on the page (API refusals shown beside the form, keyboard, axe-clean, 360 px); a new member signs in through the provider; enforce refuses a password with the way there; a refusal reads in German; turned off', async () => {
    const { accountId } = await t.account('MAX');
    await member(accountId, OWNER.email, 'owner');
    const owner = await pages.open(`${origin}/app/`, DESKTOP);
    const { page } = owner;
    const ownerRefusals = refusals(owner);
    await passwordSignIn(owner, OWNER.email);
    await page.getByRole('heading', { name: 'Forms', level: 1 }).waitFor();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Single sign-on' })
      .click();
    await page.getByRole('heading', { name: 'Single sign-on', level: 1 }).waitFor();
    await page.getByText('Single sign-on is not set up.').waitFor();
    await page.getByText('Once saved, the redirect URI', { exact: false }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('textbox', { name: 'Issuer URL' }).fill('http://idp.example.com');
    await page.getByRole('textbox', { name: 'Client ID' }).fill(CLIENT.clientId);
    await page.getByLabel('Client secret').fill(CLIENT.clientSecret);
    await page.getByRole('textbox', { name: 'Allowed domains' }).fill('acme.test\n\n  Example.org \n');
    await page.getByRole('combobox', { name: 'Role of new members' }).selectOption('viewer');
    // Keyboard only: the switch takes Space, the form Enter on its button.
    const enforce = page.getByRole('switch', { name: 'Members sign in only through the provider' });
    await enforce.focus();
    await page.keyboard.press('Space');
    expect(await enforce.isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Save', exact: true }).focus();
    await page.keyboard.press('Enter');
    // The server's refusal of a plain-http issuer elsewhere than on this machine, said beside the form.
    const refusal = page.getByRole('form', { name: 'Provider' }).getByRole('alert');
    await refusal.getByText('https', { exact: false }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('textbox', { name: 'Issuer URL' }).fill(provider.issuer);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').getByText('Saved.').waitFor();
    await page.getByText('Single sign-on is on.').waitFor();
    await page.getByText(`${origin}/v1/auth/sso/callback`, { exact: true }).waitFor();
    await page.getByText(`${origin}/v1/auth/sso/start?account=${accountId}`, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Copy the redirect URI' }).waitFor();
    await page.getByRole('button', { name: 'Copy the sign-in link' }).waitFor();
    expect(await refusal.count()).toBe(0);

    // What the server holds, read back on a fresh load: the secret is never shown, empty keeps it.
    await page.reload();
    await page.getByText('Single sign-on is on.').waitFor();
    expect(await page.getByRole('textbox', { name: 'Issuer URL' }).inputValue()).toBe(provider.issuer);
    expect(await page.getByRole('textbox', { name: 'Allowed domains' }).inputValue()).toBe(
      'acme.test\nexample.org',
    );
    expect(await page.getByRole('combobox', { name: 'Role of new members' }).inputValue()).toBe('viewer');
    expect(await enforce.isChecked()).toBe(true);
    const secret = page.getByLabel('Client secret');
    expect(await secret.inputValue()).toBe('');
    await page.getByText('Leave empty to keep the stored secret.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'dashboard-sso.png', true);
    await page.setViewportSize(PHONE);
    expect(await fitsWidth(owner)).toBe(true);

    // A person at an allowed domain joins on a first sign-in, with the role set above.
    provider.signInAs({ sub: 'ada-at-acme', email: 'ada@acme.test' });
    const ada = await pages.open(`${origin}/app/sign-in?account=${accountId}`, PHONE);
    expect(await axeViolations(ada.page)).toEqual([]);
    await ada.page.getByRole('link', { name: 'Sign in with single sign-on' }).click();
    await ada.page.getByRole('heading', { name: 'Forms', level: 1 }).waitFor();
    expect(new URL(ada.page.url()).pathname).toMatch(/^\/app\/?$/);
    const nav = ada.page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Forms', exact: true }).waitFor();
    // A viewer of this account: no owner's page in the menu.
    expect(await nav.getByRole('link', { name: 'Single sign-on' }).count()).toBe(0);
    const me = await ada.page.evaluate(() => fetch('/v1/auth/me').then((r) => r.json()));
    expect(me.data).toMatchObject({
      user: { email: 'ada@acme.test' },
      account: { id: accountId },
      role: 'viewer',
    });
    expect(ada.problems.filter(unexpected)).toEqual([]);

    // Enforced: a member's password is refused, and the page points to the provider.
    await member(accountId, 'grace@acme.test', 'editor');
    const grace = await pages.open(`${origin}/app/`, PHONE);
    await passwordSignIn(grace, 'grace@acme.test');
    await grace.page
      .getByRole('alert')
      .getByText('This account signs its members in through single sign-on', { exact: false })
      .waitFor();
    expect(
      await grace.page.getByRole('link', { name: 'Sign in with single sign-on' }).getAttribute('href'),
    ).toBe(`/v1/auth/sso/start?account=${accountId}`);
    expect(await axeViolations(grace.page)).toEqual([]);

    // A person at another domain is refused by the server, and the page says why, in German.
    provider.signInAs({ sub: 'eve-elsewhere', email: 'eve@elsewhere.test' });
    const eve = await pages.open(`${origin}/app/sign-in?account=${accountId}`, PHONE);
    await eve.page.evaluate(() => localStorage.setItem('formloom.dashboard.language', 'de'));
    await eve.page.reload();
    await eve.page.getByRole('link', { name: 'Mit Single Sign-On anmelden' }).click();
    await eve.page.waitForURL((url) => url.searchParams.get('sso') === 'domain');
    await eve.page
      .getByRole('alert')
      .getByText('Die Domain Ihrer Adresse darf sich bei diesem Konto nicht anmelden.', { exact: false })
      .waitFor();
    expect(await axeViolations(eve.page)).toEqual([]);
    expect(await fitsWidth(eve)).toBe(true);
    await screenshot(eve.page, 'dashboard-sso-refused-de-360.png', true);

    // The owner's page in German at 360 px.
    await page.evaluate(() => localStorage.setItem('formloom.dashboard.language', 'de'));
    await page.reload();
    await page.getByRole('heading', { name: 'Single Sign-On', level: 1 }).waitFor();
    await page.getByText('Single Sign-On ist an.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(owner)).toBe(true);
    await screenshot(page, 'dashboard-sso-de-360.png', true);

    // Turned off after a confirmation whose first focus is Cancel.
    await page.getByRole('button', { name: 'Single Sign-On ausschalten' }).click();
    const dialog = page.getByRole('dialog', { name: 'Single Sign-On ausschalten?' });
    await dialog.waitFor();
    expect(
      await dialog.getByRole('button', { name: 'Abbrechen' }).evaluate((b) => b === document.activeElement),
    ).toBe(true);
    await dialog.getByRole('button', { name: 'Single Sign-On ausschalten' }).click();
    await page.getByRole('status').getByText('Single Sign-On ist ausgeschaltet.').waitFor();
    await page.getByText('Single Sign-On ist nicht eingerichtet.').waitFor();
    const off = await pages.open(`${origin}/app/sign-in?account=${accountId}`, PHONE);
    await off.page.getByRole('link', { name: 'Sign in with single sign-on' }).click();
    await off.page.getByRole('alert').getByText('Single sign-on is not set up for this account.').waitFor();
    expect(ownerRefusals).toEqual(new Set(['404 /v1/me/sso', '400 /v1/me/sso']));
    expect(owner.problems.filter((p) => unexpected(p) && !/\b(400|404)\b/.test(p))).toEqual([]);
  }, 300_000);

  it('enforced: an owner refused a password gets a one-time code by e-mail and signs in with it (keyboard, axe-clean, 360 px)', async () => {
    const { accountId } = await t.account('MAX');
    const email = 'founder@acme.test';
    await member(accountId, email, 'owner');
    const signedIn = await t.request('/v1/auth/login', {
      method: 'POST',
      json: { email, password: OWNER.password },
      headers: { origin },
    });
    const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0]!;
    const put = await t.request('/v1/me/sso', {
      method: 'PUT',
      headers: { cookie, origin },
      json: {
        issuer: provider.issuer,
        ...CLIENT,
        allowedDomains: ['acme.test'],
        defaultRole: 'editor',
        enforce: true,
      },
    });
    expect(put.status, put.text).toBe(200);

    const owner = await pages.open(`${origin}/app/`, PHONE);
    const { page } = owner;
    await passwordSignIn(owner, email);
    await page
      .getByRole('alert')
      .getByText('This account signs its members in through single sign-on', { exact: false })
      .waitFor();
    await page.getByRole('link', { name: 'Sign in with single sign-on' }).waitFor();
    // Keyboard only: the offer takes Enter, the code field has the focus once the mail is on its way.
    const offer = page.getByRole('button', { name: 'E-mail me a one-time code (owners)' });
    await offer.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').getByText('a code is on its way', { exact: false }).waitFor();
    const field = page.getByRole('textbox', { name: 'Code from the email' });
    expect(await field.evaluate((f) => f === document.activeElement)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(owner)).toBe(true);
    await screenshot(page, 'dashboard-sso-recovery-360.png', true);

    // The code as the owner's mailbox got it, from the real mail server.
    const deadline = Date.now() + 10_000;
    while (!smtp.mails.some((m) => m.to.includes(email)) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    const mail = parseMail(smtp.mails.find((m) => m.to.includes(email))!.raw);
    expect(mail.headers.subject).toBe('Your Formloom sign-in code');
    const code = /^(\d{8})$/m.exec(mail.text)?.[1];
    expect(code).toBeDefined();

    // A wrong code first: refused, said beside the field.
    await field.fill(code === '00000000' ? '00000001' : '00000000');
    await page.keyboard.press('Enter');
    await page
      .getByRole('alert')
      .getByText('That code is wrong, used or expired.', { exact: false })
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await field.fill(code!);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Forms', level: 1 }).waitFor();
    const me = await page.evaluate(() => fetch('/v1/auth/me').then((r) => r.json()));
    expect(me.data).toMatchObject({ user: { email }, account: { id: accountId }, role: 'owner' });
    expect(owner.problems.filter(unexpected)).toEqual([]);
  }, 300_000);
});
