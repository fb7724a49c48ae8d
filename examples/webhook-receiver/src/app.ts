import {
  type SmartAnalyticsCallback,
  verifyAnalyticsCallback,
  verifyWebhook,
  type WebhookEvent,
  WebhookVerificationError,
} from '@formloom/sdk';
import express, { type Express } from 'express';

/** The optional smart-analytics callback route: the account's analytics signing secret and a handler. */
export interface AnalyticsCallbacks {
  secret: string;
  onReport: (report: SmartAnalyticsCallback) => void;
}

/**
 * An express app with one webhook route. The route reads the body raw: a signature covers the
 * exact bytes sent, so the body is verified first and parsed by `verifyWebhook` afterwards.
 */
export function createReceiver(
  secret: string,
  onEvent: (event: WebhookEvent) => void,
  analytics?: AnalyticsCallbacks,
): Express {
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

  // The `callbackUrl` of `client.analytics.smartAnalytics(formId, { callbackUrl })`. The signature has
  // no timestamp: de-duplicate by `reportId`.
  if (analytics) {
    app.post('/callbacks/analytics', express.raw({ type: 'application/json' }), async (req, res) => {
      try {
        const report = await verifyAnalyticsCallback({
          payload: req.body as Buffer,
          headers: req.headers,
          secret: analytics.secret,
        });
        analytics.onReport(report);
        res.sendStatus(204);
      } catch (error) {
        if (error instanceof WebhookVerificationError) {
          res.status(400).json({ error: error.reason });
          return;
        }
        res.sendStatus(500);
      }
    });
  }
  return app;
}
