import { IDEMPOTENCY_KEY_HEADER } from '@formloom/contract';
import { APIPromise } from './core/api-promise.js';
import { FormloomError } from './core/error.js';
import { type PageInfo, type PageParams, PagePromise } from './core/pagination.js';
import { type ServerSentEvent, Stream } from './core/streaming.js';
import {
  type BodyOf,
  buildPath,
  declaresIdempotencyKey,
  type ParamsOf,
  type QueryOf,
  type ResultOf,
  type RouteLike,
  toSearchParams,
} from './internal/route.js';
import { readEnv } from './internal/runtime.js';
import { parseEnvelope, type RequestOptions, Transport } from './internal/transport.js';
import { AI } from './resources/ai.js';
import { Analytics } from './resources/analytics.js';
import { ApiKeys } from './resources/api-keys.js';
import { AuditLog } from './resources/audit-log.js';
import { Auth } from './resources/auth.js';
import { Domains } from './resources/domains.js';
import { Forms } from './resources/forms.js';
import { Integrations } from './resources/integrations.js';
import { Me } from './resources/me.js';
import { Members } from './resources/members.js';
import { Payments } from './resources/payments.js';
import { Public } from './resources/public.js';
import { Responses } from './resources/responses.js';
import { Security } from './resources/security.js';
import { SmartForms } from './resources/smart-forms.js';
import { SingleSignOn } from './resources/sso.js';
import { Templates } from './resources/templates.js';
import { Themes } from './resources/themes.js';
import { Uploads } from './resources/uploads.js';
import { Webhooks } from './resources/webhooks.js';

export interface ClientOptions {
  /** `formloom_...`; default: the `FORMLOOM_API_KEY` environment variable, where there is one. */
  apiKey?: string | undefined;
  /**
   * `true`: no API key; the browser sends the dashboard's HttpOnly `formloom_session` cookie
   * (`credentials: 'same-origin'`), which page scripts never see. For pages served by the Formloom
   * server itself (the dashboard); sign in with `client.auth.signIn()`.
   *
   * ```ts
   * const client = new Formloom({ session: true, baseUrl: new URL('/v1', location.origin).href });
   * await client.auth.signIn({ email, password });
   * ```
   */
  session?: boolean | undefined;
  /**
   * The API root with its version, e.g. `https://forms.example.com/v1`. Default: the
   * `FORMLOOM_BASE_URL` environment variable, else `http://localhost:3000/v1`.
   */
  baseUrl?: string | undefined;
  /** Milliseconds each attempt may take before it fails with `APITimeoutError`. Default 60,000. */
  timeout?: number | undefined;
  /** Retries after the first attempt (429, 503, connection failures, timeouts). Default 2. */
  maxRetries?: number | undefined;
  /** A `fetch` to use instead of `globalThis.fetch` (proxies, tests, instrumentation). */
  fetch?: typeof globalThis.fetch | undefined;
  /** Headers sent with every request. */
  defaultHeaders?: Record<string, string> | undefined;
}

export const DEFAULT_BASE_URL = 'http://localhost:3000/v1';
export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_MAX_RETRIES = 2;

type ItemOf<R extends RouteLike, K extends keyof ResultOf<R>> = ResultOf<R>[K] extends readonly (infer I)[]
  ? I
  : never;

/** What a list method returns: await it for a page, `for await` it for every item. */
export type ListPromise<R extends RouteLike, K extends keyof ResultOf<R>> = PagePromise<
  ItemOf<R, K>,
  ResultOf<R> & PageInfo,
  QueryOf<R> & PageParams
>;

/** The arguments of one route: path parameters, query and body, typed from the contract. */
export interface CallArgs<R extends RouteLike> {
  params?: ParamsOf<R>;
  query?: QueryOf<R>;
  body?: BodyOf<R>;
}

/**
 * The Formloom API client. Runs wherever `fetch` and WebCrypto do: Node 22.12+, browsers, Deno, Bun.
 * Keep API keys on servers: they must not ship in client-side code.
 *
 * ```ts
 * import Formloom from '@formloom/sdk';
 *
 * const client = new Formloom({ apiKey: process.env.FORMLOOM_API_KEY, baseUrl: 'http://localhost:3000/v1' });
 * const form = await client.forms.create({ title: 'Feedback' });
 * for await (const item of client.forms.list()) console.log(item.title);
 * ```
 */
export class Formloom {
  readonly baseUrl: string;
  readonly timeout: number;
  readonly maxRetries: number;
  readonly #transport: Transport;

  readonly forms: Forms = new Forms(this);
  readonly responses: Responses = new Responses(this);
  /** Images for the account's forms (picture choices), named in a schema as `upload:<id>`. */
  readonly uploads: Uploads = new Uploads(this);
  readonly smartForms: SmartForms = new SmartForms(this);
  readonly webhooks: Webhooks = new Webhooks(this);
  readonly ai: AI = new AI(this);
  readonly analytics: Analytics = new Analytics(this);
  readonly me: Me = new Me(this);
  readonly auditLog: AuditLog = new AuditLog(this);
  /** The dashboard's sign-in (session cookie); use with `session: true`. */
  readonly auth: Auth = new Auth(this);
  /** Slack and Discord connections (a dashboard session only). */
  readonly integrations: Integrations = new Integrations(this);
  /** API keys (a signed-in owner or admin). */
  readonly apiKeys: ApiKeys = new ApiKeys(this);
  /** Members and invitations (a signed-in owner or admin). */
  readonly members: Members = new Members(this);
  /** The signed-in member's two-factor, sessions and password; password reset by e-mail. */
  readonly security: Security = new Security(this);
  /** The account's single sign-on through its OpenID Connect provider (a signed-in owner). */
  readonly sso: SingleSignOn = new SingleSignOn(this);
  /** Custom domains (a signed-in owner or admin). */
  readonly domains: Domains = new Domains(this);
  /** The account's Stripe keys (a signed-in owner or admin). */
  readonly payments: Payments = new Payments(this);
  /** The account's themes: colours, font, logo and custom CSS for its forms. */
  readonly themes: Themes = new Themes(this);
  /** The library of form templates: `forms.create({templateId})` starts a form from one. */
  readonly templates: Templates = new Templates(this);
  /** The public routes a respondent's browser uses (no API key needed); for servers and tests. */
  readonly public: Public = new Public(this);

  constructor(options: ClientOptions = {}) {
    const session = options.session === true;
    const apiKey = session ? undefined : (options.apiKey ?? readEnv('FORMLOOM_API_KEY'));
    if (!apiKey && !session) {
      throw new FormloomError(
        'No API key: pass `apiKey` to new Formloom({ apiKey }) or set the FORMLOOM_API_KEY environment variable (or `session: true` in a page of the Formloom server).',
      );
    }
    this.baseUrl = (options.baseUrl ?? readEnv('FORMLOOM_BASE_URL') ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.timeout = options.timeout ?? DEFAULT_TIMEOUT_MS;
    this.maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
    for (const [name, value] of [
      ['timeout', this.timeout],
      ['maxRetries', this.maxRetries],
    ] as const) {
      if (!Number.isInteger(value) || value < 0)
        throw new FormloomError(`${name} must be a whole number >= 0`);
    }
    this.#transport = new Transport({
      baseUrl: this.baseUrl,
      apiKey,
      timeout: this.timeout,
      maxRetries: this.maxRetries,
      fetch: options.fetch,
      defaultHeaders: options.defaultHeaders,
    });
  }

  /** Calls one contract route and unwraps the `data` of its success envelope. @internal */
  _call<R extends RouteLike>(
    route: R,
    args: CallArgs<R> = {},
    options?: RequestOptions,
  ): APIPromise<ResultOf<R>> {
    return new APIPromise(() => this._send(route, args, options), parseEnvelope<ResultOf<R>>);
  }

  /** A paged list route as a {@link PagePromise}; `key` names the items array of the answer. @internal */
  _list<R extends RouteLike, K extends keyof ResultOf<R> & string>(
    route: R,
    args: CallArgs<R>,
    key: K,
    options?: RequestOptions,
  ): ListPromise<R, K> {
    type Data = ResultOf<R> & PageInfo;
    type Q = QueryOf<R> & PageParams;
    const fetchPage = (query: Q) => this._call(route, { ...args, query }, options) as APIPromise<Data>;
    return new PagePromise(fetchPage, (args.query ?? {}) as Q, (data) => data[key] as ItemOf<R, K>[]);
  }

  /** A route answered with server-sent events, as a {@link Stream}. @internal */
  _stream<R extends RouteLike, Item>(
    route: R,
    args: CallArgs<R>,
    parse: (event: ServerSentEvent) => Item | undefined,
    options: RequestOptions = {},
  ): Stream<Item> {
    // One controller for the stream: the caller's signal, `stream.abort()` and leaving the loop all end it.
    const controller = new AbortController();
    const outer = options.signal;
    if (outer?.aborted) controller.abort(outer.reason);
    else outer?.addEventListener('abort', () => controller.abort(outer.reason), { once: true });
    const send = () =>
      this._send(route, args, { ...options, signal: controller.signal }, 'text/event-stream');
    return Stream.fromSSEResponse(send, controller, parse);
  }

  /** Sends one route's request; resolves with the raw 2xx answer. @internal */
  _send<R extends RouteLike>(
    route: R,
    args: CallArgs<R>,
    options?: RequestOptions,
    accept?: string,
  ): Promise<Response> {
    let path: string;
    try {
      path = buildPath(route.path, args.params as Record<string, unknown> | undefined);
    } catch (error) {
      return Promise.reject(new FormloomError((error as Error).message));
    }
    return this.#transport.send({
      method: route.method,
      path,
      replayable: declaresIdempotencyKey(route, IDEMPOTENCY_KEY_HEADER),
      query: toSearchParams(args.query as object | undefined),
      body: args.body,
      ...(accept ? { accept } : {}),
      options,
    });
  }
}
