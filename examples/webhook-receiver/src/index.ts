import type { WebhookEvent } from '@formloom/sdk';
import { type AnalyticsCallbacks, createReceiver } from './app.js';

// The secret the create call answered once: `(await client.webhooks.create({...})).secret`.
const secret = process.env.FORMLOOM_WEBHOOK_SECRET;
if (!secret) throw new Error('Set FORMLOOM_WEBHOOK_SECRET to the endpoint signing secret (whsec_...)');

function onEvent(event: WebhookEvent) {
  switch (event.type) {
    case 'FORM_RESPONSE_CREATED':
      for (const [fieldId, { question, answer }] of Object.entries(event.data.answers)) {
        console.log(`${event.data.formTitle} / ${fieldId} "${question}": ${JSON.stringify(answer)}`);
      }
      break;
    case 'FORM_PUBLISHED':
      console.log(`${event.data.formTitle} is live at ${event.data.publicUrl}`);
      break;
    default:
      console.log(`${event.type} at ${event.created_at}`);
  }
}

// Optional: smart-analytics reports, signed with the account's analytics signing secret.
const analyticsSecret = process.env.FORMLOOM_ANALYTICS_SECRET;
const analytics: AnalyticsCallbacks | undefined = analyticsSecret
  ? {
      secret: analyticsSecret,
      onReport: (report) =>
        console.log(`Report ${report.reportId} of form ${report.formId}: ${report.status}`),
    }
  : undefined;

const app = createReceiver(secret, onEvent, analytics);

const port = Number(process.env.PORT ?? 4000);
app.listen(port, () => console.log(`Listening on http://localhost:${port}/webhooks/formloom`));
