import {
  type AirtableStandIn,
  contactSchema,
  type GoogleStandIn,
  type NotionStandIn,
  startAirtableStandIn,
  startGoogleStandIn,
  startNotionStandIn,
} from '@formloom/server/testing';
import { axeViolations } from '@formloom/server/testing/axe';
import { chromiumOrSkip, usePages } from '@formloom/server/testing/browser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  fitsWidth,
  inviteAndJoin,
  PHONE,
  screenshot,
  sessionApi,
  signIn,
  useDashboardServer,
} from './dashboard-support.js';

const executable = chromiumOrSkip();

/** The contact form's fields as the table's columns (Airtable refuses a cell of a column it lacks). */
const COLUMNS = ['Name', 'Email', 'Contact by', 'Phone', 'Age', 'Response ID'];
const PROPERTIES = {
  Name: 'title',
  Email: 'email',
  'Contact by': 'select',
  Phone: 'rich_text',
  Age: 'number',
  'Response ID': 'rich_text',
};

describe.skipIf(executable === undefined)("the destinations page: a form's Airtable and Notion", () => {
  let airtable: AirtableStandIn;
  let notion: NotionStandIn;
  beforeAll(async () => {
    airtable = await startAirtableStandIn();
    notion = await startNotionStandIn();
  });
  afterAll(async () => {
    await airtable?.close();
    await notion?.close();
  });
  const pages = usePages(executable);
  const server = useDashboardServer('formloom-dashboard-destinations-', () => ({
    FORMLOOM_AIRTABLE_API_BASE: airtable.url,
    FORMLOOM_NOTION_API_BASE: notion.url,
    // The stand-ins listen on 127.0.0.1 over plain http.
    FORMLOOM_ALLOW_PRIVATE_TARGETS: '1',
  }));

  it('adds Airtable (a refused base id marked), a response reaches the table and the log; pause, resume, failing, a new token, Notion, disconnect; Google Sheets not configured', async () => {
    const opened = await pages.open('about:blank', DESKTOP);
    const { page, problems } = opened;
    await signIn(opened, server());
    const api = await sessionApi(opened, server());
    const form = await api.forms.create({ title: 'Signups', schema: contactSchema() });
    const { shareUrl } = await api.forms.publish(form.id);
    const { baseId, token } = airtable.createBase({ Signups: COLUMNS });

    // From the form's menu in the list, by keyboard.
    await page.goto(`${server().origin}/app/forms`);
    await page.getByRole('button', { name: 'Actions' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Destinations' }).click();
    await page.getByRole('heading', { name: 'Destinations', level: 1 }).waitFor();
    expect(page.url()).toBe(`${server().origin}/app/forms/${form.id}/destinations`);
    await page.getByText('No destinations yet.').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // Add Airtable: the server's refusal of the base id is said at its field, which takes the focus.
    await page.getByRole('button', { name: 'Add Airtable' }).click();
    const adding = page.getByRole('form', { name: 'Connect an Airtable table' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('type')))
      .toBe('password');
    await page.keyboard.type(token);
    await adding.getByLabel('Base id').fill('base-of-mine');
    await adding.getByLabel('Table').fill('Signups');
    await adding.getByRole('button', { name: 'Connect' }).click();
    const baseField = adding.getByLabel('Base id');
    await adding.getByText('An Airtable base id is app followed by 14 letters or digits.').waitFor();
    await expect.poll(() => baseField.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await baseField.getAttribute('aria-invalid')).toBe('true');
    expect(await axeViolations(page)).toEqual([]);
    await baseField.fill(baseId);
    // Edited, the field is no longer marked.
    await adding.getByText('An Airtable base id is', { exact: false }).waitFor({ state: 'detached' });
    await screenshot(adding, 'destinations-airtable-form.png');
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .getByText('Connected: the responses the form already has', { exact: false })
      .waitFor();
    const card = page.getByRole('region', { name: `Airtable: base ${baseId}, table Signups` });
    await card.getByText('Active', { exact: true }).waitFor();
    // The token is write-only: not on the page, nor in what the API reads back.
    expect(await page.content()).not.toContain(token);
    const [destination] = (await api.forms.destinations.list(form.id)).destinations;
    expect(destination).toMatchObject({
      kind: 'airtable',
      target: { baseId, table: 'Signups' },
      status: 'active',
    });

    // A response reaches the table; the log shows its delivery with Airtable's answer.
    await api.public.submitResponse(shareUrl!, {
      answers: { name: 'Ada Lovelace', email: 'ada@example.com', contact: 'email' },
    });
    await expect.poll(() => airtable.records(baseId, 'Signups').length, { timeout: 20_000 }).toBe(1);
    expect(airtable.records(baseId, 'Signups')[0]!.fields).toMatchObject({
      Name: 'Ada Lovelace',
      Email: 'ada@example.com',
    });
    await card.getByRole('button', { name: 'Deliveries' }).click();
    const log = page.getByRole('table', { name: `Deliveries to Airtable: base ${baseId}, table Signups` });
    await log.getByText('New response').waitFor();
    await expect.poll(() => log.getByText('Delivered').count(), { timeout: 10_000 }).toBe(1);
    await log.getByText('Attempt 1: Answer 200 in', { exact: false }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // Deliver it again: a new delivery, and still one record.
    await log.getByRole('button', { name: 'Deliver again' }).click();
    await card.getByText('Queued again as a new delivery.').waitFor();
    await expect.poll(() => log.getByText('Delivered').count(), { timeout: 15_000 }).toBe(2);
    expect(airtable.records(baseId, 'Signups')).toHaveLength(1);

    // Pause and resume.
    await card.getByRole('button', { name: 'Pause' }).click();
    await card.getByText('Paused', { exact: true }).waitFor();
    await card.getByText('Paused: no response is written until it is resumed.').waitFor();
    expect((await api.forms.destinations.list(form.id)).destinations[0]!.status).toBe('paused');
    await card.getByRole('button', { name: 'Resume' }).click();
    await card.getByText('Active', { exact: true }).waitFor();
    expect((await api.forms.destinations.list(form.id)).destinations[0]!.status).toBe('active');

    // A revoked token: five failed deliveries turn it off, and the page says what to do.
    airtable.revoke(baseId);
    for (let i = 0; i < 5; i++)
      await api.public.submitResponse(shareUrl!, { answers: { name: `Fail ${i}`, contact: 'email' } });
    await expect
      .poll(async () => (await api.forms.destinations.list(form.id)).destinations[0]!.status, {
        timeout: 30_000,
      })
      .toBe('failing');
    await page.reload();
    await card.getByText('Failing', { exact: true }).waitFor();
    await card.getByText('Turned off after repeated failures: check the token and resume.').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // A new token (write-only too), tried by the server with Airtable, kept as the destination's credentials.
    await card.getByRole('button', { name: 'Replace the token' }).click();
    const newToken = card.getByLabel(`New token for Airtable: base ${baseId}, table Signups`);
    await expect.poll(() => newToken.evaluate((el) => el === document.activeElement)).toBe(true);
    const reissued = airtable.reissue(baseId);
    await page.keyboard.type(reissued);
    await page.keyboard.press('Enter');
    await card.getByText('Token replaced.').waitFor();
    expect(await page.content()).not.toContain(reissued);

    // Notion beside it: a token and a data source id.
    const source = notion.createDataSource(PROPERTIES);
    await page.getByRole('button', { name: 'Add Notion' }).click();
    const addingNotion = page.getByRole('form', { name: 'Connect a Notion data source' });
    await addingNotion.getByLabel('Token').fill(source.token);
    await addingNotion.getByLabel('Data source id').fill(source.dataSourceId);
    await screenshot(addingNotion, 'destinations-notion-form.png');
    await addingNotion.getByRole('button', { name: 'Connect' }).click();
    const notionCard = page.getByRole('region', { name: `Notion: data source ${source.dataSourceId}` });
    await notionCard.getByText('Active', { exact: true }).waitFor();
    // The form's responses so far are written to it (the backfill), and show in its log.
    await expect.poll(() => notion.pages(source.dataSourceId).length, { timeout: 20_000 }).toBe(6);
    await notionCard.getByRole('button', { name: 'Deliveries' }).click();
    await notionCard.getByText('Existing responses').first().waitFor();
    await screenshot(page, 'destinations.png', true);

    // Google Sheets on a server without a Google client: said so, nothing else happens.
    await page.getByRole('button', { name: 'Connect Google Sheets' }).click();
    await page.getByText('Google Sheets is not configured on this server.').waitFor();
    expect(page.url()).toBe(`${server().origin}/app/forms/${form.id}/destinations`);

    // Disconnect Airtable, confirmed in a dialog; Escape first cancels it.
    await card.getByRole('button', { name: 'Disconnect' }).click();
    const dialog = page.getByRole('dialog', { name: 'Disconnect' });
    await dialog.getByText(`Disconnect Airtable: base ${baseId}, table Signups?`, { exact: false }).waitFor();
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await card.getByRole('button', { name: 'Disconnect' }).click();
    await dialog.getByRole('button', { name: 'Disconnect' }).click();
    await expect.poll(() => card.count()).toBe(0);
    expect((await api.forms.destinations.list(form.id)).destinations.map((d) => d.kind)).toEqual(['notion']);
    // The records written stay in the table.
    expect(airtable.records(baseId, 'Signups')).toHaveLength(1);

    // Back from Google's consent page: the outcome is said.
    await page.goto(`${server().origin}/app/forms/${form.id}/destinations?google=denied`);
    await page
      .getByRole('alert')
      .getByText('Google Sheets was not connected: access was not granted.')
      .waitFor();
    // Expected refusals only: the base id (400), the signed-out check (401), and the Google start
    // route, missing or refused on this server (404, 409 or 501).
    expect(problems.filter((p) => !/\b(400|401|404|409|501)\b/.test(p))).toEqual([]);
  }, 180_000);

  it('in German at 360 px: axe-clean, fits, the failing sentence translated; a viewer is refused the page and its menu entry', async () => {
    const opened = await pages.open('about:blank', PHONE);
    const { page } = opened;
    await signIn(opened, server());
    const api = await sessionApi(opened, server());
    const form = await api.forms.create({ title: 'Anmeldungen', schema: contactSchema() });
    const { baseId, token } = airtable.createBase({ Signups: COLUMNS });
    const failing = airtable.createBase({ Signups: COLUMNS });
    await api.forms.destinations.create(form.id, {
      kind: 'airtable',
      target: { baseId, table: 'Signups' },
      credentials: { token },
    });
    const off = await api.forms.destinations.create(form.id, {
      kind: 'airtable',
      target: { baseId: failing.baseId, table: 'Signups' },
      credentials: { token: failing.token },
    });
    // The second one's token revoked: five failed responses turn it off.
    airtable.revoke(failing.baseId);
    const { shareUrl } = await api.forms.publish(form.id);
    for (let i = 0; i < 5; i++)
      await api.public.submitResponse(shareUrl!, { answers: { name: `Fehler ${i}`, contact: 'email' } });
    await expect
      .poll(
        async () =>
          (await api.forms.destinations.list(form.id)).destinations.find((d) => d.id === off.id)?.status,
        { timeout: 30_000 },
      )
      .toBe('failing');

    await page.goto(`${server().origin}/app/forms/${form.id}/destinations`);
    await page.getByRole('heading', { name: 'Destinations', level: 1 }).waitFor();
    await page.getByText('Turned off after repeated failures: check the token and resume.').waitFor();
    expect(await fitsWidth(opened)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'destinations-360.png', true);

    await page.getByLabel('Language').selectOption('de');
    await page.getByRole('heading', { name: 'Ziele', level: 1 }).waitFor();
    const card = page.getByRole('region', { name: `Airtable: Base ${baseId}, Tabelle Signups` });
    await card.getByText('Aktiv', { exact: true }).waitFor();
    const failingCard = page.getByRole('region', {
      name: `Airtable: Base ${failing.baseId}, Tabelle Signups`,
    });
    await failingCard.getByText('Fehlerhaft', { exact: true }).waitFor();
    await failingCard
      .getByText('Nach wiederholten Fehlern abgeschaltet: Prüfen Sie das Token und setzen Sie es fort.')
      .waitFor();
    await page.getByRole('button', { name: 'Airtable hinzufügen' }).click();
    await page.getByRole('form', { name: 'Eine Airtable-Tabelle verbinden' }).getByLabel('Base-ID').waitFor();
    await card.getByRole('button', { name: 'Zustellungen' }).click();
    await card.getByText('Neue Antwort').first().waitFor();
    await card.getByText('Zugestellt').first().waitFor();
    expect(await fitsWidth(opened)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // A viewer: the page refuses the role, and the form's menu does not offer it.
    const viewer = await inviteAndJoin(api, pages, { email: 'viewer@example.com', role: 'viewer' });
    await viewer.page.getByRole('button', { name: 'Actions' }).first().click();
    await viewer.page.getByRole('menuitem', { name: 'Responses' }).waitFor();
    expect(await viewer.page.getByRole('menuitem', { name: 'Destinations' }).count()).toBe(0);
    await viewer.page.keyboard.press('Escape');
    await viewer.page.goto(`${server().origin}/app/forms/${form.id}/destinations`);
    await viewer.page.getByText('Your role (viewer) may not open this page.').waitFor();
    for (const name of ['Add Airtable', 'Add Notion', 'Connect Google Sheets', 'Pause', 'Disconnect'])
      expect(await viewer.page.getByRole('button', { name }).count(), name).toBe(0);
    expect(await axeViolations(viewer.page)).toEqual([]);
  }, 180_000);
});

describe.skipIf(executable === undefined)('the destinations page: Google Sheets', () => {
  let google: GoogleStandIn;
  beforeAll(async () => {
    google = await startGoogleStandIn();
  });
  afterAll(() => google?.close());
  const pages = usePages(executable);
  const server = useDashboardServer('formloom-dashboard-sheets-', () => ({
    FORMLOOM_GOOGLE_CLIENT_ID: google.clientId,
    FORMLOOM_GOOGLE_CLIENT_SECRET: google.clientSecret,
    FORMLOOM_GOOGLE_OAUTH_BASE: google.url,
    FORMLOOM_GOOGLE_TOKEN_BASE: google.url,
    FORMLOOM_GOOGLE_SHEETS_BASE: google.url,
    FORMLOOM_ALLOW_PRIVATE_TARGETS: '1',
  }));

  it("connects through Google's consent screen and back: the spreadsheet takes the form's responses; a refusal is said", async () => {
    const opened = await pages.open('about:blank', DESKTOP);
    const { page, problems } = opened;
    await signIn(opened, server());
    const api = await sessionApi(opened, server());
    const form = await api.forms.create({ title: 'Signups', schema: contactSchema() });
    const { shareUrl } = await api.forms.publish(form.id);
    for (const name of ['Ada', 'Grace'])
      await api.public.submitResponse(shareUrl!, { answers: { name, contact: 'email' } });
    const destinations = `${server().origin}/app/forms/${form.id}/destinations`;

    // The person refuses at Google: back on the page with that said, nothing connected.
    google.deny();
    await page.goto(destinations);
    await page.getByRole('button', { name: 'Connect Google Sheets' }).click();
    await page.waitForURL(`${destinations}?google=denied`);
    await page.getByText('Google Sheets was not connected: access was not granted.').waitFor();
    expect((await api.forms.destinations.list(form.id)).destinations).toEqual([]);

    // Granted: the spreadsheet is made, named after the form, and the two responses are written.
    google.deny(false);
    await page.getByRole('button', { name: 'Connect Google Sheets' }).click();
    await page.waitForURL(`${destinations}?google=connected`);
    await page.getByText('Google Sheets is connected: a new spreadsheet receives the responses.').waitFor();
    const [book] = google.spreadsheets();
    const card = page.getByRole('region', {
      name: `Google Sheets: spreadsheet ${book!.id}, sheet Responses`,
    });
    await card.getByText('Active', { exact: true }).waitFor();
    await expect.poll(() => google.rows(book!.id, 'Responses').length, { timeout: 20_000 }).toBe(3);
    expect(google.rows(book!.id, 'Responses').map((row) => row[2])).toEqual(['Name', 'Ada', 'Grace']);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'destinations-google-sheets.png');
    // The 401 is the sign-in page's probe of a session before there was one.
    expect(problems.filter((p) => !p.includes('401'))).toEqual([]);
  }, 180_000);
});
