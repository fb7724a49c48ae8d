import { decodeSSE, type ServerSentEvent } from '../internal/sse.js';
import { APIConnectionError, APIUserAbortError } from './error.js';

export type { ServerSentEvent } from '../internal/sse.js';

/**
 * An async iterable over the events of one streamed answer. Leaving the loop early (`break`,
 * `return`, a thrown error) aborts the request; `abort()` does too, from anywhere. A stream can be
 * iterated once.
 *
 * ```ts
 * const stream = client.analytics.chatStream(formId, { message: 'What do people like?' });
 * for await (const { event, data } of stream) {
 *   if (event === 'chunk') process.stdout.write(data.text);
 * }
 * ```
 */
export class Stream<Item> implements AsyncIterable<Item> {
  #iterated = false;

  constructor(
    private readonly iterate: () => AsyncGenerator<Item>,
    /** Aborts the underlying request. */
    readonly controller: AbortController,
  ) {}

  /**
   * A stream of the events of a `text/event-stream` answer; `parse` turns each wire event into an
   * item (or `undefined` to skip it). `response` may be a promise: it is awaited when iteration starts.
   */
  static fromSSEResponse<Item>(
    response: () => Promise<Response>,
    controller: AbortController,
    parse: (event: ServerSentEvent) => Item | undefined,
  ): Stream<Item> {
    async function* iterate(): AsyncGenerator<Item> {
      let finished = false;
      try {
        const answer = await response();
        if (!answer.body) throw new APIConnectionError({ message: 'The streamed answer has no body' });
        for await (const event of decodeSSE(answer.body)) {
          const item = parse(event);
          if (item !== undefined) yield item;
        }
        finished = true;
      } catch (error) {
        if (controller.signal.aborted) throw new APIUserAbortError({ cause: error });
        if (error instanceof TypeError || (error as Error)?.name === 'AbortError') {
          throw new APIConnectionError({ message: 'The stream was interrupted', cause: error });
        }
        throw error;
      } finally {
        if (!finished) controller.abort();
      }
    }
    return new Stream(iterate, controller);
  }

  [Symbol.asyncIterator](): AsyncGenerator<Item> {
    if (this.#iterated) throw new Error('A stream can be iterated only once');
    this.#iterated = true;
    return this.iterate();
  }

  /** Ends the request; a loop over the stream then stops with an {@link APIUserAbortError}. */
  abort(): void {
    this.controller.abort();
  }

  /** Reads the whole stream into an array. */
  async toArray(): Promise<Item[]> {
    const items: Item[] = [];
    for await (const item of this) items.push(item);
    return items;
  }
}
