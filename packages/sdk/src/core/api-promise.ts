import { parseRateLimitHeaders, type RateLimitHeaders, REQUEST_ID_HEADER } from '../internal/headers.js';

/** What every object result carries beside its fields (non-enumerable: JSON and spreads skip it). */
export interface ResultMeta {
  /** The parsed `X-RateLimit-*` and `X-Monthly-*` headers of the answer. */
  readonly _rateLimit: RateLimitHeaders;
  /** `X-Request-Id` of the answer. */
  readonly _requestId: string | undefined;
  /** `ETag` of the answer (a form's version): pass it as `ifMatch` to an edit of the form. */
  readonly _etag: string | undefined;
}

/** A result with its {@link ResultMeta}; results that are not objects carry none. */
export type WithMeta<T> = T extends object ? T & ResultMeta : T;

/** The result with the answer it came from, from {@link APIPromise.withResponse}. */
export interface APIResponse<T> {
  data: WithMeta<T>;
  /** The raw answer; its body has been read. */
  response: Response;
  rateLimit: RateLimitHeaders;
  requestId: string | undefined;
  /** `ETag` of the answer, when it has one (a form's version). */
  etag: string | undefined;
}

/**
 * The promise every API method returns. Await it for the typed result, or call `withResponse()`
 * for the result with its answer and parsed rate-limit headers, or `asResponse()` for the raw
 * answer. The request is sent when first awaited (or iterated, for lists), once.
 *
 * ```ts
 * const form = await client.forms.retrieve(id);
 * form._rateLimit.remaining; // parsed X-RateLimit-Remaining
 * const { data, rateLimit, requestId } = await client.forms.retrieve(id).withResponse();
 * await client.forms.update(id, { title: 'New' }, { ifMatch: form._etag }); // 412 if changed meanwhile
 * ```
 */
export class APIPromise<T> implements PromiseLike<WithMeta<T>> {
  #responsePromise: Promise<Response> | undefined;
  #parsed: Promise<APIResponse<T>> | undefined;

  constructor(
    private readonly send: () => Promise<Response>,
    /** Reads the typed result from an answer. Internal. */
    readonly _parse: (response: Response) => Promise<T>,
  ) {}

  /** The same request, its result transformed. Shares the one request. */
  _thenUnwrap<U>(transform: (data: T, response: Response) => U | Promise<U>): APIPromise<U> {
    return new APIPromise(
      () => this.#response(),
      async (response) => transform(await this._parse(response), response),
    );
  }

  /** The raw answer, body unread. Errors (non-2xx) still throw. */
  asResponse(): Promise<Response> {
    return this.#response();
  }

  withResponse(): Promise<APIResponse<T>> {
    this.#parsed ??= this.#response().then(async (response) => {
      const rateLimit = parseRateLimitHeaders(response.headers);
      const requestId = response.headers.get(REQUEST_ID_HEADER) ?? undefined;
      const etag = response.headers.get('etag') ?? undefined;
      const data = attachMeta(await this._parse(response), rateLimit, requestId, etag);
      return { data, response, rateLimit, requestId, etag };
    });
    return this.#parsed;
  }

  // biome-ignore lint/suspicious/noThenProperty: this class is a thenable on purpose, like a Promise.
  then<R1 = WithMeta<T>, R2 = never>(
    onfulfilled?: ((value: WithMeta<T>) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.withResponse()
      .then((r) => r.data)
      .then(onfulfilled, onrejected);
  }

  catch<R = never>(onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<WithMeta<T> | R> {
    return this.then(undefined, onrejected);
  }

  finally(onfinally?: (() => void) | null): Promise<WithMeta<T>> {
    return this.then().finally(onfinally);
  }

  get [Symbol.toStringTag](): string {
    return 'APIPromise';
  }

  #response(): Promise<Response> {
    this.#responsePromise ??= this.send();
    return this.#responsePromise;
  }
}

function attachMeta<T>(
  data: T,
  rateLimit: RateLimitHeaders,
  requestId: string | undefined,
  etag: string | undefined,
): WithMeta<T> {
  if (typeof data === 'object' && data !== null && Object.isExtensible(data)) {
    Object.defineProperties(data, {
      _rateLimit: { value: rateLimit, enumerable: false, configurable: true },
      _requestId: { value: requestId, enumerable: false, configurable: true },
      _etag: { value: etag, enumerable: false, configurable: true },
    });
  }
  return data as WithMeta<T>;
}
