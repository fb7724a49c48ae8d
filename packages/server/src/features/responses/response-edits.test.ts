import { verifyDelivery, WebhookEvent } from '@formloom/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { contactSchema, contactWithPhotoSchema } from '../../../test/support/fixtures.js';
import { publishForm, TINY_PNG } from '../../../test/support/page-fixtures.js';
import { describeEachDialect, type TestServer } from '../../../test/support/test-server.js';
import { type Receiver, startReceiver } from '../../../test/support/webhook-test-kit.js';

const ANSWERS = { name: 'Ada', contact: 'email', email: 'ada@example.com', age: 36 };

const HOUR = 3_600_000;

describeEachDialect(
  'respondents editing their response',
  (t: TestServer) => {
    let key = '';
    let receiver: Receiver;

    beforeAll(async () => {
      ({ key } = await t.account('MAX'));
      receiver = await startReceiver();
    });
    afterAll(() => receiver.close());

    /** A published contact form whose respondents may edit for `hours` (none: no edits). */
    async function editableForm(hours: number | null = 2, password?: string, schema = contactSchema()) {
      const form = await publishForm(t, key, schema);
      const access = await t.request(`/v1/forms/${form.id}/access`, {
        method: 'PUT',
        key,
        json: { allowEdit: hours === null ? null : { hours }, ...(password ? { password } : {}) },
      });
      expect(access.status, access.text).toBe(200);
      return form;
    }

    const submit = (code: string, answers: unknown, headers?: Record<string, string>) =>
      t.request(`/v1/public/forms/${code}/responses`, { method: 'POST', json: { answers }, headers });
    const editPath = (code: string, token: string) => `/v1/public/forms/${code}/responses/${token}`;
    const put = (code: string, token: string, answers: unknown, headers?: Record<string, string>) =>
      t.request(editPath(code, token), { method: 'PUT', json: { answers }, headers });

    it('answers an edit token and its window with a submission of a form that allows edits', async () => {
      const form = await editableForm(2);
      const before = Date.now();
      const res = await submit(form.code, ANSWERS);
      expect(res.status, res.text).toBe(201);
      const { editToken, editUntil, submittedAt } = res.body.data;
      // 32 random bytes, base64url: 256 bits.
      expect(editToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Date.parse(editUntil) - Date.parse(submittedAt)).toBe(2 * HOUR);
      expect(Date.parse(submittedAt)).toBeGreaterThanOrEqual(before - 1000);
      // Only the token's hash is stored.
      const row = await t.db
        .selectFrom('responses')
        .select('edit_token_hash')
        .where('id', '=', res.body.data.responseId)
        .executeTakeFirstOrThrow();
      expect(row.edit_token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.edit_token_hash).not.toContain(editToken);
    });

    it('answers no edit token without allowEdit, and a retry under its key answers none either', async () => {
      const plain = await editableForm(null);
      const res = await submit(plain.code, ANSWERS);
      expect(res.status).toBe(201);
      expect(res.body.data).not.toHaveProperty('editToken');
      expect(res.body.data).not.toHaveProperty('editUntil');

      const form = await editableForm(1);
      const headers = { 'idempotency-key': 'edit-replay-key-0001' };
      const first = await submit(form.code, ANSWERS, headers);
      const again = await submit(form.code, ANSWERS, headers);
      expect(first.body.data.editToken).toEqual(expect.any(String));
      expect(again.body.data.responseId).toBe(first.body.data.responseId);
      // The token is shown once: its hash cannot be shown again.
      expect(again.body.data).not.toHaveProperty('editToken');
    });

    it('reads and replaces the answers within the window: same id, updatedAt, the earlier answers in its history', async () => {
      const form = await editableForm(2);
      const submitted = (await submit(form.code, ANSWERS)).body.data;
      const token = submitted.editToken as string;

      const read = await t.request(editPath(form.code, token));
      expect(read.status, read.text).toBe(200);
      expect(read.body.data).toEqual({
        answers: ANSWERS,
        language: 'en',
        submittedAt: submitted.submittedAt,
        updatedAt: null,
        editUntil: submitted.editUntil,
      });
      // What only the owner sees is not there.
      expect(read.body.data).not.toHaveProperty('id');
      expect(read.body.data).not.toHaveProperty('variables');

      t.clock.advance(HOUR);
      const edited = await put(form.code, token, { name: 'Ada L.', contact: 'phone', phone: '+441234' });
      expect(edited.status, edited.text).toBe(200);
      expect(edited.body.data).toMatchObject({
        responseId: submitted.responseId,
        submittedAt: submitted.submittedAt,
        editUntil: submitted.editUntil,
        endingId: null,
      });
      const updatedAt = edited.body.data.updatedAt as string;
      expect(Date.parse(updatedAt)).toBeGreaterThan(Date.parse(submitted.submittedAt) + HOUR - 1000);

      const owner = await t.request(`/v1/forms/${form.id}/responses/${submitted.responseId}`, { key });
      expect(owner.body.data).toMatchObject({
        id: submitted.responseId,
        answers: { name: 'Ada L.', contact: 'phone', phone: '+441234' },
        submittedAt: submitted.submittedAt,
        updatedAt,
      });
      expect((await t.request(`/v1/forms/${form.id}/responses/count`, { key })).body.data.count).toBe(1);

      // A second edit keeps both earlier versions, newest first.
      t.clock.advance(1000);
      const second = await put(form.code, token, { name: 'Ada King', contact: 'email' });
      expect(second.status, second.text).toBe(200);
      const history = await t.request(`/v1/forms/${form.id}/responses/${submitted.responseId}/history`, {
        key,
      });
      expect(history.status, history.text).toBe(200);
      expect(history.body.data.revisions).toEqual([
        {
          answers: { name: 'Ada L.', contact: 'phone', phone: '+441234' },
          variables: {},
          language: 'en',
          endingId: null,
          answeredAt: updatedAt,
          replacedAt: second.body.data.updatedAt,
        },
        {
          answers: ANSWERS,
          variables: {},
          language: 'en',
          endingId: null,
          answeredAt: submitted.submittedAt,
          replacedAt: updatedAt,
        },
      ]);
      const reread = await t.request(editPath(form.code, token));
      expect(reread.body.data).toMatchObject({
        answers: { name: 'Ada King', contact: 'email' },
        updatedAt: second.body.data.updatedAt,
      });

      // Exports and figures count the answers as they are now.
      const figures = await t.request(`/v1/forms/${form.id}/figures`, { key });
      expect(figures.body.data.fields.contact.options).toMatchObject({ email: 1, phone: 0 });
      const csv = await t.request(`/v1/forms/${form.id}/responses/export?format=csv`, { key });
      expect(csv.text).toContain('Ada King');
      expect(csv.text).not.toContain('Ada L.');
      t.clock.reset();
    });

    it('refuses an invalid edit with the issues a submission gets, and keeps the answers', async () => {
      const form = await editableForm(2);
      const token = (await submit(form.code, ANSWERS)).body.data.editToken as string;
      const bad = { name: 'x'.repeat(51), contact: 'phone', age: 12 };
      const asSubmission = await submit(form.code, bad);
      const asEdit = await put(form.code, token, bad);
      expect(asSubmission.status).toBe(400);
      expect(asEdit.status).toBe(400);
      expect(asEdit.body.issues).toEqual(asSubmission.body.issues);
      expect(asEdit.body.message).toBe(asSubmission.body.message);
      expect((await t.request(editPath(form.code, token))).body.data.answers).toEqual(ANSWERS);
    });

    it('answers 409 EDIT_WINDOW_CLOSED after the window, and once the owner turns edits off', async () => {
      const form = await editableForm(1);
      const token = (await submit(form.code, ANSWERS)).body.data.editToken as string;
      t.clock.advance(HOUR + 1000);
      try {
        const read = await t.request(editPath(form.code, token));
        expect(read.status).toBe(409);
        expect(read.body.error).toBe('EDIT_WINDOW_CLOSED');
        const late = await put(form.code, token, { name: 'Late' });
        expect(late.status).toBe(409);
        expect(late.body.error).toBe('EDIT_WINDOW_CLOSED');
      } finally {
        t.clock.reset();
      }
      const other = await editableForm(5);
      const otherToken = (await submit(other.code, ANSWERS)).body.data.editToken as string;
      await t.request(`/v1/forms/${other.id}/access`, { method: 'PUT', key, json: { allowEdit: null } });
      const off = await put(other.code, otherToken, { name: 'Off' });
      expect(off.status).toBe(409);
      expect(off.body.error).toBe('EDIT_WINDOW_CLOSED');
    });

    it('answers 404 for an unknown token and for a token of another form', async () => {
      const form = await editableForm(2);
      const other = await editableForm(2);
      const token = (await submit(form.code, ANSWERS)).body.data.editToken as string;
      const unknown = 'A'.repeat(43);
      expect((await t.request(editPath(form.code, unknown))).status).toBe(404);
      expect((await put(form.code, unknown, ANSWERS)).status).toBe(404);
      expect((await t.request(editPath(other.code, token))).status).toBe(404);
      expect((await put(other.code, token, { name: 'Eve' })).status).toBe(404);
      expect((await t.request(editPath(form.code, token))).body.data.answers).toEqual(ANSWERS);
    });

    it('asks for the password of a protected form on the edit routes too', async () => {
      const form = await editableForm(2, 'open sesame');
      const unlocked = await t.request(`/v1/public/forms/${form.code}/unlock`, {
        method: 'POST',
        json: { password: 'open sesame' },
      });
      const access = { 'x-formloom-access': unlocked.body.data.token as string };
      const token = (await submit(form.code, ANSWERS, access)).body.data.editToken as string;
      const locked = await t.request(editPath(form.code, token));
      expect(locked.status).toBe(401);
      expect(locked.body.error).toBe('PASSWORD_REQUIRED');
      expect((await put(form.code, token, { name: 'Eve' })).status).toBe(401);
      expect((await t.request(editPath(form.code, token), { headers: access })).status).toBe(200);
      expect((await put(form.code, token, { name: 'Ada' }, access)).status).toBe(200);
    });

    it('answers an edit token when a saved partial is completed, once', async () => {
      const form = await editableForm(2);
      const saved = await t.request(`/v1/public/forms/${form.code}/partials`, {
        method: 'POST',
        json: { answers: { name: 'Ada' } },
      });
      expect(saved.status, saved.text).toBe(201);
      const complete = () =>
        t.request(`/v1/public/forms/${form.code}/partials/${saved.body.data.resumeToken}/complete`, {
          method: 'POST',
          json: { answers: { contact: 'email' } },
        });
      const done = await complete();
      expect(done.status, done.text).toBe(201);
      const token = done.body.data.editToken as string;
      const read = await t.request(editPath(form.code, token));
      expect(read.body.data.answers).toEqual({ name: 'Ada', contact: 'email' });
      // A repeated complete answers the same response, without showing the token again.
      const again = await complete();
      expect(again.body.data.responseId).toBe(done.body.data.responseId);
      expect(again.body.data).not.toHaveProperty('editToken');
    });

    it('keeps a file answer the response holds, or replaces it with a new upload', async () => {
      const form = await editableForm(2, undefined, contactWithPhotoSchema());
      const upload = async () => {
        const body = new FormData();
        body.append('fieldId', 'photo');
        body.append('file', new Blob([TINY_PNG], { type: 'image/png' }), 'photo.png');
        const res = await fetch(`${t.url}/v1/public/forms/${form.code}/uploads`, { method: 'POST', body });
        return ((await res.json()) as { data: { uploadId: string } }).data.uploadId;
      };
      const first = await upload();
      const sent = await submit(form.code, { name: 'Ada', photo: { uploadId: first } });
      expect(sent.status, sent.text).toBe(201);
      const token = sent.body.data.editToken as string;
      // The same file again: it is the response's own, so it is still a valid answer.
      const kept = await put(form.code, token, { name: 'Ada L.', photo: { uploadId: first } });
      expect(kept.status, kept.text).toBe(200);
      const second = await upload();
      const replaced = await put(form.code, token, { name: 'Ada L.', photo: { uploadId: second } });
      expect(replaced.status, replaced.text).toBe(200);
      const owner = await t.request(`/v1/forms/${form.id}/responses/${sent.body.data.responseId}`, { key });
      expect(owner.body.data.answers.photo).toMatchObject({ uploadId: second, name: 'photo.png' });
      // Both files belong to the response (the history names the first).
      const claimed = await t.db
        .selectFrom('uploads')
        .select('id')
        .where('response_id', '=', sent.body.data.responseId)
        .execute();
      expect(claimed.map((u) => u.id).sort()).toEqual([first, second].sort());
      // Another response's file is no answer of this one.
      const other = await submit(form.code, { name: 'Eve', photo: { uploadId: await upload() } });
      const taken = await put(form.code, other.body.data.editToken, {
        name: 'Eve',
        photo: { uploadId: second },
      });
      expect(taken.status).toBe(400);
      expect(taken.body.issues[0].fieldId).toBe('photo');
    });

    it('delivers FORM_RESPONSE_UPDATED to a real webhook receiver, signed', async () => {
      const hook = await t.request('/v1/webhooks', {
        method: 'POST',
        key,
        json: { url: receiver.url, events: ['FORM_RESPONSE_UPDATED'] },
      });
      expect(hook.status, hook.text).toBe(201);
      const form = await editableForm(2);
      const submitted = (await submit(form.code, ANSWERS)).body.data;
      const edited = await put(form.code, submitted.editToken, { name: 'Grace', contact: 'email' });
      expect(edited.status, edited.text).toBe(200);
      await receiver.waitFor((requests) => requests.length >= 1, 15_000);
      // Only the edit: the endpoint did not subscribe to new responses.
      expect(receiver.requests).toHaveLength(1);
      const delivery = receiver.requests[0]!;
      expect(delivery.headers['x-service-event']).toBe('FORM_RESPONSE_UPDATED');
      const { body } = await verifyDelivery({
        payload: delivery.body,
        headers: delivery.headers,
        secret: hook.body.data.secret,
      });
      expect(WebhookEvent.parse(JSON.parse(body))).toEqual({
        type: 'FORM_RESPONSE_UPDATED',
        created_at: edited.body.data.updatedAt,
        data: {
          formId: form.id,
          formTitle: 'Contact us',
          responseId: submitted.responseId,
          answers: {
            name: { question: 'Name', answer: 'Grace' },
            contact: { question: 'Contact by', answer: 'email' },
          },
          submittedAt: submitted.submittedAt,
          updatedAt: edited.body.data.updatedAt,
        },
      });
    });
  },
  { allowPrivateTargets: true, webhookWorker: {} },
);
