import { contactSchema } from '@formloom/server/testing';
import { axeViolations } from '@formloom/server/testing/axe';
import { chromiumOrSkip, type OpenedPage, usePages } from '@formloom/server/testing/browser';
import { describe, expect, it } from 'vitest';
import { fitsWidth, OWNER, PHONE, sessionApi, signIn, useDashboardServer } from './dashboard-support.js';

const executable = chromiumOrSkip();
const ENDED = 'Your session has ended. Sign in again to continue where you left off.';

/** The sign-in page, by keyboard, from wherever the dashboard showed it. */
async function signInAgain(page: OpenedPage['page']): Promise<void> {
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(OWNER.password);
  await page.keyboard.press('Enter');
}

describe.skipIf(executable === undefined)('an ended session in Chromium', () => {
  const pages = usePages(executable);
  const server = useDashboardServer('formloom-dashboard-session-');

  it('a mutation or a query meeting an ended session shows sign-in saying so; signing in lands back on the page', async () => {
    const { api, origin } = server();
    const form = await api.forms.create({ title: 'Kept form', schema: contactSchema() });
    const opened = await pages.open('about:blank', PHONE);
    const { page } = opened;
    await signIn(opened, server());
    const table = page.getByRole('table', { name: 'Forms' });
    await table.getByText('Kept form').waitFor();

    // A mutation: the session is ended elsewhere (signed out with the same cookie), then Create.
    await (await sessionApi(opened, server())).auth.signOut();
    await page.getByRole('button', { name: 'Create a form' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Sign in to Formloom' }).waitFor();
    await page.getByRole('alert').getByText(ENDED).waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/');
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(opened)).toBe(true);
    expect((await api.forms.list()).items).toHaveLength(1);
    await signInAgain(page);
    await table.getByText('Kept form').waitFor();
    expect(await page.getByText(ENDED).count()).toBe(0);

    // A query: ended again, then the form's responses opened from its menu.
    await (await sessionApi(opened, server())).auth.signOut();
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Responses' }).click();
    await page.getByRole('alert').getByText(ENDED).waitFor();
    const responses = `/app/forms/${form.id}/responses`;
    expect(new URL(page.url()).pathname).toBe(responses);
    // Nothing of the account stays on the page while signed out.
    expect(await page.getByText('Kept form').count()).toBe(0);
    await signInAgain(page);
    await page.getByRole('heading', { name: 'Responses', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(responses);
    expect(page.url().startsWith(origin)).toBe(true);

    // Signing out oneself is no ended session: sign-in without the notice.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to Formloom' }).waitFor();
    expect(await page.getByText(ENDED).count()).toBe(0);
    expect(opened.problems.filter((p) => !p.includes('401'))).toEqual([]);
  }, 120_000);
});
