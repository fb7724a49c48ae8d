import type { FormSchema } from '@formloom/contract';
import { createFormRuntime, type FormRuntime } from '@formloom/runtime';
import {
  confirmCode,
  requestCode,
  respondentRefusal,
  respondentTextsFor,
} from '@formloom/runtime/respondent';
import {
  parseMail,
  publishForm,
  type SmtpStandIn,
  startSmtpStandIn,
  useServed,
} from 'formloom/testing/served';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

function schema(title: string): FormSchema {
  return {
    version: '1.0',
    schemaVersion: '2025-01-01',
    meta: { title, language: 'en' },
    settings: { layout: 'single-column' },
    sections: [{ id: 's', title: '', order: 0 }],
    fields: [
      { id: 'name', sectionId: 's', type: 'text', label: 'Name', order: 0, required: true },
      { id: 'team', sectionId: 's', type: 'text', label: 'Team', order: 1 },
    ],
  };
}

describe('personal links, proven addresses and edits through the runtime, against the reference server', () => {
  let smtp: SmtpStandIn;
  beforeAll(async () => {
    smtp = await startSmtpStandIn();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  const t = useServed(() => ({ FORMLOOM_SMTP_URL: smtp.url }));
  let key = '';

  beforeAll(async () => {
    ({ key } = await t.account());
  });

  async function ruledForm(title: string, access: Record<string, unknown>) {
    const form = await publishForm(t, key, schema(title));
    const put = await t.request(`/v1/forms/${form.id}/access`, { method: 'PUT', key, json: access });
    expect(put.status, put.text).toBe(200);
    return form;
  }

  const responses = async (formId: string) =>
    (await t.request(`/v1/forms/${formId}/responses`, { key })).body.data.responses as {
      id: string;
      answers: Record<string, unknown>;
    }[];

  async function fillAndSend(runtime: FormRuntime, name: string) {
    runtime.setAnswer('name', name);
    return runtime.submit();
  }

  /** The code of the newest mail to `address`, from its decoded text part. */
  async function mailedCode(address: string): Promise<string> {
    await expect.poll(() => smtp.mails.filter((m) => m.to.includes(address)).length).toBeGreaterThan(0);
    const mails = smtp.mails.filter((m) => m.to.includes(address));
    return /\b(\d{6})\b/.exec(parseMail(mails.at(-1)!.raw).text)![1]!;
  }

  it('sends a link token with the submission, the link marked used; a second use is already answered', async () => {
    const form = await ruledForm('Invited', { oneResponse: 'link' });
    const created = await t.request(`/v1/forms/${form.id}/links`, {
      method: 'POST',
      key,
      json: { recipients: [{ email: 'ann@example.com' }] },
    });
    expect(created.status, created.text).toBe(201);
    const linkToken = new URL(created.body.data.links[0].url).searchParams.get('t')!;

    const first = createFormRuntime({ code: form.code, api: t.url, linkToken });
    await first.load();
    expect(first.getState()).toMatchObject({ status: 'ready', sends: { linkToken } });
    expect(await fillAndSend(first, 'Ann')).toBe(true);
    const [stored] = await responses(form.id);
    expect(stored!.answers).toEqual({ name: 'Ann' });
    const links = (await t.request(`/v1/forms/${form.id}/links`, { key })).body.data.links;
    expect(links[0]).toMatchObject({ responseId: stored!.id });
    expect(links[0].usedAt).not.toBeNull();

    const again = createFormRuntime({ code: form.code, api: t.url, linkToken });
    await again.load();
    expect(await fillAndSend(again, 'Ann again')).toBe(false);
    expect(again.getState()).toMatchObject({ status: 'unavailable', problem: 'already_answered' });
    expect(respondentRefusal(respondentTextsFor('de'), again.getState())).toEqual([
      'Dieser Link wurde schon benutzt',
      'Jeder persönliche Link gilt für eine Antwort, und mit diesem wurde schon geantwortet.',
    ]);
    expect(await responses(form.id)).toHaveLength(1);

    // Without a link the form says so before anyone types; so with a value that is no link's token.
    for (const linkToken of [undefined, 'true']) {
      const none = createFormRuntime({ code: form.code, api: t.url, ...(linkToken ? { linkToken } : {}) });
      await none.load();
      expect(none.getState()).toMatchObject({ status: 'unavailable', problem: 'link_required' });
    }
  });

  it("leaves a form without rules as it is when the host's own ?t= or ?edit= is no token", async () => {
    const form = await ruledForm('Plain', {});
    const runtime = createFormRuntime({ code: form.code, api: t.url, linkToken: '1', editToken: 'true' });
    await runtime.load();
    const { status, editing, sends } = runtime.getState();
    expect([status, editing, sends]).toEqual(['ready', undefined, undefined]);
    expect(await fillAndSend(runtime, 'Plain')).toBe(true);
    expect((await responses(form.id)).map((r) => r.answers)).toEqual([{ name: 'Plain' }]);
  });

  it('asks for an address first: a wrong code is refused, the mailed one opens the form, the address proven again is refused', async () => {
    const form = await ruledForm('Once each', { oneResponse: 'email' });
    const runtime = createFormRuntime({ code: form.code, api: t.url });
    await runtime.load();
    expect(runtime.getState()).toMatchObject({ status: 'verify', title: 'Once each' });
    // Nothing goes out before the address is proven.
    expect(runtime.setAnswer('name', 'Eve')).toBe(true);
    expect(await runtime.submit()).toBe(false);

    expect(await requestCode(runtime, 'not an address')).toBe(false);
    expect(runtime.getState().problem).toBe('invalid');
    expect(await requestCode(runtime, 'eve@example.com')).toBe(true);
    expect(runtime.getState()).toMatchObject({ status: 'verify', codeSent: 'eve@example.com' });
    const code = await mailedCode('eve@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await confirmCode(runtime, 'eve@example.com', wrong)).toBe(false);
    expect(runtime.getState()).toMatchObject({ status: 'verify', problem: 'code' });
    expect(await confirmCode(runtime, 'eve@example.com', code)).toBe(true);
    expect(runtime.getState().status).toBe('ready');
    expect(await fillAndSend(runtime, 'Eve')).toBe(true);
    expect((await responses(form.id)).map((r) => r.answers)).toEqual([{ name: 'Eve' }]);

    const second = createFormRuntime({ code: form.code, api: t.url });
    await second.load();
    expect(await requestCode(second, 'eve@example.com')).toBe(true);
    await expect.poll(() => smtp.mails.filter((m) => m.to.includes('eve@example.com')).length).toBe(2);
    // The address is refused once proven, before anything is typed.
    expect(await confirmCode(second, 'eve@example.com', await mailedCode('eve@example.com'))).toBe(false);
    expect(second.getState()).toMatchObject({ status: 'unavailable', problem: 'already_answered' });
    expect(respondentRefusal(respondentTextsFor('en'), second.getState())?.[0]).toBe(
      'You have answered already',
    );
    expect(await responses(form.id)).toHaveLength(1);
  });

  it('answers an edit token; with it the form opens with the answers, and submitting replaces them', async () => {
    const form = await ruledForm('Changeable', { allowEdit: { hours: 24 } });
    const first = createFormRuntime({ code: form.code, api: t.url });
    await first.load();
    first.setAnswer('team', 'Blue');
    expect(await fillAndSend(first, 'Kim')).toBe(true);
    const { editToken, editUntil, responseId } = first.getState();
    expect(editToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(editUntil!)).toBeGreaterThan(Date.now() + 23 * 3_600_000);

    const edit = createFormRuntime({ code: form.code, api: t.url, editToken: editToken! });
    await edit.load();
    expect(edit.getState()).toMatchObject({
      status: 'ready',
      editing: true,
      answers: { name: 'Kim', team: 'Blue' },
    });
    edit.setAnswer('team', 'Green');
    expect(await edit.submit()).toBe(true);
    expect(edit.getState()).toMatchObject({ status: 'done', responseId, editToken });
    const all = await responses(form.id);
    expect(all.map((r) => [r.id, r.answers])).toEqual([[responseId, { name: 'Kim', team: 'Green' }]]);

    // An unknown token says so instead of an empty form that would store a second response.
    const unknown = createFormRuntime({ code: form.code, api: t.url, editToken: 'A'.repeat(43) });
    await unknown.load();
    expect(unknown.getState()).toMatchObject({ status: 'unavailable', problem: 'edit_unknown' });
  });

  it('says when an edit is no longer taken: on opening, and on sending', async () => {
    const form = await ruledForm('Closing', { allowEdit: { hours: 1 } });
    const first = createFormRuntime({ code: form.code, api: t.url });
    await first.load();
    expect(await fillAndSend(first, 'Lee')).toBe(true);
    const editToken = first.getState().editToken!;
    const edit = createFormRuntime({ code: form.code, api: t.url, editToken });
    await edit.load();
    expect(edit.getState().editing).toBe(true);
    // The form takes no edits now: the server refuses as after the window (409 EDIT_WINDOW_CLOSED).
    await t.request(`/v1/forms/${form.id}/access`, { method: 'PUT', key, json: { allowEdit: null } });
    edit.setAnswer('name', 'Lee Two');
    expect(await edit.submit()).toBe(false);
    expect(edit.getState()).toMatchObject({ status: 'unavailable', problem: 'edit_closed' });
    const late = createFormRuntime({ code: form.code, api: t.url, editToken });
    await late.load();
    expect(late.getState()).toMatchObject({ status: 'unavailable', problem: 'edit_closed' });
    expect(respondentRefusal(respondentTextsFor('nl'), late.getState())?.[0]).toBe(
      'Dit antwoord kan niet meer worden gewijzigd',
    );
    expect((await responses(form.id)).map((r) => r.answers)).toEqual([{ name: 'Lee' }]);
  });

  it('reads oneResponse and allowEdit from the public read', async () => {
    const form = await ruledForm('Read', { oneResponse: 'email', allowEdit: { hours: 5 } });
    const read = await t.request(`/v1/public/forms/${form.code}`);
    expect(read.body.data).toMatchObject({ oneResponse: 'email', allowEdit: { hours: 5 } });
  });
});
