import { AggregateAnalyticsResult, SmartFormChatResult } from '@formloom/contract';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { balanceOf, fundedAccount } from '../../../test/support/ai-test-kit.js';
import { useOpenAiStandIn } from '../../../test/support/openai-stand-in.js';
import { seedSessions } from '../../../test/support/session-seed.js';
import { publishedSmartForm } from '../../../test/support/smart-form-kit.js';
import { describeEachDialect } from '../../../test/support/test-server.js';
import { createOpenAiProvider } from '../../ai/providers/openai.js';
import { countPromptTokens } from '../../ai/tokens.js';
import { sessionRef } from './session-context.js';

const standIn = useOpenAiStandIn();

describeEachDialect(
  'smart-form chat and analytics through the openai client and the stand-in',
  (t) => {
    let key: string;
    let accountId: string;
    let id: string;
    let ids: string[];
    beforeAll(async () => {
      ({ key, accountId } = await fundedAccount(t, 1_000, 'PRO'));
      ({ id } = await publishedSmartForm(t, key));
      ids = await seedSessions(t.db, { smartFormId: id, accountId, count: 60, status: () => 'completed' });
    });
    beforeEach(() => standIn.reset());

    it("sends the newest 50 within the model's window, oldest shortened first, and charges the reported usage", async () => {
      standIn.script({
        content: `Pricing dominates [${sessionRef(ids[59]!)}].`,
        usage: { prompt_tokens: 6_400, completion_tokens: 120 },
      });
      const before = await balanceOf(t, accountId);
      const history = [
        { role: 'user', content: 'Who is unhappy?' },
        { role: 'assistant', content: 'Mostly the billing complaints.' },
      ];
      const res = await t.request(`/v1/smart-forms/${id}/chat`, {
        method: 'POST',
        key,
        json: { message: 'And why?', conversationHistory: history },
      });
      expect(res.status, res.text).toBe(200);
      const result = SmartFormChatResult.parse(res.body.data);
      expect(result).toMatchObject({
        answer: `Pricing dominates [${sessionRef(ids[59]!)}].`,
        creditsUsed: 7,
        sessionsAnalyzed: 50,
        ai: { provider: 'openai', model: 'small-local-model', offline: false },
      });
      expect(await balanceOf(t, accountId)).toBe(before - 7);

      const sent = standIn.requests[0]!.body.messages as { role: string; content: string }[];
      expect(sent.slice(1)).toEqual([...history, { role: 'user', content: 'And why?' }]);
      const system = sent[0]!.content;
      // An unknown model has an 8,192-token window: 50 full transcripts do not fit.
      expect(await countPromptTokens(sent as never)).toBeLessThanOrEqual(8_192 - 1_000);
      const full = Number(/: (\d+) in full/.exec(system)?.[1]);
      expect(full).toBeGreaterThan(0);
      expect(full).toBeLessThan(50);
      expect(system).toContain(`and the ${50 - full} older ones by their analysis only`);
      for (const [i, sessionId] of ids.entries()) {
        expect(system.includes(sessionRef(sessionId)), `session ${i}`).toBe(i >= 10);
      }
      // The newest session is in full, the oldest kept one by its analysis.
      const newest = system.indexOf(sessionRef(ids[59]!));
      expect(system.slice(newest, newest + 400)).toContain('Q1:');
      const oldest = system.indexOf(sessionRef(ids[10]!));
      expect(system.slice(oldest, oldest + 400)).toContain('transcript left out');
    });

    it('gives the credits back when the provider is down', async () => {
      standIn.script({ status: 500, message: 'down' });
      const before = await balanceOf(t, accountId);
      const res = await t.request(`/v1/smart-forms/${id}/chat`, {
        method: 'POST',
        key,
        json: { message: 'Hi?' },
      });
      expect(res.status).toBe(503);
      expect(await balanceOf(t, accountId)).toBe(before);
    });

    it("adds the model's insights to the database's figures, after a repair round", async () => {
      standIn.script(
        { content: JSON.stringify({ trends: [], keyInsights: [], summary: 'Nothing.' }) },
        {
          content: JSON.stringify({
            trends: ['Sentiment holds steady.'],
            keyInsights: ['Pricing is the top theme.'],
            summary: 'Customers leave over pricing.',
          }),
        },
      );
      const chosen = ids.slice(0, 20);
      const res = await t.request(`/v1/smart-forms/${id}/analytics`, {
        method: 'POST',
        key,
        json: { sessionIds: chosen },
      });
      expect(res.status, res.text).toBe(200);
      const result = AggregateAnalyticsResult.parse(res.body.data);
      expect(result).toMatchObject({
        sessionCount: 20,
        keyInsights: ['Pricing is the top theme.'],
        summary: 'Customers leave over pricing.',
        creditsUsed: 10,
        ai: { provider: 'openai', offline: false },
      });
      expect(standIn.requests).toHaveLength(2);
      const system = standIn.requests[0]!.body.messages[0].content as string;
      expect(system).toContain(`"completedSessions":20`);
      expect(system).toContain(sessionRef(chosen[19]!));
      expect(system).not.toContain(sessionRef(ids[40]!));
      expect(standIn.requests[1]!.body.messages.at(-1).content).toContain('keyInsights is empty');
    });
  },
  {
    ai: {
      provider: () =>
        createOpenAiProvider({
          baseURL: standIn.baseURL,
          apiKey: 'sk-int',
          model: 'small-local-model',
          maxRetries: 0,
        }),
    },
  },
);
