import { CreateSmartFormBody } from '@formloom/contract';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { INTERVIEW_PURPOSE } from '../../../test/support/smart-form-kit.js';
import {
  createTestDatabase,
  describeDialects,
  type TestDatabase,
} from '../../../test/support/test-database.js';
import type { AiProvider } from '../../ai/provider.js';
import { createOfflineProvider } from '../../ai/providers/offline.js';
import { createDb, type DbHandle } from '../../db/create-db.js';
import type { Db, SmartFormRow } from '../../db/database.js';
import { isoNow } from '../../db/json.js';
import { createServices } from '../../services.js';
import { createInterviewQuestions } from './interview-questions.js';
import { genericQuestion } from './interviewer-task.js';
import { createSessionsStore, newSessionRow } from './sessions-store.js';
import { createSmartFormsStore } from './smart-forms-store.js';

/**
 * The interview's questions (interview-questions.ts, a part of interview-service.ts) built alone on
 * a real database, with a provider that answers as each test needs.
 */
describeDialects('interview questions, built alone', (dialect) => {
  let database: TestDatabase;
  let handle: DbHandle;
  let db: Db;
  let form: SmartFormRow;
  const clock = () => new Date();

  beforeAll(async () => {
    database = await createTestDatabase(dialect, 'interview-questions');
    handle = await createDb({ dataDir: database.dataDir, url: database.url });
    db = handle.db;
    const services = createServices({ db });
    const accountId = (await services.accounts.create({ name: 'questions', plan: 'MAX' })).id;
    const body = CreateSmartFormBody.parse({ purpose: INTERVIEW_PURPOSE, maxQuestions: 5 });
    const { id } = await services.smartForms.create(accountId, body);
    form = (await createSmartFormsStore(db).find(accountId, id))!;
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  /** A new active session on the form, in English, as starting one stores it. */
  async function newSession() {
    const session = newSessionRow({
      form,
      language: 'en',
      detected: false,
      tokenHash: 'x',
      nowIso: isoNow(),
    });
    await createSessionsStore(db).insert(session);
    return (await createSessionsStore(db).find(session.id))!;
  }

  /** A provider whose structured answers come from `generate`; the rest is the offline one's. */
  const providerWith = (generate: AiProvider['generate']): AiProvider => ({
    ...createOfflineProvider(),
    generate,
  });

  it('a failing model gets the generic question, stored as a fallback and asked once while it waits', async () => {
    const generate = vi.fn(async () => {
      throw new Error('model down');
    });
    const { currentStep } = createInterviewQuestions({ db, clock, provider: providerWith(generate) });
    const session = await newSession();
    const first = await currentStep(form, session);
    expect(first.question?.text).toBe(genericQuestion('en', 1, form.max_questions));
    expect(first).toMatchObject({ done: false, answeredCount: 0, maxQuestions: 5 });
    const [stored] = await createSessionsStore(db).questions(session.id);
    expect(stored).toMatchObject({ id: first.question!.id, fallback: 1, answer: null });
    const calls = generate.mock.calls.length;
    expect(calls).toBeGreaterThan(0);
    // Asked again before an answer: the waiting question, and the model is not asked again.
    expect((await currentStep(form, session)).question?.id).toBe(first.question!.id);
    expect(generate.mock.calls.length).toBe(calls);
  });

  it("asks the model's question, and once max questions are answered the interview is done without asking", async () => {
    let n = 0;
    const generate = vi.fn(async () => {
      const value = { done: false, question: `Why, part ${++n}?` };
      return {
        value,
        raw: JSON.stringify(value),
        usage: { promptTokens: 1, completionTokens: 1, estimated: false },
      };
    }) as unknown as AiProvider['generate'];
    const { currentStep } = createInterviewQuestions({ db, clock, provider: providerWith(generate) });
    const sessions = createSessionsStore(db);
    const session = await newSession();
    for (let i = 1; i <= form.max_questions; i++) {
      const step = await currentStep(form, (await sessions.find(session.id))!);
      expect(step.question).toMatchObject({ index: i, text: `Why, part ${i}?` });
      expect(await sessions.answer(session.id, i, `answer ${i}`, isoNow())).toBe(true);
      await sessions.countAnswer(session.id, isoNow());
    }
    const asked = vi.mocked(generate).mock.calls.length;
    const last = await currentStep(form, (await sessions.find(session.id))!);
    expect(last).toMatchObject({ done: true, question: null, answeredCount: form.max_questions });
    expect(vi.mocked(generate).mock.calls.length).toBe(asked);
    expect((await sessions.find(session.id))?.interview_done).toBe(1);
  });
});
