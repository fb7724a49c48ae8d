import type { FormSchema } from '@formloom/contract';
import {
  axeViolations,
  chromiumOrSkip,
  mouseStroke,
  publishForm,
  touchStroke,
  usePages,
  useServed,
} from 'formloom/testing/served';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

const executable = chromiumOrSkip();

/** A required signature after a name. */
const SIGNED: FormSchema = {
  version: '1.0',
  schemaVersion: '2025-01-01',
  meta: { title: 'Signed', language: 'en' },
  settings: { layout: 'single-column' },
  sections: [{ id: 's', title: '', order: 0 }],
  fields: [
    { id: 'name', sectionId: 's', type: 'text', label: 'Name', order: 0 },
    { id: 'sign', sectionId: 's', type: 'signature', label: 'Sign here', order: 1, required: true },
  ],
};

const noOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe.skipIf(executable === undefined)('signature in Chromium', () => {
  const t = useServed();
  const pages = usePages(executable);
  let key = '';
  let form = { id: '', code: '' };

  beforeAll(async () => {
    ({ key } = await t.account());
    form = await publishForm(t, key, SIGNED);
  });

  const stored = async () =>
    (await t.request(`/v1/forms/${form.id}/responses`, { key })).body.data.responses as {
      answers: Record<string, { uploadId: string; name: string; type: string; signedName?: string }>;
    }[];
  const png = async (answer: { uploadId: string }, responses: { id: string; answers: unknown }[]) => {
    const id = responses.find(
      (r) => (r.answers as { sign?: { uploadId: string } }).sign?.uploadId === answer.uploadId,
    )!.id;
    const res = await fetch(`${t.url}/v1/forms/${form.id}/responses/${id}/files/${answer.uploadId}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    return { type: res.headers.get('content-type'), bytes: new Uint8Array(await res.arrayBuffer()) };
  };

  const submitted = async (page: Page) => {
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Thank you').first().waitFor();
    const all = (await t.request(`/v1/forms/${form.id}/responses`, { key })).body.data.responses;
    return all as {
      id: string;
      answers: Record<string, { uploadId: string; type: string; signedName?: string }>;
    }[];
  };

  it('draws with the mouse: required until signed, uploaded as a PNG, Clear empties it; axe at 360 px', async () => {
    const { page, problems } = await pages.open(`${t.url}/f/${form.code}`, { width: 360, height: 740 });
    page.setDefaultTimeout(8_000);
    const pad = page.getByRole('img', { name: /Signature pad/ });
    await pad.waitFor();
    expect(await page.getByText('Signing needs JavaScript').isVisible()).toBe(false);
    expect(await pad.evaluate((c) => getComputedStyle(c).touchAction)).toBe('none');
    await page.getByRole('button', { name: 'Submit' }).click();
    const typed = page.getByLabel('Or type your name instead');
    await expect.poll(() => typed.getAttribute('aria-invalid')).toBe('true');
    expect(await typed.getAttribute('aria-describedby')).toContain('fl-e-sign');
    expect(await axeViolations(page)).toEqual([]);
    expect(await noOverflow(page)).toBe(true);

    const box = (await pad.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(360);
    // A stroke, then Clear: nothing is signed.
    const stroke = () => mouseStroke(page, pad);
    await stroke();
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => typed.getAttribute('aria-invalid')).toBe('true');
    await stroke();
    await expect.poll(() => page.locator('.fl-sig-status').textContent()).toBe('Signature saved');
    expect(await typed.getAttribute('aria-invalid')).toBeNull();
    expect(await axeViolations(page)).toEqual([]);
    const responses = await submitted(page);
    expect(responses).toHaveLength(1);
    const answer = responses[0]!.answers.sign!;
    expect(answer).toMatchObject({ type: 'image/png', name: 'signature.png' });
    expect(answer.signedName).toBeUndefined();
    const file = await png(answer, responses);
    expect(file.type).toBe('image/png');
    expect([...file.bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(problems).toEqual([]);
  }, 90_000);

  it('draws by touch (Pointer Events of a finger) and submits at once: the element waits for the upload', async () => {
    const before = new Set((await stored()).map((r) => r.answers.sign?.uploadId));
    const { page, problems } = await pages.open(
      `${t.url}/f/${form.code}`,
      { width: 360, height: 740 },
      { hasTouch: true, isMobile: true },
    );
    page.setDefaultTimeout(8_000);
    await page.getByRole('img', { name: /Signature pad/ }).waitFor();
    await touchStroke(page.locator('canvas.fl-sig-pad'));
    // Submitted before the stroke has settled and uploaded.
    const responses = await submitted(page);
    const fresh = responses.filter((r) => !before.has(r.answers.sign?.uploadId));
    expect(fresh).toHaveLength(1);
    const answer = fresh[0]!.answers.sign!;
    expect(answer.type).toBe('image/png');
    expect(answer.signedName).toBeUndefined();
    expect(problems).toEqual([]);
  }, 90_000);

  it('types a name by keyboard alone: uploaded as a PNG with signedName', async () => {
    const { page, problems } = await pages.open(`${t.url}/f/${form.code}`, { width: 360, height: 740 });
    page.setDefaultTimeout(8_000);
    await page.getByRole('img', { name: /Signature pad/ }).waitFor();
    // Tab from the name to the signature's controls: Clear, then the typed name.
    await page.getByLabel('Name', { exact: true }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Clear');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Ada Lovelace');
    await expect.poll(() => page.locator('.fl-sig-status').textContent()).toBe('Signature saved');
    await page.keyboard.press('Enter');
    await page.getByText('Thank you').first().waitFor();
    const responses = (await t.request(`/v1/forms/${form.id}/responses`, { key })).body.data.responses as {
      id: string;
      answers: Record<string, { uploadId: string; type: string; signedName?: string }>;
    }[];
    const answer = responses.find((r) => r.answers.sign?.signedName !== undefined)!.answers.sign!;
    expect(answer).toMatchObject({ type: 'image/png', signedName: 'Ada Lovelace' });
    const file = await png(answer, responses);
    expect([...file.bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(problems).toEqual([]);
  }, 90_000);

  it('the page without JavaScript says signing needs it, and the required signature stays unanswered', async () => {
    const { page } = await pages.open(
      `${t.url}/f/${form.code}`,
      { width: 360, height: 740 },
      { javaScriptEnabled: false },
    );
    page.setDefaultTimeout(8_000);
    expect(await page.getByText('Signing needs JavaScript').isVisible()).toBe(true);
    expect(await page.locator('canvas').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Signing needs JavaScript').waitFor();
    expect(await page.locator('[id="fl-e-sign"]').textContent()).not.toBe('');
  }, 60_000);
});
