import { SmartForm, SmartFormDetail, SmartFormPage } from '@formloom/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { INTERVIEW_PURPOSE, publishedSmartForm, runInterview } from '../../../test/support/smart-form-kit.js';
import { describeEachDialect, type TestServer } from '../../../test/support/test-server.js';
import { sweepIdleSessions } from './idle-sessions.js';
import { titleFromPurpose } from './smart-forms-service.js';

const create = (t: TestServer, key: string, json: unknown) =>
  t.request('/v1/smart-forms', { method: 'POST', key, json });

describe('titleFromPurpose', () => {
  it('takes the first sentence and cuts long ones at a word', () => {
    expect(titleFromPurpose('Learn why people churn. Then ask more.')).toBe('Learn why people churn');
    const long = titleFromPurpose(`Understand ${'very '.repeat(30)}much`);
    expect(long.length).toBeLessThanOrEqual(81);
    expect(long.endsWith('…')).toBe(true);
  });
});

describeEachDialect('smart forms: the owner routes', (t) => {
  let key: string;
  let other: string;
  beforeAll(async () => {
    ({ key } = await t.account('PRO'));
    ({ key: other } = await t.account('PRO'));
  });

  it('creates with the documented defaults and derives a title from the purpose', async () => {
    const res = await create(t, key, { purpose: INTERVIEW_PURPOSE });
    expect(res.status, res.text).toBe(201);
    const form = SmartForm.parse(res.body.data);
    expect(form).toMatchObject({
      status: 'draft',
      maxQuestions: 10,
      languages: [],
      isPrivate: false,
      shareUrl: null,
      publicUrl: null,
      title: 'Understand why customers cancel their subscription and what would have made…',
    });
  });

  it('refuses what the smart form schema does not allow, with the field named', async () => {
    for (const [body, path] of [
      [{ purpose: 'too short' }, 'purpose'],
      [{ purpose: INTERVIEW_PURPOSE, maxQuestions: 4 }, 'maxQuestions'],
      [{ purpose: INTERVIEW_PURPOSE, maxQuestions: 16 }, 'maxQuestions'],
      [{ purpose: INTERVIEW_PURPOSE, title: 'x'.repeat(201) }, 'title'],
      [{ purpose: INTERVIEW_PURPOSE, languages: ['english'] }, 'languages[0]'],
      [{ purpose: INTERVIEW_PURPOSE, referenceJson: '{not json' }, 'referenceJson'],
      [{ purpose: 'x'.repeat(3001) }, 'purpose'],
    ] as const) {
      const res = await create(t, key, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('BAD_REQUEST');
      expect(JSON.stringify(res.body.issues)).toContain(path);
    }
  });

  it('needs the Pro plan and the scopes', async () => {
    const starter = await t.account('STARTER');
    expect((await create(t, starter.key, { purpose: INTERVIEW_PURPOSE })).status).toBe(403);
    const readOnly = await t.account('PRO', ['SMART_FORMS_READ']);
    expect((await create(t, readOnly.key, { purpose: INTERVIEW_PURPOSE })).status).toBe(403);
    expect((await t.request('/v1/smart-forms', { key: readOnly.key })).status).toBe(200);
  });

  it('lists with paging, status filter and case-insensitive search', async () => {
    const { key: mine } = await t.account('PRO');
    const ids: string[] = [];
    for (const title of ['Churn interview', 'Onboarding CHURN follow-up', 'Pricing talk']) {
      ids.push((await create(t, mine, { purpose: INTERVIEW_PURPOSE, title })).body.data.id);
    }
    await t.request(`/v1/smart-forms/${ids[2]}/publish`, { method: 'POST', key: mine });
    const all = SmartFormPage.parse((await t.request('/v1/smart-forms?limit=2', { key: mine })).body.data);
    expect(all).toMatchObject({ total: 3, page: 1, limit: 2, hasMore: true });
    expect(all.smartForms.map((f) => f.title)).toEqual(['Pricing talk', 'Onboarding CHURN follow-up']);
    const churn = SmartFormPage.parse(
      (await t.request('/v1/smart-forms?search=churn', { key: mine })).body.data,
    );
    expect(churn.smartForms.map((f) => f.title).sort()).toEqual([
      'Churn interview',
      'Onboarding CHURN follow-up',
    ]);
    const published = (await t.request('/v1/smart-forms?status=published', { key: mine })).body.data;
    expect(published.smartForms.map((f: { id: string }) => f.id)).toEqual([ids[2]]);
    const drafts = (await t.request('/v1/smart-forms?status=draft', { key: mine })).body.data;
    expect(drafts.total).toBe(2);
    // `%` and `_` are literal in a search
    expect((await t.request('/v1/smart-forms?search=%25', { key: mine })).body.data.total).toBe(0);
  });

  it('updates only what is sent, and null clears an optional property', async () => {
    const id = (
      await create(t, key, { purpose: INTERVIEW_PURPOSE, description: 'Hi', targetAudience: 'Ex-customers' })
    ).body.data.id;
    const res = await t.request(`/v1/smart-forms/${id}`, {
      method: 'PATCH',
      key,
      json: { title: 'Renamed', maxQuestions: 7, description: null },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      title: 'Renamed',
      maxQuestions: 7,
      description: null,
      targetAudience: 'Ex-customers',
      purpose: INTERVIEW_PURPOSE,
    });
    const bad = await t.request(`/v1/smart-forms/${id}`, {
      method: 'PATCH',
      key,
      json: { maxQuestions: 20 },
    });
    expect(bad.status).toBe(400);
  });

  it('keeps another account out: its ids are a 404 on every route', async () => {
    const { id } = await publishedSmartForm(t, key);
    const { sessionId } = await runInterview(
      t,
      (await t.request(`/v1/smart-forms/${id}`, { key })).body.data.shareUrl,
      ['Fine.'],
      { finish: false },
    );
    for (const [method, path, json] of [
      ['GET', `/v1/smart-forms/${id}`, undefined],
      ['PATCH', `/v1/smart-forms/${id}`, { title: 'Mine now' }],
      ['POST', `/v1/smart-forms/${id}/publish`, undefined],
      ['POST', `/v1/smart-forms/${id}/unpublish`, {}],
      ['GET', `/v1/smart-forms/${id}/sessions`, undefined],
      ['GET', `/v1/smart-forms/${id}/sessions/${sessionId}`, undefined],
      ['DELETE', `/v1/smart-forms/${id}`, undefined],
    ] as const) {
      const res = await t.request(path, { method, key: other, json });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error).toBe('NOT_FOUND');
    }
    expect((await t.request(`/v1/smart-forms/${id}`, { key })).body.data.title).not.toBe('Mine now');
  });

  it('publishes with a share code and public URL, keeps the code across unpublish', async () => {
    const id = (await create(t, key, { purpose: INTERVIEW_PURPOSE })).body.data.id;
    const first = await t.request(`/v1/smart-forms/${id}/publish`, { method: 'POST', key });
    expect(first.status).toBe(200);
    expect(first.body.data.publicUrl).toBe(`https://forms.example.test/s/${first.body.data.shareUrl}`);
    const code = first.body.data.shareUrl;
    expect((await t.request(`/v1/public/smart-forms/${code}`)).status).toBe(200);
    const unpublished = await t.request(`/v1/smart-forms/${id}/unpublish`, { method: 'POST', key, json: {} });
    expect(unpublished.body.data).toMatchObject({ status: 'draft', publicUrl: null, shareUrl: code });
    expect((await t.request(`/v1/public/smart-forms/${code}`)).status).toBe(404);
    const again = await t.request(`/v1/smart-forms/${id}/publish`, { method: 'POST', key });
    expect(again.body.data.shareUrl).toBe(code);
  });

  it('soft unpublish lets active sessions finish; hard unpublish abandons them at once', async () => {
    for (const mode of ['soft', 'hard'] as const) {
      const { id, code } = await publishedSmartForm(t, key);
      const run = await runInterview(t, code, ['Too expensive for what it does.'], { finish: false });
      const res = await t.request(`/v1/smart-forms/${id}/unpublish`, { method: 'POST', key, json: { mode } });
      expect(res.status).toBe(200);
      // No new session either way.
      const start = await t.request(`/v1/public/smart-forms/${code}/sessions`, { method: 'POST', json: {} });
      expect(start.status).toBe(404);
      const finish = await t.request(`/v1/public/smart-forms/${code}/sessions/${run.sessionId}/finish`, {
        method: 'POST',
        headers: { 'x-session-token': run.token },
      });
      const session = (await t.request(`/v1/smart-forms/${id}/sessions/${run.sessionId}`, { key })).body.data;
      if (mode === 'soft') {
        expect(finish.status, finish.text).toBe(200);
        expect(session.status).toBe('completed');
      } else {
        expect(finish.status).toBe(409);
        expect(finish.body.error).toBe('CONFLICT');
        expect(session.status).toBe('abandoned');
      }
    }
  });

  it('reads statistics: sessions by status, completion rate, median duration, mean sentiment', async () => {
    const { key: mine } = await t.account('PRO');
    const { id, code } = await publishedSmartForm(t, mine);
    const empty = SmartFormDetail.parse((await t.request(`/v1/smart-forms/${id}`, { key: mine })).body.data);
    expect(empty.stats).toMatchObject({
      totalSessions: 0,
      completionRate: 0,
      medianDurationSeconds: null,
      averageSentimentScore: null,
      lastSessionAt: null,
    });
    t.clock.set('2026-11-25T10:00:00.000Z');
    try {
      // Durations 60 s, 120 s, 600 s: the median is 120 s.
      for (const seconds of [60, 600, 120]) {
        const start = await t.request(`/v1/public/smart-forms/${code}/sessions`, {
          method: 'POST',
          json: {},
        });
        const { sessionId, sessionToken, question } = start.body.data;
        await t.request(`/v1/public/smart-forms/${code}/sessions/${sessionId}/answers`, {
          method: 'POST',
          headers: { 'x-session-token': sessionToken },
          json: { questionId: question.id, answer: 'It was great and easy.' },
        });
        t.clock.advance(seconds * 1000);
        const done = await t.request(`/v1/public/smart-forms/${code}/sessions/${sessionId}/finish`, {
          method: 'POST',
          headers: { 'x-session-token': sessionToken },
        });
        expect(done.status).toBe(200);
      }
      await runInterview(t, code, ['Still thinking.'], { finish: false });
    } finally {
      t.clock.reset();
    }
    const stats = SmartFormDetail.parse(
      (await t.request(`/v1/smart-forms/${id}`, { key: mine })).body.data,
    ).stats;
    expect(stats).toMatchObject({
      totalSessions: 4,
      activeSessions: 1,
      completedSessions: 3,
      abandonedSessions: 0,
      completionRate: 0.75,
      medianDurationSeconds: 120,
    });
  });

  it('lists sessions with paging and a status filter; the sweeper abandons idle ones', async () => {
    const { key: mine } = await t.account('PRO');
    const { id, code } = await publishedSmartForm(t, mine);
    await runInterview(t, code, ['Good value.']);
    const idle = await runInterview(t, code, ['Hmm.'], { finish: false });
    const list = (status: string) =>
      t
        .request(`/v1/smart-forms/${id}/sessions?status=${status}&limit=1`, { key: mine })
        .then((r) => r.body.data);
    expect((await list('all')).total).toBe(2);
    expect((await list('all')).hasMore).toBe(true);
    expect((await list('completed')).total).toBe(1);
    expect((await list('active')).sessions[0].id).toBe(idle.sessionId);
    // Not idle long enough: it stays active (the sweep covers the whole database, where other
    // tests of this file leave sessions idle on their controlled clock, so count this form's).
    await sweepIdleSessions(t.db, { idleMs: 3_600_000 });
    expect((await list('active')).sessions[0]?.id).toBe(idle.sessionId);
    expect((await list('abandoned')).total).toBe(0);
    expect(
      await sweepIdleSessions(t.db, { idleMs: 3_600_000, clock: () => new Date(Date.now() + 2 * 3_600_000) }),
    ).toBeGreaterThanOrEqual(1);
    expect((await list('abandoned')).sessions[0].id).toBe(idle.sessionId);
    const answer = await t.request(
      `/v1/public/smart-forms/${code}/sessions/${idle.sessionId}/next-question`,
      {
        headers: { 'x-session-token': idle.token },
      },
    );
    expect(answer.status).toBe(409);
  });

  it('deletes a smart form with all its sessions', async () => {
    const { id, code } = await publishedSmartForm(t, key);
    const run = await runInterview(t, code, ['Fine.']);
    expect((await t.request(`/v1/smart-forms/${id}`, { method: 'DELETE', key })).body.data).toEqual({
      id,
      deleted: true,
    });
    expect((await t.request(`/v1/smart-forms/${id}`, { key })).status).toBe(404);
    expect((await t.request(`/v1/public/smart-forms/${code}`)).status).toBe(404);
    const left = await t.db
      .selectFrom('smart_form_sessions')
      .select('id')
      .where('id', '=', run.sessionId)
      .execute();
    expect(left).toEqual([]);
    const questions = await t.db
      .selectFrom('smart_form_questions')
      .select('idx')
      .where('session_id', '=', run.sessionId)
      .execute();
    expect(questions).toEqual([]);
  });
});
