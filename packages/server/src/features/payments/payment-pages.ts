import { STRIPE_WEBHOOK_PATH, successBody } from '@formloom/contract';
import express, { type Router } from 'express';
import type { PaymentsService } from './payments-service.js';

/** Stripe's events are small (a session, a charge, a dispute); a larger body is not Stripe's. */
const WEBHOOK_BODY_LIMIT = '512kb';

/**
 * Stripe's webhook, beside the contract's routes: its signature is over the body's bytes as they
 * came, so the body is read raw here (the JSON routes' parser never sees it) and verified with the
 * account's webhook secret before anything in it is read.
 */
export function createPaymentPages({ payments }: { payments: PaymentsService }): Router {
  const router = express.Router();
  router.post(
    STRIPE_WEBHOOK_PATH,
    express.raw({ type: () => true, limit: WEBHOOK_BODY_LIMIT }),
    async (req, res, next) => {
      try {
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        await payments.webhook(String(req.params.accountId), body, req.get('stripe-signature'));
        res.status(200).json(successBody({ received: true }, 'Event received'));
      } catch (error) {
        next(error);
      }
    },
  );
  return router;
}
