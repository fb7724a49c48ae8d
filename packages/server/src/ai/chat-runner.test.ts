import { beforeEach, describe, expect, it } from 'vitest';
import { balanceOf, fundedAccount } from '../../test/support/ai-test-kit.js';
import { useOpenAiStandIn } from '../../test/support/openai-stand-in.js';
import { describeEachDialect, type TestServer } from '../../test/support/test-server.js';
import { PaymentRequiredError, UnavailableError } from '../domain-errors.js';
import { chatCost } from '../platform/credits/index.js';
import { createServices } from '../services.js';
import { CHAT_ANSWER_TOKENS, type ChatSpec, createChatRunner } from './chat-runner.js';
import type { AiProvider, AiTextTask } from './provider.js';
import { createOfflineProvider } from './providers/offline.js';
import { createOpenAiProvider } from './providers/openai.js';
import { countPromptTokens, countTokens, estimateUsage, fitLines } from './tokens.js';

interface NotesInput {
  question: string;
  notes: string[];
}

/** A chat over numbered notes: the notes are the context the budget cuts, newest first. */
const notesTask: AiTextTask<NotesInput> = {
  name: 'notes_chat',
  messages: (input) => [
    { role: 'system', content: `Answer from these notes only.\n${input.notes.join('\n')}` },
    { role: 'user', content: input.question },
  ],
  offline: (input) => `Offline: ${input.notes.length} notes read for "${input.question}".`,
};

const NOTES = Array.from(
  { length: 1_000 },
  (_, i) => `note ${i}: the customer wrote about pricing and support`,
);

function spec(
  maxPromptTokens = 2_000,
  question = 'What do they say?',
): ChatSpec<NotesInput> & {
  rooms: number[];
} {
  const rooms: number[] = [];
  return {
    task: notesTask,
    reason: 'ai.testChat',
    maxPromptTokens,
    base: { question, notes: [] },
    rooms,
    async fit(base, room) {
      rooms.push(room);
      const notes = await fitLines(NOTES, room);
      return { input: { ...base, notes }, tokens: await countTokens(notes.join('\n')) };
    },
  };
}

async function ledgerOf(t: TestServer, accountId: string) {
  const rows = await createServices({ db: t.db }).credits.ledger(accountId, 10);
  return rows.map((r) => [r.kind, Number(r.delta), r.reason]).reverse();
}

function runnerOf(t: TestServer, provider: AiProvider) {
  return createChatRunner({ credits: createServices({ db: t.db }).credits, chatCost, provider });
}

describe('the chat runner', () => {
  describeEachDialect(
    'offline provider',
    (t) => {
      it('cuts the context to the budget, reserves the most it can cost, then settles at the usage', async () => {
        const { accountId } = await fundedAccount(t, 100);
        const runner = runnerOf(t, createOfflineProvider());
        const s = spec(2_000);
        const call = await runner.prepare(accountId, s);

        // The fixed share (instructions and question) comes off the budget; the notes fill the rest.
        const fixed = await countPromptTokens(notesTask.messages(s.base));
        expect(s.rooms).toEqual([2_000 - fixed]);
        const prompt = await countPromptTokens(notesTask.messages(call.input));
        expect(prompt).toBeLessThanOrEqual(2_000);
        expect(call.input.notes.length).toBeGreaterThan(10);
        expect(call.input.notes.length).toBeLessThan(NOTES.length);
        const noteTokens = await countTokens(call.input.notes.join('\n'));
        const reserved = chatCost(fixed + noteTokens + CHAT_ANSWER_TOKENS);
        expect(call.reservation.amount).toBe(reserved);
        expect(await balanceOf(t, accountId)).toBe(100 - reserved);

        const result = await runner.run(call, { keep: (answer) => answer });
        const usage = await estimateUsage(notesTask.messages(call.input), result.text);
        expect(result.text).toBe(`Offline: ${call.input.notes.length} notes read for "What do they say?".`);
        expect(result.creditsUsed).toBe(chatCost(usage.promptTokens + usage.completionTokens));
        expect(result.ai).toMatchObject({ provider: 'offline', offline: true });
        expect(await balanceOf(t, accountId)).toBe(100 - result.creditsUsed);
        expect(await ledgerOf(t, accountId)).toEqual([
          ['grant', 100, 'granted by operator'],
          ['reserve', -reserved, 'ai.testChat'],
          ['refund', reserved - result.creditsUsed, 'ai.testChat'],
        ]);
      });

      it('streams the answer piece by piece and settles the same way', async () => {
        const { accountId } = await fundedAccount(t, 100);
        const runner = runnerOf(t, createOfflineProvider());
        const call = await runner.prepare(accountId, spec());
        const pieces: string[] = [];
        const result = await runner.run(call, {
          onText: (text) => pieces.push(text),
          signal: new AbortController().signal,
          keep: (answer) => answer,
        });
        expect(pieces.length).toBeGreaterThan(3);
        expect(pieces.join('')).toBe(result.text);
        expect(await balanceOf(t, accountId)).toBe(100 - result.creditsUsed);
      });

      it('a model window smaller than the asked budget is the limit; the feature may refuse before any credit moves', async () => {
        const { accountId } = await fundedAccount(t, 100);
        const runner = runnerOf(t, createOfflineProvider());
        // formloom-offline-1 has a 128,000-token window: 200,000 is cut to it, less the answer's share.
        const s = spec(200_000);
        await runner.prepare(accountId, s);
        const fixed = await countPromptTokens(notesTask.messages(s.base));
        expect(s.rooms).toEqual([128_000 - CHAT_ANSWER_TOKENS - fixed]);

        const refusing: ChatSpec<NotesInput> = {
          ...spec(),
          fit: async () => {
            throw new UnavailableError('nothing to ask about');
          },
        };
        const before = await balanceOf(t, accountId);
        await expect(runner.prepare(accountId, refusing)).rejects.toThrow('nothing to ask about');
        expect(await balanceOf(t, accountId)).toBe(before);
      });

      it('gives the credits back when the feature cannot keep the answer', async () => {
        const { accountId } = await fundedAccount(t, 100);
        const runner = runnerOf(t, createOfflineProvider());
        const call = await runner.prepare(accountId, spec());
        await expect(
          runner.run(call, {
            keep: () => {
              throw new Error('storing the session failed');
            },
          }),
        ).rejects.toThrow('storing the session failed');
        expect(await balanceOf(t, accountId)).toBe(100);
      });
    },
    { ai: { worker: false } },
  );

  describe('through the openai client and the local stand-in', () => {
    const standIn = useOpenAiStandIn();
    const provider = () =>
      createOpenAiProvider({
        baseURL: standIn.baseURL,
        apiKey: 'sk-runner',
        model: 'runner-model',
        maxRetries: 0,
      });

    describeEachDialect(
      'stand-in',
      (t) => {
        beforeEach(() => standIn.reset());

        it("settles at the provider's reported usage, within what was reserved", async () => {
          const { accountId } = await fundedAccount(t, 100);
          const runner = runnerOf(t, provider());
          standIn.script({ content: 'Pricing.', usage: { prompt_tokens: 1_500, completion_tokens: 600 } });
          const call = await runner.prepare(accountId, spec());
          const result = await runner.run(call, { keep: (answer) => answer });
          expect(result).toMatchObject({ text: 'Pricing.', creditsUsed: 3, ai: { offline: false } });
          expect(await balanceOf(t, accountId)).toBe(97);
          // An unknown model has an 8,192-token window; 2,000 asked stays 2,000: the prompt sent fits.
          const sent = standIn.requests[0]!.body.messages;
          expect(await countPromptTokens(sent)).toBeLessThanOrEqual(2_000);
        });

        it('cuts to the model window when the feature asks for more', async () => {
          const { accountId } = await fundedAccount(t, 100);
          const runner = runnerOf(t, provider());
          const call = await runner.prepare(accountId, spec(100_000));
          await runner.run(call, { keep: (answer) => answer });
          const sent = standIn.requests[0]!.body.messages;
          expect(await countPromptTokens(sent)).toBeLessThanOrEqual(8_192 - CHAT_ANSWER_TOKENS);
          expect(call.input.notes.length).toBeLessThan(NOTES.length);
        });

        it('refunds everything when the provider fails, and says so as unavailable', async () => {
          const { accountId } = await fundedAccount(t, 100);
          const runner = runnerOf(t, provider());
          standIn.script({ status: 500, message: 'down' });
          const call = await runner.prepare(accountId, spec());
          expect(await balanceOf(t, accountId)).toBe(100 - call.reservation.amount);
          const failed = await runner.run(call, { keep: (answer) => answer }).catch((e: unknown) => e);
          expect(failed).toBeInstanceOf(UnavailableError);
          expect(await balanceOf(t, accountId)).toBe(100);
        });

        it('refunds everything when the stream breaks mid-answer', async () => {
          const { accountId } = await fundedAccount(t, 100);
          const runner = runnerOf(t, provider());
          standIn.script({ content: 'x'.repeat(400), breakAfterChunks: 3 });
          const call = await runner.prepare(accountId, spec());
          const pieces: string[] = [];
          const failed = await runner
            .run(call, { onText: (text) => pieces.push(text), keep: (answer) => answer })
            .catch((e: unknown) => e);
          expect(pieces.length).toBeGreaterThan(0);
          expect(failed).toBeInstanceOf(UnavailableError);
          expect(await balanceOf(t, accountId)).toBe(100);
        });

        it('a client abort mid-stream ends the model call: it costs what was used until then, the rest comes back', async () => {
          const { accountId } = await fundedAccount(t, 100);
          const runner = runnerOf(t, provider());
          standIn.script({ content: 'y'.repeat(8_000) });
          // 1,500 tokens of prompt: far from a 1,000-token step whatever the few answered tokens.
          const call = await runner.prepare(accountId, spec(1_500));
          const abort = new AbortController();
          let kept = false;
          const failed = await runner
            .run(call, {
              onText: () => abort.abort(new Error('client disconnected')),
              signal: abort.signal,
              keep: () => {
                kept = true;
              },
            })
            .catch((e: unknown) => e);
          expect(failed).toBeInstanceOf(UnavailableError);
          expect(kept).toBe(false);
          const prompt = await countPromptTokens(standIn.requests[0]!.body.messages);
          expect(prompt).toBeLessThanOrEqual(1_500);
          expect(prompt).toBeGreaterThan(1_100);
          // The openai client either ends the aborted stream (the provider counts what it sent: the
          // prompt's cost) or throws (it reports nothing: no cost), by timing; never the reservation.
          const paid = 100 - (await balanceOf(t, accountId));
          expect([0, chatCost(prompt)]).toContain(paid);
          expect(paid).toBeLessThan(call.reservation.amount);
          const deadline = Date.now() + 5_000;
          while (!standIn.requests[0]!.closedEarly && Date.now() < deadline)
            await new Promise((r) => setTimeout(r, 20));
          expect(standIn.requests[0]!.closedEarly).toBe(true);
        });

        it('402 before any model call when the balance is empty', async () => {
          const { accountId } = await fundedAccount(t, 0);
          const runner = runnerOf(t, provider());
          await expect(runner.prepare(accountId, spec())).rejects.toBeInstanceOf(PaymentRequiredError);
          expect(standIn.requests).toHaveLength(0);
        });
      },
      { ai: { worker: false } },
    );
  });
});
