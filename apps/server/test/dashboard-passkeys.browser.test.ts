import { axeViolations } from '@formloom/server/testing/axe';
import { chromiumOrSkip, type OpenedPage, usePages } from '@formloom/server/testing/browser';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import {
  fitsWidth,
  OWNER,
  PHONE,
  screenshot,
  sessionApi,
  signIn,
  useDashboardServer,
} from './dashboard-support.js';

const executable = chromiumOrSkip();

/** The authenticator app's code of `secret` now. */
const codeOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate();

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const RUNS = 10;

/**
 * Chromium's virtual authenticator in the page's browser (DevTools' WebAuthn domain): a platform
 * authenticator over CTAP2 with resident keys and user verification, which answers without a
 * prompt. What it holds answers `navigator.credentials` as a laptop's fingerprint reader would.
 */
async function virtualAuthenticator({ page }: OpenedPage) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
    clear: () => cdp.send('WebAuthn.clearCredentials', { authenticatorId }),
  };
}

// WebAuthn takes a domain as its relying party id, never an address: the server's public URL is
// http://localhost:<port> (a secure context, as https is).
describe.skipIf(executable === undefined)('passkeys through the dashboard', () => {
  const pages = usePages(executable);
  const server = useDashboardServer('formloom-dashboard-passkeys-', () => ({}), 'localhost');

  const signInPage = async ({ page }: OpenedPage) => {
    await page.goto(`${server().origin}/app/`);
    await page.getByRole('heading', { name: 'Sign in to Formloom' }).waitFor();
  };
  const formsList = ({ page }: OpenedPage) =>
    page.getByRole('heading', { name: 'Forms', level: 1 }).waitFor();
  const signOut = async ({ page }: OpenedPage) => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to Formloom' }).waitFor();
  };
  const typePassword = async ({ page }: OpenedPage) => {
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  };

  /** Wall time from the sign-in page, shown, to the forms list; signed out again after. */
  async function timed(opened: OpenedPage, steps: () => Promise<void>): Promise<number> {
    await signInPage(opened);
    const started = performance.now();
    await steps();
    await formsList(opened);
    const took = performance.now() - started;
    await signOut(opened);
    return took;
  }

  it('adds a passkey on the security page and signs in with it from the sign-in page, axe-clean at 360 px; measures sign-in', async () => {
    const opened = await pages.open('about:blank', PHONE);
    const { page } = opened;
    const authenticator = await virtualAuthenticator(opened);
    await signIn(opened, server());

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Security' }).click();
    const section = page.getByRole('region', { name: 'Passkeys' });
    await section.getByText('No passkeys yet.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // Keyboard only: type the name, Enter submits.
    await section.getByRole('textbox', { name: 'Passkey name' }).focus();
    await page.keyboard.type('Work laptop');
    await page.keyboard.press('Enter');
    await section.getByText('Passkey “Work laptop” added.').waitFor();
    const table = section.getByRole('table', { name: 'Passkeys' });
    await table.getByRole('cell', { name: 'Work laptop', exact: true }).waitFor();
    await table.getByRole('cell', { name: 'Never', exact: true }).waitFor();
    expect(await authenticator.credentials()).toHaveLength(1);
    expect((await authenticator.credentials())[0]).toMatchObject({
      isResidentCredential: true,
      rpId: 'localhost',
    });
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(opened)).toBe(true);
    await signOut(opened);

    const password: number[] = [];
    const withPasskey: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      password.push(await timed(opened, () => typePassword(opened)));
      withPasskey.push(
        await timed(opened, () => page.getByRole('button', { name: 'Sign in with a passkey' }).click()),
      );
    }
    // The list says when it was last used now.
    await signIn(opened, server());
    await page.goto(`${server().origin}/app/security`);
    await expect
      .poll(
        async () =>
          (await page.getByRole('table', { name: 'Passkeys' }).getByRole('cell').allTextContents())[2],
      )
      .not.toBe('Never');
    // The section in German at 360 px.
    await page.evaluate(() => localStorage.setItem('formloom.dashboard.language', 'de'));
    await page.reload();
    const german = page.getByRole('region', { name: 'Passkeys' });
    await german.getByRole('button', { name: 'Passkey Work laptop entfernen' }).waitFor();
    await german.getByRole('textbox', { name: 'Name des Passkeys' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'security-passkeys-de-360.png', true);
    expect(await fitsWidth(opened)).toBe(true);
    await page.evaluate(() => localStorage.setItem('formloom.dashboard.language', 'en'));
    await page.reload();
    await page.getByRole('heading', { name: 'Security', level: 1 }).waitFor();

    // Two-factor on: the code step offers the passkey in place of the code.
    const api = await sessionApi(opened, server());
    const { secret } = await api.security.twoFactor.setup();
    const { recoveryCodes } = await api.security.twoFactor.confirm({ code: codeOf(secret) });
    await signOut(opened);
    await signInPage(opened);
    await typePassword(opened);
    await page.getByText('Enter the code of your authenticator app to finish signing in.').waitFor();
    await page.getByRole('button', { name: 'Use a passkey instead of the code' }).click();
    await formsList(opened);
    await signOut(opened);

    // Password and a code: recovery codes, each good once, as a fresh TOTP code is once a step.
    const withCode: number[] = [];
    for (const code of recoveryCodes.slice(0, RUNS)) {
      withCode.push(
        await timed(opened, async () => {
          await typePassword(opened);
          const field = page.getByRole('textbox', { name: 'Authentication code' });
          await field.waitFor();
          await field.fill(code);
          await page.getByRole('button', { name: 'Sign in', exact: true }).click();
        }),
      );
    }

    console.log(
      `sign-in wall time, sign-in page to forms list, median of ${RUNS} in Chromium: password only ${median(password).toFixed(0)} ms; passkey ${median(withPasskey).toFixed(0)} ms; password and a code ${median(withCode).toFixed(0)} ms`,
    );
    expect(opened.problems.filter((p) => !/\b(401|403)\b/.test(p))).toEqual([]);
  }, 300_000);

  it('says so in German when the prompt is cancelled or the browser has no WebAuthn, axe-clean at 360 px', async () => {
    const opened = await pages.open(`${server().origin}/app/`, PHONE);
    const { page } = opened;
    await page.evaluate(() => localStorage.setItem('formloom.dashboard.language', 'de'));
    // An authenticator without this site's passkey: Chromium answers as to a closed prompt.
    const authenticator = await virtualAuthenticator(opened);
    await authenticator.clear();
    await page.reload();
    await page.getByRole('button', { name: 'Mit einem Passkey anmelden' }).click();
    await page.getByText('Die Passkey-Abfrage wurde geschlossen.', { exact: false }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(opened)).toBe(true);

    // A browser without WebAuthn.
    await page.addInitScript(() => {
      Reflect.deleteProperty(window, 'PublicKeyCredential');
    });
    await page.reload();
    await page.getByRole('button', { name: 'Mit einem Passkey anmelden' }).click();
    await page.getByText('Dieser Browser kann keine Passkeys verwenden.', { exact: false }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(opened)).toBe(true);
  }, 120_000);
});
