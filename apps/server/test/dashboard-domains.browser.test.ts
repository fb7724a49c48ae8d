import { contactSchema, type DnsStandIn, requestOnHost, startDnsStandIn } from '@formloom/server/testing';
import { axeViolations } from '@formloom/server/testing/axe';
import { chromiumOrSkip, usePages } from '@formloom/server/testing/browser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fitsWidth, PHONE, sessionApi, signIn, useDashboardServer } from './dashboard-support.js';

const executable = chromiumOrSkip();
const HOST = 'forms.example.org';

const onHost = (origin: string, host: string, path: string) => requestOnHost(origin, host, path);

describe.skipIf(executable === undefined)('the Domains page and a form’s slug, through the dashboard', () => {
  let dns: DnsStandIn;
  beforeAll(async () => {
    dns = await startDnsStandIn();
  });
  afterAll(async () => {
    await dns?.close();
  });
  const pages = usePages(executable);
  const server = useDashboardServer('formloom-dashboard-domains-', () => ({
    FORMLOOM_DNS_SERVERS: dns.address,
  }));

  it('adds a domain, shows its TXT record, verifies it, picks its root form, serves a slug on it and removes it; keyboard only, axe-clean at 360 px', async () => {
    const { origin } = server();
    const opened = await pages.open('about:blank', PHONE);
    const { page } = opened;
    await signIn(opened, server());
    const api = await sessionApi(opened, server());
    const made = await api.forms.create({ title: 'Apply here', schema: contactSchema() });
    await api.forms.publish(made.id);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Domains' }).click();
    await page.getByRole('heading', { name: 'Custom domains', level: 1 }).waitFor();
    await page.getByText('No domains yet.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(opened)).toBe(true);

    // Added from the keyboard: the field, then Enter.
    await page.getByRole('textbox', { name: 'Domain' }).focus();
    await page.keyboard.type(HOST.toUpperCase());
    await page.keyboard.press('Enter');
    const card = page.getByRole('region', { name: HOST });
    await card.getByText('Create this TXT record').waitFor();
    const [added] = (await api.domains.list()).domains;
    expect(added).toMatchObject({ hostname: HOST, status: 'pending' });
    await card.getByText(added!.verification.txtName, { exact: true }).waitFor();
    await card.getByText(added!.verification.txtValue, { exact: true }).waitFor();
    await card.getByRole('button', { name: `Copy the value of the record for ${HOST}` }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(opened)).toBe(true);

    // Verify before the record exists: said, still pending.
    const verify = card.getByRole('button', { name: `Verify ${HOST}` });
    await verify.focus();
    await page.keyboard.press('Enter');
    await card.getByRole('status').getByText('No TXT record found yet').waitFor();
    expect((await api.domains.list()).domains[0]?.status).toBe('pending');

    // With the record, verified.
    dns.txt(added!.verification.txtName, [added!.verification.txtValue]);
    await verify.focus();
    await page.keyboard.press('Enter');
    await card.getByText(`${HOST} is verified`).waitFor();
    await card.getByText('verified', { exact: true }).waitFor();
    expect((await api.domains.list()).domains[0]?.status).toBe('verified');
    expect(await axeViolations(page)).toEqual([]);

    // The root form, chosen from the keyboard; the domain serves it at /.
    const root = card.getByRole('combobox', { name: `Form at ${HOST}/` });
    await root.focus();
    await root.selectOption({ label: 'Apply here' });
    await card.getByText('Saved.').waitFor();
    expect((await api.domains.list()).domains[0]?.rootFormId).toBe(made.id);
    const home = await onHost(origin, HOST, '/');
    expect(home.status).toBe(200);
    expect(home.text).toContain('Apply here');

    // The form's slug on its share page, with its address on the domain.
    await page.goto(`${origin}/app/forms/${made.id}/share`);
    const slug = page.getByRole('textbox', { name: 'Slug' });
    await slug.fill('apply');
    await slug.press('Enter');
    await page.getByText('Saved.').waitFor();
    await page.getByText(`https://${HOST}/apply`).waitFor();
    await page.getByRole('button', { name: `Copy https://${HOST}/apply` }).waitFor();
    expect((await api.forms.retrieve(made.id)).settings.slug).toBe('apply');
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(opened)).toBe(true);
    const bySlug = await onHost(origin, HOST, '/apply');
    expect(bySlug.status).toBe(200);
    expect(bySlug.text).toContain('Apply here');
    // A copy of the form starts without the slug, which names one form.
    await page.goto(`${origin}/app/forms`);
    const table = page.getByRole('table', { name: 'Forms' });
    await table
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: 'Apply here', exact: true }) })
      .getByRole('button', { name: 'Actions' })
      .click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Duplicate' }).click();
    await page.getByText('“Copy of Apply here” was created.').waitFor();
    const [copy] = (await api.forms.list({ search: 'Copy of Apply here' })).items;
    expect((await api.forms.retrieve(copy!.id)).settings.slug).toBeUndefined();
    await page.goto(`${origin}/app/forms/${made.id}/share`);

    // A reserved word is refused, said at the field.
    await slug.fill('v1');
    await slug.press('Enter');
    await page.getByRole('alert').getByText('Reserved').waitFor();

    // Removed after a confirmation (Escape first cancels it); the domain serves nothing more.
    await page.goto(`${origin}/app/domains`);
    await card.waitFor();
    const remove = card.getByRole('button', { name: `Remove ${HOST}` });
    await remove.click();
    const confirm = page.getByRole('dialog', { name: `Remove ${HOST}?` });
    await confirm.getByText('stop being served').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => confirm.count()).toBe(0);
    await remove.click();
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await page.getByText('No domains yet.').waitFor();
    expect((await api.domains.list()).domains).toEqual([]);
    expect((await onHost(origin, HOST, '/apply')).status).toBe(404);
    expect(opened.problems.filter((p) => !p.includes('401') && !p.includes('400'))).toEqual([]);
  }, 180_000);
});
