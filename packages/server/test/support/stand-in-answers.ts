import type { ServerResponse } from 'node:http';

/**
 * How the providers' stand-ins answer a request they have already served (its records or pages
 * written): later, as a slow provider does, or never, as one whose answer is lost on the way. A
 * server killed meanwhile has made a write it never heard of: what its write-once lookup is for.
 * The stand-ins answer through `writeHead` and `end` only, so a stand-in of those two is enough.
 */
export interface HeldAnswers {
  /** `res`, answered `ms` after the stand-in answers it (at once when `ms` is 0). */
  later(res: ServerResponse, ms: number): ServerResponse;
  /** A response that swallows the answer, and keeps `res` open until `close`. */
  never(res: ServerResponse): ServerResponse;
  /** Answers held by `never` and not yet closed. */
  readonly held: number;
  /** Drops every connection whose answer is held. */
  close(): void;
}

export function heldAnswers(): HeldAnswers {
  const open = new Set<ServerResponse>();
  return {
    later(res, ms) {
      if (ms <= 0) return res;
      let head: Parameters<ServerResponse['writeHead']> | undefined;
      const shim = {
        writeHead: (...args: Parameters<ServerResponse['writeHead']>) => {
          head = args;
          return shim;
        },
        end: (body?: string) => {
          setTimeout(() => {
            // The client (a killed server) may be gone by now.
            if (res.destroyed) return;
            if (head !== undefined) res.writeHead(...head);
            res.end(body);
          }, ms);
          return shim;
        },
      };
      return shim as unknown as ServerResponse;
    },
    never(res) {
      open.add(res);
      res.on('close', () => open.delete(res));
      const discard = { writeHead: () => discard, end: () => discard };
      return discard as unknown as ServerResponse;
    },
    get held() {
      return open.size;
    },
    close() {
      for (const res of open) res.destroy();
      open.clear();
    },
  };
}
