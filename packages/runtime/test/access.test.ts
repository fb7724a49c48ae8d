import type { FormSchema } from '@formloom/contract';
import { createFormRuntime } from '@formloom/runtime';
import { accessTextsFor, unlock, unlockRefusal } from '@formloom/runtime/access';
import { publishForm, useServed } from 'formloom/testing/served';
import { beforeAll, describe, expect, it } from 'vitest';

function schema(title: string): FormSchema {
  return {
    version: '1.0',
    schemaVersion: '2025-01-01',
    meta: { title, language: 'en' },
    settings: { layout: 'single-column' },
    sections: [{ id: 's', title: '', order: 0 }],
    fields: [{ id: 'name', sectionId: 's', type: 'text', label: 'Name', order: 0, required: true }],
  };
}

/** A storage as a browser's `sessionStorage` is (Node has none): where a token is kept. */
class TabStorage {
  #items = new Map<string, string>();
  getItem(key: string) {
    return this.#items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.#items.set(key, String(value));
  }
  removeItem(key: string) {
    this.#items.delete(key);
  }
  keys() {
    return [...this.#items.keys()];
  }
}

describe('a password-protected form through the runtime, against the reference server', () => {
  const t = useServed();
  let key = '';

  beforeAll(async () => {
    ({ key } = await t.account());
  });

  async function protectedForm(title: string, access: Record<string, unknown>) {
    const form = await publishForm(t, key, schema(title));
    const put = await t.request(`/v1/forms/${form.id}/access`, { method: 'PUT', key, json: access });
    expect(put.status, put.text).toBe(200);
    return form;
  }

  async function answers(formId: string) {
    const res = await t.request(`/v1/forms/${formId}/responses`, { key });
    return (res.body.data.responses as { answers: unknown }[]).map((r) => r.answers);
  }

  it('asks with the title only, refuses a wrong password, opens with the right one and submits with its token', async () => {
    const form = await protectedForm('Board', { password: 'open sesame' });
    const runtime = createFormRuntime({ code: form.code, api: t.url });
    await runtime.load();
    expect(runtime.getState()).toMatchObject({ status: 'password', title: 'Board', problem: undefined });
    expect(runtime.getState().schema).toBeUndefined();

    expect(await unlock(runtime, 'guess')).toBe(false);
    expect(runtime.getState()).toMatchObject({ status: 'password', problem: 'password' });
    expect(unlockRefusal(accessTextsFor('de'), runtime.getState())).toBe(
      'Das Passwort stimmt nicht. Versuche es noch einmal.',
    );

    expect(await unlock(runtime, 'open sesame')).toBe(true);
    expect(runtime.getState()).toMatchObject({ status: 'ready', title: 'Board', problem: undefined });
    runtime.setAnswer('name', 'Ada');
    expect(await runtime.submit()).toBe(true);
    expect(await answers(form.id)).toEqual([{ name: 'Ada' }]);
  });

  it('keeps the token for the tab: a second runtime of the form does not ask, a refused kept token is dropped', async () => {
    const storage = new TabStorage();
    const form = await protectedForm('Kept', { password: 'open sesame' });
    const first = createFormRuntime({ code: form.code, api: t.url, accessStorage: storage });
    await first.load();
    expect(await unlock(first, 'open sesame')).toBe(true);
    expect(storage.keys()).toEqual([`formloom-access:${t.url}:${form.code}`]);

    const second = createFormRuntime({ code: form.code, api: t.url, accessStorage: storage });
    await second.load();
    expect(second.getState().status).toBe('ready');

    // A new password invalidates the tokens of the old one: the kept token is tried once, then dropped.
    await t.request(`/v1/forms/${form.id}/access`, { method: 'PUT', key, json: { password: 'new words' } });
    const third = createFormRuntime({ code: form.code, api: t.url, accessStorage: storage });
    await third.load();
    expect(third.getState().status).toBe('password');
    expect(storage.keys()).toEqual([]);
  });

  it('takes a token the host passes, and asks again on submit when the token stops working, keeping the answers', async () => {
    const form = await protectedForm('Host', { password: 'open sesame' });
    const unlocked = await t.request(`/v1/public/forms/${form.code}/unlock`, {
      method: 'POST',
      json: { password: 'open sesame' },
    });
    const runtime = createFormRuntime({ code: form.code, api: t.url, accessToken: unlocked.body.data.token });
    await runtime.load();
    expect(runtime.getState().status).toBe('ready');
    runtime.setAnswer('name', 'Grace');

    await t.request(`/v1/forms/${form.id}/access`, { method: 'PUT', key, json: { password: 'new words' } });
    expect(await runtime.submit()).toBe(false);
    expect(runtime.getState()).toMatchObject({
      status: 'password',
      problem: undefined,
      answers: { name: 'Grace' },
    });
    expect(await unlock(runtime, 'new words')).toBe(true);
    expect(runtime.getState()).toMatchObject({ status: 'ready', answers: { name: 'Grace' } });
    expect(await runtime.submit()).toBe(true);
    expect(await answers(form.id)).toEqual([{ name: 'Grace' }]);
  });

  it('says too many tries with the seconds to wait', async () => {
    const form = await protectedForm('Guarded', { password: 'open sesame' });
    const runtime = createFormRuntime({ code: form.code, api: t.url });
    await runtime.load();
    let refused = runtime.getState();
    for (let i = 0; i < 12 && refused.problem !== 'rate_limited'; i++) {
      await unlock(runtime, `guess ${i}`);
      refused = runtime.getState();
    }
    expect(refused).toMatchObject({ status: 'password', problem: 'rate_limited' });
    expect(refused.retryAfter).toBeGreaterThan(0);
    expect(unlockRefusal(accessTextsFor('en'), refused)).toBe(
      `Too many tries. Wait ${refused.retryAfter} seconds, then try again.`,
    );
  });

  it("before its opening time the form is unavailable with the form's closed message", async () => {
    const form = await protectedForm('Later', {
      opensAt: new Date(Date.now() + 86_400_000).toISOString(),
      closedMessage: 'Opens on Monday.',
    });
    const runtime = createFormRuntime({ code: form.code, api: t.url });
    await runtime.load();
    expect(runtime.getState()).toMatchObject({
      status: 'unavailable',
      problem: 'closed',
      closedMessage: 'Opens on Monday.',
    });
  });

  it('has the prompt in the six languages, English for any other', () => {
    const keys = Object.keys(accessTextsFor('en')).sort();
    for (const language of ['en', 'de', 'es', 'it', 'nl', 'tr']) {
      const texts = accessTextsFor(language);
      expect(Object.keys(texts).sort()).toEqual(keys);
      if (language !== 'en') expect(texts.passwordTitle).not.toBe(accessTextsFor('en').passwordTitle);
    }
    expect(accessTextsFor('de-AT').unlock).toBe('Formular öffnen');
    expect(accessTextsFor('fr')).toBe(accessTextsFor('en'));
  });
});
