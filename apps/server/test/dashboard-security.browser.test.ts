import { axeViolations } from '@formloom/server/testing/axe';
import { chromiumOrSkip, type OpenedPage, usePages } from '@formloom/server/testing/browser';
import { parseMail, type SmtpStandIn, startSmtpStandIn } from '@formloom/server/testing/smtp';
import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { fitsWidth, OWNER, PHONE, signIn, useDashboardServer } from './dashboard-support.js';

const executable = chromiumOrSkip();

/** The authenticator app: the code of `secret` one step from now (or `steps`). */
const codeOf = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe.skipIf(executable === undefined)('sign-in security through the dashboard', () => {
  const pages = usePages(executable);
  // The mail server the reset links go to, through the outbox of `formloom serve` as in production.
  let smtp: SmtpStandIn;
  beforeAll(async () => {
    smtp = await startSmtpStandIn();
    return () => smtp.close();
  });
  const server = useDashboardServer('formloom-dashboard-security-', () => ({
    FORMLOOM_SMTP_URL: smtp.url,
    FORMLOOM_SMTP_FROM: 'forms@formloom.test',
  }));

  /** From the sign-in page to the forms list: the password, then the code when one is asked for. */
  async function timedSignIn({ page }: OpenedPage, code?: string): Promise<number> {
    await page.goto(`${server().origin}/app/`);
    await page.getByRole('heading', { name: 'Sign in to Formloom' }).waitFor();
    const started = performance.now();
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    if (code !== undefined) {
      const field = page.getByRole('textbox', { name: 'Authentication code' });
      await field.waitFor();
      await field.fill(code);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    }
    await page.getByRole('heading', { name: 'Forms', level: 1 }).waitFor();
    const took = performance.now() - started;
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to Formloom' }).waitFor();
    return took;
  }

  it('turns two-factor on from the QR code, signs in with a code and a recovery code, axe-clean at 360 px; times sign-in', async () => {
    const opened = await pages.open('about:blank', PHONE);
    const { page } = opened;
    await signIn(opened, server());
    await page.getByRole('button', { name: 'Sign out' }).click();
    const password: number[] = [];
    for (let i = 0; i < 5; i += 1) password.push(await timedSignIn(opened));

    await signIn(opened, server());
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Security' }).click();
    await page.getByRole('heading', { name: 'Security', level: 1 }).waitFor();
    await page.getByText('Off: your password alone signs you in.').waitFor();
    await page.getByRole('table', { name: 'Sessions' }).getByText('This session').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(opened)).toBe(true);

    // Keyboard only: Tab to the button, Enter.
    const turnOn = page.getByRole('button', { name: 'Turn on two-factor' });
    await turnOn.focus();
    await page.keyboard.press('Enter');
    const qr = page.getByRole('img', { name: 'QR code that adds Formloom to your authenticator app' });
    await qr.waitFor();
    expect(await qr.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    const secret = ((await page.locator('code').first().textContent()) ?? '').trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await axeViolations(page)).toEqual([]);
    await page
      .getByRole('textbox', { name: 'Code from your app' })
      .fill('000000' === codeOf(secret) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Confirm and turn on' }).click();
    await page.getByText('That code is wrong or was used already.').waitFor();
    await page.getByRole('textbox', { name: 'Code from your app' }).fill(codeOf(secret));
    await page.getByRole('button', { name: 'Confirm and turn on' }).click();
    await page.getByText('They are shown only now.', { exact: false }).waitFor();
    const codes = ((await page.locator('pre').textContent()) ?? '').trim().split('\n');
    expect(codes).toHaveLength(10);
    await page.getByText('On: signing in asks for a code', { exact: false }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(opened)).toBe(true);
    await page.getByRole('button', { name: 'Sign out' }).click();

    // The password alone is not enough now: the page asks for the code.
    await page.getByRole('heading', { name: 'Sign in to Formloom' }).waitFor();
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Enter the code of your authenticator app to finish signing in.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`${server().origin}/app/`);

    // The next step's code (the confirming one is spent), then recovery codes, each once.
    const withCode = [await timedSignIn(opened, codeOf(secret, 1))];
    for (const code of codes.slice(0, 4)) withCode.push(await timedSignIn(opened, code));
    await page.goto(`${server().origin}/app/`);
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('textbox', { name: 'Authentication code' }).fill(codes[0]!);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('That code is wrong or was used already.').waitFor();

    console.log(
      `sign-in wall time, sign-in page to forms list, median of 5 in Chromium: password only ${median(password).toFixed(0)} ms; with a second factor ${median(withCode).toFixed(0)} ms (one TOTP code, then recovery codes)`,
    );
    expect(opened.problems.filter((p) => !/\b(401|403)\b/.test(p))).toEqual([]);
  }, 240_000);

  it('asks for a reset link and opens the reset page, axe-clean', async () => {
    const opened = await pages.open(`${server().origin}/app/`, PHONE);
    const { page } = opened;
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByText('If this address has an account, a link is on its way.', { exact: false }).waitFor();
    expect(await fitsWidth(opened)).toBe(true);

    await page.goto(`${server().origin}/app/reset-password?token=0123456789abcdef.${'0'.repeat(64)}`);
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('textbox', { name: 'New password' }).fill('a brand new passphrase');
    await page.getByRole('button', { name: 'Set the password' }).click();
    await page.getByText('This link was used already or has expired.', { exact: false }).waitFor();
    await page.goto(`${server().origin}/app/reset-password`);
    await page.getByText('This page needs the link from the password reset email.').waitFor();
  }, 120_000);

  it('the reset page in German asks for the link in German, and the mail comes in German', async () => {
    const opened = await pages.open('about:blank', PHONE);
    const { page } = opened;
    // The owner the mail goes to (made by the first test when the whole file runs).
    if (!server().ownerCreated) {
      await signIn(opened, server());
      await page.getByRole('button', { name: 'Sign out' }).click();
    } else await page.goto(`${server().origin}/app/`);
    await page.getByRole('heading', { name: 'Sign in to Formloom' }).waitFor();
    await page.evaluate(() => localStorage.setItem('formloom.dashboard.language', 'de'));
    await page.reload();
    await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
    await page.getByRole('heading', { name: 'Passwort zurücksetzen' }).waitFor();
    await page.getByLabel('E-Mail').fill(OWNER.email);
    await page.getByRole('button', { name: 'Link senden' }).click();
    await page.getByRole('status').getByText('ist ein Link unterwegs', { exact: false }).waitFor();

    // The mail as the owner's mailbox got it, from the real mail server.
    const deadline = Date.now() + 10_000;
    while (!smtp.mails.some((m) => m.to.includes(OWNER.email)) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    const mail = parseMail(smtp.mails.find((m) => m.to.includes(OWNER.email))!.raw);
    expect(mail.headers.subject).toBe('Ihr Formloom-Passwort zurücksetzen');
    expect(mail.text).toContain('Neues Passwort festlegen: ');
    expect(mail.html).toContain('<html lang="de">');
    const link = /https?:\/\/\S+reset-password\?token=\S+/.exec(mail.text)?.[0];
    expect(link?.startsWith(`${server().origin}/app/reset-password?token=`)).toBe(true);
    expect(opened.problems.filter((p) => !/\b(401|403)\b/.test(p))).toEqual([]);
  }, 120_000);
});
