import type { AiUsage, ChatMessage } from './provider.js';

type Encoding = typeof import('gpt-tokenizer/encoding/o200k_base');

let encoding: Promise<Encoding> | undefined;

/**
 * The tokenizer (o200k_base, the encoding of OpenAI's current models), loaded on first use: its
 * tables take a few hundred milliseconds to load, which a server that never counts should not pay.
 */
function load(): Promise<Encoding> {
  encoding ??= import('gpt-tokenizer/encoding/o200k_base');
  return encoding;
}

/** Tokens in `text`, counted by the tokenizer: the same count for the same text, every time. */
export async function countTokens(text: string): Promise<number> {
  if (text === '') return 0;
  return (await load()).countTokens(text);
}

/**
 * Tokens of a chat prompt as OpenAI counts them: each message's text plus 3 tokens of framing,
 * plus 3 that prime the answer.
 */
export async function countPromptTokens(messages: readonly ChatMessage[]): Promise<number> {
  let total = 3;
  for (const message of messages) total += 3 + (await countTokens(message.content));
  return total;
}

/** The usage of a call whose provider reported none: counted, and marked so. */
export async function estimateUsage(messages: readonly ChatMessage[], answer: string): Promise<AiUsage> {
  return {
    promptTokens: await countPromptTokens(messages),
    completionTokens: await countTokens(answer),
    estimated: true,
  };
}

/**
 * The first lines of `lines` that fit in `budget` tokens together (joined by line breaks). The
 * tokenizer runs on the whole text a few times, not on each line: a first cut by characters (4 to
 * a token on average), then exact counts, shrinking until it fits.
 */
export async function fitLines(lines: readonly string[], budget: number): Promise<string[]> {
  let take = 0;
  for (let chars = 0; take < lines.length && chars + lines[take]!.length + 1 <= budget * 4; take++) {
    chars += lines[take]!.length + 1;
  }
  for (;;) {
    const tokens = await countTokens(lines.slice(0, take).join('\n'));
    if (tokens <= budget || take === 0) return lines.slice(0, take);
    take = Math.min(take - 1, Math.floor((take * budget) / tokens));
  }
}
