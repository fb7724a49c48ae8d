import { verifyWebhook, type WebhookEvent, WebhookVerificationError } from '@formloom/sdk';
import express, { type Express } from 'express';

/**
 * An express app with one webhook route. The route reads the body raw: a signature covers the
 * exact bytes sent, so the body is verified first and parsed by `verifyWebhook` afterwards.
 */
export function createReceiver(secret: string, onEvent: (event: WebhookEvent) => void): Express {
  const app = express();
  app.post('/webhooks/formloom', express.raw({ type: 'application/json' }), async (req, res) => {
    try {
      const event = await verifyWebhook({ payload: req.body as Buffer, headers: req.headers, secret });
      onEvent(event);
      res.sendStatus(204);
    } catch (error) {
      if (error instanceof WebhookVerificationError) {
        res.status(400).json({ error: error.reason });
        return;
      }
      res.sendStatus(500);
    }
  });
  return app;
}
