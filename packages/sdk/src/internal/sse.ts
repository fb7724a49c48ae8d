/** One server-sent event as the wire carries it (before its `data` is parsed). */
export interface ServerSentEvent {
  /** `event:` field; `message` when absent, as the EventSource standard says. */
  event: string;
  /** The `data:` lines joined with `\n`. */
  data: string;
  id: string | undefined;
  retry: number | undefined;
}

/**
 * Decodes a `text/event-stream` body into events, following the WHATWG EventSource parsing rules:
 * CR, LF or CRLF line ends (also when a CRLF is split across chunks), `:` comments, multi-line
 * data, an event dispatched at each blank line, events without data dropped. UTF-8 split across
 * chunks is handled by a streaming decoder. Unlike EventSource, an event the stream ends in
 * without its final blank line is still delivered.
 */
export async function* decodeSSE(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent> {
  const decoder = new TextDecoder();
  const lines = new LineSplitter();
  const reader = body.getReader();
  let pending = new PendingEvent();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      const text = done ? decoder.decode() : decoder.decode(value, { stream: true });
      for (const line of done ? [...lines.push(text), ...lines.flush(), ''] : lines.push(text)) {
        if (line !== '') {
          pending.feed(line);
          continue;
        }
        // A blank line ends the event (and resets its type even when it had no data).
        const event = pending.complete();
        pending = new PendingEvent();
        if (event) yield event;
      }
      if (done) return;
    }
  } finally {
    // Leaving early (break, throw) cancels the body; the caller's abort signal ends the request.
    await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

class LineSplitter {
  #buffer = '';
  #afterCR = false;

  push(chunk: string): string[] {
    let text = chunk;
    if (this.#afterCR && text.startsWith('\n')) text = text.slice(1);
    this.#afterCR = false;
    text = this.#buffer + text;
    const out: string[] = [];
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      out.push(text.slice(start, i));
      if (c === 13) {
        if (i + 1 === text.length) this.#afterCR = true;
        else if (text.charCodeAt(i + 1) === 10) i++;
      }
      start = i + 1;
    }
    this.#buffer = text.slice(start);
    return out;
  }

  flush(): string[] {
    const rest = this.#buffer;
    this.#buffer = '';
    return rest === '' ? [] : [rest];
  }
}

class PendingEvent {
  #event = '';
  #data: string[] = [];
  #id: string | undefined;
  #retry: number | undefined;

  /** The event, unless it carried no data (such events are dropped). */
  complete(): ServerSentEvent | undefined {
    if (this.#data.length === 0) return undefined;
    return { event: this.#event || 'message', data: this.#data.join('\n'), id: this.#id, retry: this.#retry };
  }

  feed(line: string): void {
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.#event = value;
    else if (field === 'data') this.#data.push(value);
    else if (field === 'id' && !value.includes('\0')) this.#id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) this.#retry = Number(value);
  }
}
