import type { AiProvenance } from '@formloom/contract';
import type { AiProvider, AiTask, AiTextTask, CallOptions, TextStream } from '../provider.js';
import { estimateUsage } from '../tokens.js';

/** The provenance of every offline result: nobody should mistake it for a model's. */
export const OFFLINE_PROVENANCE: AiProvenance = {
  provider: 'offline',
  model: 'formloom-offline-1',
  offline: true,
};

/**
 * The provider used when none is configured: deterministic and rule-based, no network. Each task
 * brings its own offline answer (`task.offline`), so every AI route works out of the box and every
 * test runs without a model. Its answers go through the same validation as a model's.
 */
export function createOfflineProvider(): AiProvider {
  return {
    provenance: OFFLINE_PROVENANCE,

    async generate<Input, Draft>(task: AiTask<Input, Draft>, input: Input, call: CallOptions = {}) {
      call.signal?.throwIfAborted();
      const value = task.draft.parse(task.offline(input));
      const raw = JSON.stringify(value);
      return { value, raw, usage: await estimateUsage(task.messages(input), raw) };
    },

    async text<Input>(task: AiTextTask<Input>, input: Input, call: CallOptions = {}) {
      call.signal?.throwIfAborted();
      const text = task.offline(input);
      return { text, usage: await estimateUsage(task.messages(input), text) };
    },

    stream<Input>(task: AiTextTask<Input>, input: Input, call: CallOptions = {}): TextStream {
      const text = task.offline(input);
      const usage = estimateUsage(task.messages(input), text);
      async function* words(): AsyncGenerator<string> {
        // Word by word, as a model streams, so a client sees several chunks.
        for (const piece of text.match(/\S+\s*|\s+/g) ?? []) {
          call.signal?.throwIfAborted();
          yield piece;
        }
      }
      const iterable = words();
      return { usage, [Symbol.asyncIterator]: () => iterable };
    },
  };
}
