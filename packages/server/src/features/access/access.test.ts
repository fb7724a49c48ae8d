import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { contactSchema, contactWithPhotoSchema } from '../../../test/support/fixtures.js';
import { publishForm, TINY_PNG } from '../../../test/support/page-fixtures.js';
import { capitalsQuiz } from '../../../test/support/quiz-fixtures.js';
import { describeEachDialect, type TestServer } from '../../../test/support/test-server.js';
import { createServices } from '../../services.js';

const ANSWERS = { name: 'Ada', contact: 'email', email: 'ada@example.com', age: 36 };

describeEachDialect(
  'form access: password and opening time',
  (t: TestServer) => {
    let key = '';
    let accountId = '';

    beforeAll(async () => {
      ({ key, accountId } = await t.account('MAX'));
    });

    const putAccess = (id: string, json: unknown, k = key) =>
      t.request(`/v1/forms/${id}/access`, { method: 'PUT', key: k, json });
    const unlock = (code: string, password: string, headers?: Record<string, string>) =>
      t.request(`/v1/public/forms/${code}/unlock`, { method: 'POST', json: { password }, headers });
    const access = (token: string | undefined): Record<string, string> =>
      token === undefined ? {} : { 'x-formloom-access': token };

    async function upload(code: string, token: string | undefined) {
      const body = new FormData();
      body.append('fieldId', 'photo');
      body.append('file', new Blob([TINY_PNG], { type: 'image/png' }), 'photo.png');
      const res = await fetch(`${t.url}/v1/public/forms/${code}/uploads`, {
        method: 'POST',
        body,
        headers: access(token),
      });
      return { status: res.status, body: (await res.json()) as { error: string | null } };
    }

    /** Each public route of the form once, with `token` (or none): its status and error code. */
    async function everyRoute(code: string, token: string | undefined) {
      const headers = access(token);
      const post = (path: string, json: unknown) =>
        t.request(`/v1/public/forms/${code}${path}`, { method: 'POST', json, headers });
      const read = await t.request(`/v1/public/forms/${code}`, { headers });
      const submit = await post('/responses', { answers: ANSWERS });
      const saved = await post('/partials', { answers: { name: 'Ada' } });
      const resume = saved.body?.data?.resumeToken ?? 'a'.repeat(43);
      const partial = await t.request(`/v1/public/forms/${code}/partials/${resume}`, { headers });
      const put = await t.request(`/v1/public/forms/${code}/partials/${resume}`, {
        method: 'PUT',
        json: { answers: { name: 'Ada' } },
        headers,
      });
      const complete = await post(`/partials/${resume}/complete`, { answers: ANSWERS });
      const file = await upload(code, token);
      const page = await t.request(`/f/${code}`, { headers });
      return Object.fromEntries(
        Object.entries({ read, submit, saved, partial, put, complete, file, page }).map(([name, r]) => [
          name,
          [r.status, r.body?.error ?? null],
        ]),
      ) as Record<
        'read' | 'submit' | 'saved' | 'partial' | 'put' | 'complete' | 'file' | 'page',
        [number, string | null]
      >;
    }

    it('sets and clears a password: reads say hasPassword, no read or export carries the hash', async () => {
      const form = await publishForm(t, key, contactWithPhotoSchema(), 'Staff survey');
      const before = await t.request(`/v1/forms/${form.id}/access`, { key });
      expect(before.body.data).toEqual({
        hasPassword: false,
        opensAt: null,
        closedMessage: null,
        oneResponse: null,
        allowEdit: null,
      });
      const set = await putAccess(form.id, { password: 'open sesame' });
      expect(set.status, set.text).toBe(200);
      expect(set.body.data).toEqual({
        hasPassword: true,
        opensAt: null,
        closedMessage: null,
        oneResponse: null,
        allowEdit: null,
      });
      const stored = await t.db
        .selectFrom('forms')
        .select('access_password_hash')
        .where('id', '=', form.id)
        .executeTakeFirstOrThrow();
      expect(stored.access_password_hash).toMatch(/^scrypt\$/);
      const hash = stored.access_password_hash!;
      const salt = hash.split('$')[4]!;
      // The owner's reads of the form, its list, its revisions and its export: nothing of the hash.
      const unlocked = (await unlock(form.code, 'open sesame')).body.data.token as string;
      expect(
        (
          await t.request(`/v1/public/forms/${form.code}/responses`, {
            method: 'POST',
            json: { answers: ANSWERS },
            headers: access(unlocked),
          })
        ).status,
      ).toBe(201);
      const reads = [
        await t.request(`/v1/forms/${form.id}`, { key }),
        await t.request('/v1/forms', { key }),
        await t.request(`/v1/forms/${form.id}/revisions`, { key }),
        await t.request(`/v1/forms/${form.id}/revisions/1`, { key }),
        await t.request(`/v1/forms/${form.id}/access`, { key }),
        await t.request(`/v1/forms/${form.id}/responses/export?format=csv`, { key }),
        await t.request(`/v1/public/forms/${form.code}`, { headers: access(unlocked) }),
      ];
      for (const read of reads) {
        expect(read.status, read.text).toBeLessThan(300);
        expect(read.text).not.toContain(salt);
        expect(read.text).not.toContain('scrypt');
        expect(read.text).not.toMatch(/access_password|passwordHash/);
      }
      // A changed title (a form edit) keeps the password; a partial PUT changes only what it sends.
      expect((await putAccess(form.id, { closedMessage: 'Soon' })).body.data.hasPassword).toBe(true);
      const cleared = await putAccess(form.id, { password: null });
      expect(cleared.body.data).toEqual({
        hasPassword: false,
        opensAt: null,
        closedMessage: 'Soon',
        oneResponse: null,
        allowEdit: null,
      });
      expect((await t.request(`/v1/public/forms/${form.code}`)).status).toBe(200);
      // The change is in the audit log, once per PUT.
      const log = await t.request(`/v1/audit-log?targetId=${form.id}&action=form.access_changed`, { key });
      expect(log.status, log.text).toBe(200);
      expect(log.body.data.entries).toHaveLength(3);
    });

    it('asks every public route for the token: 401 without, fine with one', async () => {
      const form = await publishForm(t, key, contactWithPhotoSchema(), 'Staff survey');
      await putAccess(form.id, { password: 'open sesame' });
      const without = await everyRoute(form.code, undefined);
      for (const [name, [status, error]] of Object.entries(without)) {
        if (name === 'page') continue;
        expect([name, status, error]).toEqual([name, 401, 'PASSWORD_REQUIRED']);
      }
      // The 401 names the form's title, nothing else of it.
      const refused = await t.request(`/v1/public/forms/${form.code}`);
      expect(refused.body).toEqual({
        message: 'This form asks for a password',
        data: null,
        error: 'PASSWORD_REQUIRED',
        form: { title: 'Staff survey' },
      });
      // The page asks for the password instead of showing the form.
      expect(without.page[0]).toBe(401);

      const unlocked = await unlock(form.code, 'open sesame');
      expect(unlocked.status, unlocked.text).toBe(200);
      const { token, expiresAt } = unlocked.body.data;
      expect(Date.parse(expiresAt) - t.clock.now().getTime()).toBeGreaterThan(23.9 * 3600_000);
      const withToken = await everyRoute(form.code, token);
      expect(withToken).toEqual({
        read: [200, null],
        submit: [201, null],
        saved: [201, null],
        partial: [200, null],
        put: [200, null],
        complete: [201, null],
        file: [201, null],
        page: [200, null],
      });
    });

    it('quiz feedback asks for the token too', async () => {
      const form = await publishForm(t, key, capitalsQuiz('after-answer'), 'Capitals');
      await putAccess(form.id, { password: 'open sesame' });
      const feedback = (headers: Record<string, string>) =>
        t.request(`/v1/public/forms/${form.code}/feedback`, {
          method: 'POST',
          json: { fieldId: 'france', answer: 'paris' },
          headers,
        });
      expect((await feedback({})).body.error).toBe('PASSWORD_REQUIRED');
      const { token } = (await unlock(form.code, 'open sesame')).body.data;
      const marked = await feedback(access(token));
      expect(marked.status, marked.text).toBe(200);
    });

    it("refuses another form's token, a token after the password changed, a forged or expired one", async () => {
      const one = await publishForm(t, key, contactSchema(), 'One');
      const two = await publishForm(t, key, contactSchema(), 'Two');
      await putAccess(one.id, { password: 'same password' });
      await putAccess(two.id, { password: 'same password' });
      const tokenOfTwo = (await unlock(two.code, 'same password')).body.data.token as string;
      expect((await t.request(`/v1/public/forms/${one.code}`, { headers: access(tokenOfTwo) })).status).toBe(
        401,
      );
      const token = (await unlock(one.code, 'same password')).body.data.token as string;
      expect((await t.request(`/v1/public/forms/${one.code}`, { headers: access(token) })).status).toBe(200);
      const [expiry, mac] = token.split('.') as [string, string];
      const forged = `${Number(expiry) + 3600}.${mac}`;
      expect((await t.request(`/v1/public/forms/${one.code}`, { headers: access(forged) })).status).toBe(401);
      // Set again, even to the same password: a new hash, so every earlier token ends.
      await putAccess(one.id, { password: 'same password' });
      expect((await t.request(`/v1/public/forms/${one.code}`, { headers: access(token) })).status).toBe(401);
      const fresh = (await unlock(one.code, 'same password')).body.data.token as string;
      t.clock.advance(24 * 3600_000 + 1000);
      try {
        expect((await t.request(`/v1/public/forms/${one.code}`, { headers: access(fresh) })).status).toBe(
          401,
        );
      } finally {
        t.clock.reset();
      }
    });

    it('a wrong password is a 401 naming the title; a form without a password is a 400', async () => {
      const form = await publishForm(t, key, contactSchema(), 'Locked');
      const open = await unlock(form.code, 'anything');
      expect([open.status, open.body.error]).toEqual([400, 'BAD_REQUEST']);
      await putAccess(form.id, { password: 'open sesame' });
      const wrong = await unlock(form.code, 'open sesame!');
      expect(wrong.status).toBe(401);
      expect(wrong.body).toMatchObject({ error: 'PASSWORD_REQUIRED', form: { title: 'Locked' } });
      expect((await unlock('nosuchcode1234', 'open sesame')).status).toBe(404);
      // The password's own limits: 4 to 200 characters.
      expect((await putAccess(form.id, { password: 'abc' })).status).toBe(400);
      expect((await putAccess(form.id, { password: 'x'.repeat(201) })).status).toBe(400);
      expect((await putAccess(form.id, { closedMessage: 'x'.repeat(1001) })).status).toBe(400);
    });

    it('keeps who may answer once and the edit window, each changed alone and cleared by null', async () => {
      const form = await publishForm(t, key, contactWithPhotoSchema(), 'Rules');
      const set = await putAccess(form.id, { oneResponse: 'email', allowEdit: { hours: 48 } });
      expect(set.body.data).toMatchObject({ oneResponse: 'email', allowEdit: { hours: 48 } });
      const link = await putAccess(form.id, { oneResponse: 'link' });
      expect(link.body.data).toMatchObject({ oneResponse: 'link', allowEdit: { hours: 48 } });
      const read = await t.request(`/v1/forms/${form.id}/access`, { key });
      expect(read.body.data).toMatchObject({ oneResponse: 'link', allowEdit: { hours: 48 } });
      // The public read says both, so an embed asks for a link or an address before anyone types.
      const publicRead = await t.request(`/v1/public/forms/${form.code}`);
      expect(publicRead.body.data).toMatchObject({ oneResponse: 'link', allowEdit: { hours: 48 } });
      const cleared = await putAccess(form.id, { oneResponse: null, allowEdit: null });
      expect(cleared.body.data).toMatchObject({ oneResponse: null, allowEdit: null });
      const open = (await t.request(`/v1/public/forms/${form.code}`)).body.data;
      expect([open.oneResponse, open.allowEdit]).toEqual([undefined, undefined]);
      for (const bad of [
        { oneResponse: 'phone' },
        { allowEdit: { hours: 0 } },
        { allowEdit: { hours: 721 } },
        { allowEdit: { hours: 1.5 } },
      ]) {
        expect([bad, (await putAccess(form.id, bad)).status]).toEqual([bad, 400]);
      }
    });

    it('before opensAt every public route is 409 FORM_CLOSED with the closed message; then open', async () => {
      const form = await publishForm(t, key, contactWithPhotoSchema(), 'Later');
      const opensAt = new Date(t.clock.now().getTime() + 3600_000).toISOString();
      const set = await putAccess(form.id, { opensAt, closedMessage: 'Opens at nine' });
      expect(set.body.data).toMatchObject({ hasPassword: false, opensAt, closedMessage: 'Opens at nine' });
      const closed = await everyRoute(form.code, undefined);
      for (const [name, [status, error]] of Object.entries(closed)) {
        if (name === 'page') continue;
        expect([name, status, error]).toEqual([name, 409, 'FORM_CLOSED']);
      }
      expect(closed.page[0]).toBe(409);
      const read = await t.request(`/v1/public/forms/${form.code}`);
      expect(read.body).toMatchObject({ message: 'Opens at nine', error: 'FORM_CLOSED' });
      const page = await t.request(`/f/${form.code}`);
      expect(page.text).toContain('Opens at nine');
      expect(page.text).not.toContain('About you');
      // Once the time has come, the form is open.
      t.clock.advance(3600_000 + 1000);
      try {
        const open = await everyRoute(form.code, undefined);
        expect(open.read).toEqual([200, null]);
        expect(open.submit).toEqual([201, null]);
        expect(open.file).toEqual([201, null]);
        expect(open.page).toEqual([200, null]);
      } finally {
        t.clock.reset();
      }
    });

    it("another account's form access is a 404; a viewer cannot change it", async () => {
      const form = await publishForm(t, key, contactSchema(), 'Mine');
      const other = await t.account('MAX');
      expect((await t.request(`/v1/forms/${form.id}/access`, { key: other.key })).status).toBe(404);
      expect((await putAccess(form.id, { password: 'open sesame' }, other.key)).status).toBe(404);
      const ownReadOnly = await createServices({ db: t.db }).keys.create({
        account: accountId,
        scopes: ['FORMS_READ'],
      });
      expect((await t.request(`/v1/forms/${form.id}/access`, { key: ownReadOnly.token })).status).toBe(200);
      expect((await putAccess(form.id, { password: 'open sesame' }, ownReadOnly.token)).status).toBe(403);

      const users = createServices({ db: t.db }).users;
      const password = 'correct horse battery';
      const email = `viewer-${randomUUID().slice(0, 8)}@example.com`;
      await users.create({ account: accountId, email, password, role: 'viewer' });
      const origin = 'https://forms.example.test';
      const login = await t.request('/v1/auth/login', {
        method: 'POST',
        json: { email, password },
        headers: { origin },
      });
      expect(login.status, login.text).toBe(200);
      const viewer = { cookie: (login.headers.get('set-cookie') ?? '').split(';')[0]!, origin };
      expect((await t.request(`/v1/forms/${form.id}/access`, { headers: viewer })).status).toBe(200);
      const refused = await t.request(`/v1/forms/${form.id}/access`, {
        method: 'PUT',
        json: { password: 'open sesame' },
        headers: viewer,
      });
      expect(refused.status).toBe(403);
      expect((await t.request(`/v1/forms/${form.id}/access`, { key })).body.data.hasPassword).toBe(false);
    });

    it('the page: a plain post or the thank-you page asks too; the unlock sets the cookie, says a wrong password and too many tries', async () => {
      const form = await publishForm(t, key, contactSchema(), 'Staff survey');
      await putAccess(form.id, { password: 'open sesame' });
      const body = new FormData();
      body.append('name', 'Ada');
      const posted = await fetch(`${t.url}/f/${form.code}`, { method: 'POST', body });
      expect(posted.status).toBe(401);
      expect(await posted.text()).toContain('name="password"');
      expect((await t.request(`/f/${form.code}/done`)).status).toBe(401);

      const from = { 'x-forwarded-for': '198.51.100.20' };
      const post = (password: string) =>
        fetch(`${t.url}/f/${form.code}/unlock?lang=en`, {
          method: 'POST',
          body: new URLSearchParams({ password }),
          headers: from,
          redirect: 'manual',
        });
      const unlocked = await post('open sesame');
      expect(unlocked.status).toBe(303);
      expect(unlocked.headers.get('location')).toBe(`../${form.code}?lang=en`);
      const cookie = unlocked.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(new RegExp(`^formloom_access_${form.code}=\\d+\\.`));
      for (const part of ['Path=/', 'HttpOnly', 'SameSite=Lax', 'Max-Age=86400', 'Secure'])
        expect(cookie.split('; ')).toContain(part);
      // The cookie opens the page and the API read (the page's own script sends it along).
      const headers = { cookie: cookie.split(';')[0]! };
      expect((await t.request(`/f/${form.code}`, { headers })).status).toBe(200);
      expect((await t.request(`/v1/public/forms/${form.code}`, { headers })).status).toBe(200);

      const wrong = await post('not it');
      expect(wrong.status).toBe(401);
      const wrongPage = await wrong.text();
      expect(wrongPage).toContain('That password is not right. Try again.');
      expect(wrongPage).toContain('action="unlock?lang=en"');
      // The limit here is 3 a minute per address: the fourth try is refused, on the same form.
      await post('not it either');
      const refused = await post('open sesame');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      const refusedPage = await refused.text();
      expect(refusedPage).toContain('Too many tries. Wait a minute, then try again.');
      expect(refusedPage).toContain('Staff survey');
    });

    it('a page on another origin may send the token: the preflight allows X-Formloom-Access', async () => {
      const form = await publishForm(t, key, contactSchema(), 'Embedded');
      const preflight = await t.request(`/v1/public/forms/${form.code}`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://shop.example',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'x-formloom-access',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-headers')).toContain('x-formloom-access');
    });

    it('limits password tries per address and form (429 UNLOCK_LIMIT); another form is its own', async () => {
      const form = await publishForm(t, key, contactSchema(), 'Guarded');
      await putAccess(form.id, { password: 'open sesame' });
      const from = { 'x-forwarded-for': '203.0.113.7' };
      const answered: number[] = [];
      for (let i = 0; i < 5; i++) answered.push((await unlock(form.code, `guess ${i}`, from)).status);
      expect(answered).toEqual([401, 401, 401, 429, 429]);
      const refused = await unlock(form.code, 'open sesame', from);
      expect(refused.status).toBe(429);
      expect(refused.body.rate_limit).toMatchObject({ type: 'UNLOCK_LIMIT', limit: 3, remaining: 0 });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another address still gets its tries, until the form's own limit (5) is spent.
      const other = { 'x-forwarded-for': '203.0.113.8' };
      expect((await unlock(form.code, 'open sesame', other)).status).toBe(200);
      expect((await unlock(form.code, 'guess', other)).status).toBe(401);
      const third = { 'x-forwarded-for': '203.0.113.9' };
      const spent = await unlock(form.code, 'open sesame', third);
      expect([spent.status, spent.body.rate_limit?.limit]).toEqual([429, 5]);
      // The window passes: tries again.
      t.clock.advance(61_000);
      try {
        expect((await unlock(form.code, 'open sesame', third)).status).toBe(200);
      } finally {
        t.clock.reset();
      }
    });
  },
  {
    unlockLimits: {
      perAddress: { limit: 3, windowMs: 60_000 },
      perForm: { limit: 5, windowMs: 60_000 },
    },
    trustProxy: 1,
    publicRateLimit: { points: 10_000, durationSeconds: 60 },
  },
);
