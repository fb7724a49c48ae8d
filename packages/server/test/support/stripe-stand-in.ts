import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the part of Stripe's API the payments feature uses, spoken as Stripe speaks
 * it (form-encoded bodies with bracketed keys, JSON answers, `{error: {type, code, message}}`),
 * so the official `stripe` client talks to it unchanged: Checkout Sessions (create, retrieve),
 * PaymentIntents (retrieve) and refunds. Each secret key sees only its own objects, as each Stripe
 * account does. `pay` is what a respondent does on Stripe's page (and the stand-in Checkout page
 * at `checkoutUrl` does it too, posting back to the session's `success_url`); `signed` makes a
 * webhook body with its `Stripe-Signature` header as Stripe signs it.
 */
export interface StandInSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  url: string;
  amount_total: number;
  currency: string;
  payment_status: 'unpaid' | 'paid';
  status: 'open' | 'complete' | 'expired';
  payment_intent: string | null;
  metadata: Record<string, string>;
  client_reference_id: string | null;
  customer_email: string | null;
  success_url: string;
  cancel_url: string;
  line_items_sent: unknown;
  livemode: false;
}

export interface StandInRequest {
  method: string;
  path: string;
  secretKey: string;
  idempotencyKey: string | undefined;
  body: Record<string, unknown>;
}

export interface StripeStandIn {
  /** `http://127.0.0.1:<port>`: FORMLOOM_STRIPE_API_BASE. */
  readonly url: string;
  readonly requests: StandInRequest[];
  session(id: string): StandInSession | undefined;
  /** Pays the session, as its customer would on Stripe's page: a PaymentIntent and its charge. */
  pay(id: string): StandInSession;
  /** Changes what the session says of itself (a session of another amount, another form). */
  tamper(id: string, changes: Partial<StandInSession>): void;
  /** The charge of a PaymentIntent: amount and refunded so far. */
  charge(paymentIntentId: string): { id: string; amount: number; amount_refunded: number; currency: string };
  /**
   * Holds the next answer to `method path` until `release()`: `arrived` resolves once the request
   * came, so a test can stop the server between Stripe's answer and what the server does with it.
   */
  hold(method: string, path: string): { arrived: Promise<void>; release(): void };
  /** A webhook body for `type` with `object`, and its signature under `secret`. */
  signed(type: string, object: unknown, secret: string): { body: string; signature: string };
  close(): Promise<void>;
}

/** `a[b][0][c]=1` as `{a: {b: [{c: '1'}]}}`, as Stripe reads its form-encoded bodies. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/[[\]]+/).filter((p) => p !== '');
    let at: Record<string, unknown> = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) {
        at[part] = value;
        return;
      }
      const next = path[i + 1]!;
      at[part] ??= /^\d+$/.test(next) ? [] : {};
      at = at[part] as Record<string, unknown>;
    });
  }
  return out;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  /** Objects by id, each with the secret key that made it. */
  const sessions = new Map<string, StandInSession & { key: string }>();
  const intents = new Map<
    string,
    { key: string; amount: number; currency: string; charge: string; refunded: number }
  >();
  /** Answers by idempotency key, as Stripe replays a retried POST. */
  const replays = new Map<string, unknown>();
  const requests: StandInRequest[] = [];
  const holds = new Map<string, { came: () => void; released: Promise<void> }>();
  let base = '';

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    res.end(JSON.stringify(body));
  };
  const missing = (res: ServerResponse, what: string) =>
    send(res, 404, {
      error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` },
    });

  function pay(sessionId: string): StandInSession {
    const session = sessions.get(sessionId);
    if (session === undefined) throw new Error(`no session ${sessionId}`);
    if (session.payment_status === 'paid') return session;
    const intent = id('pi');
    intents.set(intent, {
      key: session.key,
      amount: session.amount_total,
      currency: session.currency,
      charge: id('ch'),
      refunded: 0,
    });
    Object.assign(session, { payment_status: 'paid', status: 'complete', payment_intent: intent });
    return session;
  }

  const publicSession = ({ key: _key, ...session }: StandInSession & { key: string }) => session;

  async function api(req: IncomingMessage, res: ServerResponse, path: string) {
    const auth = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (auth === undefined || !/^(sk|rk)_test_/.test(auth)) {
      send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      return;
    }
    const body = req.method === 'POST' ? parseStripeForm(await readBody(req)) : {};
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    requests.push({ method: req.method ?? '', path, secretKey: auth, idempotencyKey, body });
    const replayKey = idempotencyKey === undefined ? undefined : `${auth} ${idempotencyKey}`;
    if (replayKey !== undefined && replays.has(replayKey)) {
      send(res, 200, replays.get(replayKey));
      return;
    }
    let answer: unknown;
    const sessionPath = /^\/v1\/checkout\/sessions\/(\w+)$/.exec(path);
    const intentPath = /^\/v1\/payment_intents\/(\w+)$/.exec(path);
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const items = body.line_items as { quantity: string; price_data: Record<string, unknown> }[];
      const price = items[0]!.price_data;
      const session: StandInSession & { key: string } = {
        key: auth,
        id: id('cs'),
        object: 'checkout.session',
        mode: String(body.mode),
        url: '',
        amount_total: Number(price.unit_amount) * Number(items[0]!.quantity),
        currency: String(price.currency),
        payment_status: 'unpaid',
        status: 'open',
        payment_intent: null,
        metadata: (body.metadata ?? {}) as Record<string, string>,
        client_reference_id: (body.client_reference_id as string | undefined) ?? null,
        customer_email: (body.customer_email as string | undefined) ?? null,
        success_url: String(body.success_url),
        cancel_url: String(body.cancel_url),
        line_items_sent: items,
        livemode: false,
      };
      session.url = `${base}/checkout/${session.id}`;
      sessions.set(session.id, session);
      answer = publicSession(session);
    } else if (req.method === 'GET' && sessionPath !== null) {
      const session = sessions.get(sessionPath[1]!);
      if (session === undefined || session.key !== auth)
        return missing(res, `checkout.session: '${sessionPath[1]}'`);
      answer = publicSession(session);
    } else if (req.method === 'GET' && intentPath !== null) {
      const intent = intents.get(intentPath[1]!);
      if (intent === undefined || intent.key !== auth)
        return missing(res, `payment_intent: '${intentPath[1]}'`);
      answer = {
        id: intentPath[1],
        object: 'payment_intent',
        amount: intent.amount,
        currency: intent.currency,
        status: 'succeeded',
        latest_charge: intent.charge,
      };
    } else if (req.method === 'POST' && path === '/v1/refunds') {
      const intentId = String(body.payment_intent);
      const intent = intents.get(intentId);
      if (intent === undefined || intent.key !== auth) return missing(res, `payment_intent: '${intentId}'`);
      const amount = body.amount === undefined ? intent.amount - intent.refunded : Number(body.amount);
      if (amount <= 0 || intent.refunded + amount > intent.amount) {
        send(res, 400, {
          error: {
            type: 'invalid_request_error',
            code: 'charge_already_refunded',
            message: 'Refund too large',
          },
        });
        return;
      }
      intent.refunded += amount;
      answer = {
        id: id('re'),
        object: 'refund',
        amount,
        currency: intent.currency,
        payment_intent: intentId,
        charge: intent.charge,
        status: 'succeeded',
      };
    } else {
      send(res, 404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path})` },
      });
      return;
    }
    if (replayKey !== undefined) replays.set(replayKey, answer);
    const held = holds.get(`${req.method} ${path}`);
    if (held !== undefined) {
      holds.delete(`${req.method} ${path}`);
      held.came();
      await held.released;
    }
    send(res, 200, answer);
  }

  /** Stripe's hosted page, as little of it as a test needs: the amount and a Pay button. */
  async function checkoutPage(req: IncomingMessage, res: ServerResponse, sessionId: string) {
    const session = sessions.get(sessionId);
    if (session === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('No such session');
      return;
    }
    if (req.method === 'POST') {
      pay(sessionId);
      res
        .writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) })
        .end();
      return;
    }
    const amount = `${session.amount_total} ${session.currency.toUpperCase()}`;
    // Its icon is none: a browser would ask the API for /favicon.ico, refused without a key.
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stand-in Checkout</title><link rel="icon" href="data:,"></head>
<body><main><h1>Pay ${amount}</h1>
<form method="post" action="/checkout/${session.id}"><button type="submit">Pay</button></form>
<p><a href="${session.cancel_url}">Back</a></p></main></body></html>`);
  }

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
    const page = /^\/checkout\/([\w]+)$/.exec(path);
    const done = page === null ? api(req, res, path) : checkoutPage(req, res, page[1]!);
    done.catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, { error: { type: 'api_error', message: String(error) } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    requests,
    session: (sessionId) => {
      const session = sessions.get(sessionId);
      return session === undefined ? undefined : publicSession(session);
    },
    pay: (sessionId) => publicSession(pay(sessionId) as StandInSession & { key: string }),
    tamper(sessionId, changes) {
      Object.assign(sessions.get(sessionId)!, changes);
    },
    charge(paymentIntentId) {
      const intent = intents.get(paymentIntentId)!;
      return {
        id: intent.charge,
        amount: intent.amount,
        amount_refunded: intent.refunded,
        currency: intent.currency,
      };
    },
    hold(method, path) {
      let came = () => {};
      let release = () => {};
      const arrived = new Promise<void>((resolve) => {
        came = resolve;
      });
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      holds.set(`${method} ${path}`, { came, released });
      return { arrived, release };
    },
    signed(type, object, secret) {
      const body = JSON.stringify({
        id: id('evt'),
        object: 'event',
        type,
        api_version: null,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object },
      });
      return { body, signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret }) };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
