/**
 * `@formloom/runtime/payment`: a form with a payment field (docs/payments.md). The runtime loads
 * this part for such a form only. It takes over the submission: the answers go to the payment
 * route, which validates them as a submission would (a refusal comes back as one, issues and all),
 * keeps them until paid and answers the address of Stripe Checkout; the respondent is sent there,
 * and the response is stored once Stripe has taken the payment (on the server's page Stripe comes
 * back to, or by Stripe's webhook).
 *
 * The runtime's `onCheckout` option lets a host go to that address itself; without one the top
 * window goes there (Stripe's page cannot be shown in a frame). While it goes, the state keeps
 * `status: 'submitting'` and names the address in `checkoutUrl`.
 *
 * ```ts
 * const form = createFormRuntime({ code, api, onCheckout: (url) => router.navigate(url) });
 * ```
 */
import type { StartedPayment } from '@formloom/contract';
import type { startPayment } from '@formloom/contract/public-routes';
import type { PartialHost } from './partials.js';
import type { CallResult, Transport } from './transport.js';

/**
 * The route, as the contract's table has it (its type holds the two equal), written out: the
 * table would be a chunk of its own that every form's start then loads (as in `./access`).
 */
const START: typeof startPayment = { method: 'POST', path: '/v1/public/forms/:code/payments' };

/** Transports this part took over already (a form loads again once a password opened it). */
const taken = new WeakSet<Transport>();

/**
 * Sends the browser to Stripe Checkout: the top window, as Stripe's page refuses to be framed. A
 * frame of another site may only set its top's `href` (not call `assign`); a sandboxed frame that
 * may not navigate its top opens the page in a new tab instead.
 */
export function goToCheckout(url: string): void {
  try {
    if (window.top === window) location.assign(url);
    else window.top!.location.href = url;
  } catch {
    open(url, '_blank', 'noopener');
  }
}

/** Runs `then` once, when the page comes back from the back-forward cache (`pageshow`, persisted). */
function onceRestored(then: () => void): void {
  if (typeof addEventListener !== 'function') return;
  const back = (event: PageTransitionEvent) => {
    if (!event.persisted) return;
    removeEventListener('pageshow', back);
    then();
  };
  addEventListener('pageshow', back);
}

/**
 * Takes over the transport's submissions (and a saved partial's completion) for a payment form:
 * each starts a payment. A refusal is answered as the submission's would be; once started, the
 * respondent is sent to Checkout and the call does not settle (the page is going away, or the
 * host's `onCheckout` took the respondent on).
 */
export function takeOver(host: PartialHost): void {
  const { transport, options } = host;
  if (taken.has(transport)) return;
  taken.add(transport);
  const start = async (
    answers: Record<string, unknown>,
    body: { language?: string | undefined; quizAttempt?: string | undefined },
    headers: Record<string, string> = {},
  ): Promise<CallResult<never>> => {
    // A payment's start takes a submission's body but for a quiz's attempt (marked on completion).
    const { quizAttempt: _, ...rest } = body;
    const started = await transport.call<StartedPayment>(START, {
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ ...rest, answers }),
    });
    if (!started.ok) return started;
    const url = started.data.checkoutUrl;
    host.emit({ checkoutUrl: url });
    if (options.onCheckout !== undefined) options.onCheckout(url);
    else {
      // Back from Checkout through the browser's back-forward cache, the page returns as it left,
      // submitting: the form is ready to send again (a new payment), not stuck.
      onceRestored(() => host.emit({ status: 'ready', checkoutUrl: undefined }));
      goToCheckout(url);
    }
    return new Promise<never>(() => {});
  };
  transport.submit = (body, _key, headers) => start(body.answers, body, headers);
  // A saved partial's completion sends every answer, an emptied one as null: a payment's start
  // takes the answers given.
  transport.completePartial = (_token, body, headers) =>
    start(
      Object.fromEntries(Object.entries(body.answers).filter(([, value]) => value !== null)),
      body,
      headers,
    );
}
