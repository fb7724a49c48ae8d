import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { generateChecked } from './checked.js';
import { AiError, type AiProvider, type AiTask, type AiUsage, type CallOptions } from './provider.js';

const Count = z.object({ count: z.number() });
type Count = z.infer<typeof Count>;

const countTask: AiTask<string, Count> = {
  name: 'count_task',
  draft: Count,
  messages: (input) => [{ role: 'user', content: input }],
  offline: () => ({ count: 0 }),
};

const usageOf = (promptTokens: number): AiUsage => ({ promptTokens, completionTokens: 1, estimated: false });

/** An unusable answer as the provider reports it: its text, and what it cost when it got one. */
function unusableAnswer(message: string, raw: string, usage?: AiUsage): AiError {
  const error = new AiError('invalid_output', message, raw);
  error.usage = usage;
  return error;
}

/** A model that is a plain list: each call takes the next answer (a count, or an error to throw). */
function scriptedModel(answers: (number | Error)[]) {
  const calls: CallOptions[] = [];
  const provider: AiProvider = {
    provenance: { provider: 'openai', model: 'scripted', offline: false },
    async generate<Input, Draft>(_task: AiTask<Input, Draft>, _input: Input, options: CallOptions = {}) {
      calls.push(options);
      const answer = answers[calls.length - 1];
      if (answer === undefined) throw new Error('asked more often than scripted');
      if (answer instanceof Error) throw answer;
      const value = { count: answer } as Draft;
      return { value, raw: JSON.stringify(value), usage: usageOf(10 * calls.length) };
    },
    text: () => Promise.reject(new Error('not used')),
    stream: () => {
      throw new Error('not used');
    },
  };
  return { provider, calls };
}

/** Checks that want an even count. */
const even = (draft: Count) => (draft.count % 2 === 0 ? [] : [`$.count: ${draft.count} is odd`]);

describe('generateChecked, the one checked-generation loop', () => {
  it('a first answer that passes is returned at once, its usage charged once', async () => {
    const { provider, calls } = scriptedModel([4]);
    const charged: AiUsage[] = [];
    const result = await generateChecked(provider, countTask, 'a count', {
      check: even,
      onUsage: async (usage) => void charged.push(usage),
    });
    expect(result).toEqual({ value: { count: 4 }, raw: '{"count":4}', usage: usageOf(10) });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.followUp).toEqual([]);
    expect(charged).toEqual([usageOf(10)]);
  });

  it('a failed check goes back to the model with the answer and its problems, then the repair is kept', async () => {
    const { provider, calls } = scriptedModel([3, 6]);
    const result = await generateChecked(provider, countTask, 'a count', { check: even });
    expect(result.value).toEqual({ count: 6 });
    expect(calls[1]!.followUp).toEqual([
      { role: 'assistant', content: '{"count":3}' },
      {
        role: 'user',
        content:
          'That answer cannot be used. Problems found:\n- $.count: 3 is odd\nAnswer again, corrected, in the same JSON structure.',
      },
    ]);
  });

  it("an answer the provider finds unusable is repaired with the provider's words", async () => {
    const { provider, calls } = scriptedModel([unusableAnswer('The answer was not valid JSON', 'nope'), 2]);
    const result = await generateChecked(provider, countTask, 'a count');
    expect(result.value).toEqual({ count: 2 });
    expect(calls[1]!.followUp?.[0]).toEqual({ role: 'assistant', content: 'nope' });
    expect(calls[1]?.followUp?.[1]?.content).toContain('- The answer was not valid JSON\n');
  });

  it('builds the result the check reads and the caller gets, in its own repair words', async () => {
    const { provider, calls } = scriptedModel([1, 8]);
    const problems = Array.from({ length: 5 }, (_, i) => `problem ${i}`);
    const result = await generateChecked(provider, countTask, 'a count', {
      build: (draft) => `${draft.count} items`,
      check: (built) => (built === '8 items' ? [] : problems),
      repair: { unusable: 'Not that:', again: 'Again.', listed: 2 },
    });
    expect(result.value).toBe('8 items');
    expect(calls[1]?.followUp?.[1]?.content).toBe('Not that:\n- problem 0\n- problem 1\nAgain.');
  });

  it('stops after `repairs` rounds with AiError invalid_output naming what was still wrong', async () => {
    const { provider, calls } = scriptedModel([1, 3, 5, 7]);
    const failure = generateChecked(provider, countTask, 'a count', { check: even, repairs: 2 });
    await expect(failure).rejects.toMatchObject({
      name: 'AiError',
      kind: 'invalid_output',
      message: 'Unusable answer after 2 repair(s): $.count: 5 is odd',
    });
    expect(calls).toHaveLength(3);
  });

  it('one repair by default; `fail` chooses the error', async () => {
    const { provider, calls } = scriptedModel([1, 3, 5]);
    const failure = generateChecked(provider, countTask, 'a count', {
      check: even,
      fail: (problems, repairs) => new Error(`gave up after ${repairs}: ${problems.join(', ')}`),
    });
    await expect(failure).rejects.toThrow(/^gave up after 1: \$\.count: 3 is odd$/);
    expect(calls).toHaveLength(2);
  });

  it('charges every call, the unusable ones too, and returns their sum', async () => {
    const { provider } = scriptedModel([
      unusableAnswer('cut off', '{"cou', usageOf(7)),
      unusableAnswer('no answer', ''),
      5,
      4,
    ]);
    const charged: AiUsage[] = [];
    const result = await generateChecked(provider, countTask, 'a count', {
      check: even,
      repairs: 3,
      onUsage: async (usage) => void charged.push(usage),
    });
    expect(charged).toEqual([usageOf(7), usageOf(30), usageOf(40)]);
    expect(result.usage).toEqual({ promptTokens: 77, completionTokens: 3, estimated: false });
  });

  it('a transient or refused failure is thrown at once, not repaired', async () => {
    for (const kind of ['transient', 'refused'] as const) {
      const { provider, calls } = scriptedModel([new AiError(kind, `${kind} failure`), 2]);
      await expect(generateChecked(provider, countTask, 'a count', { repairs: 2 })).rejects.toMatchObject({
        kind,
      });
      expect(calls).toHaveLength(1);
    }
  });
});
