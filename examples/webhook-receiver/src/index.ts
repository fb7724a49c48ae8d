import { createReceiver } from './app.js';

// The secret the create call answered once: `(await client.webhooks.create({...})).secret`.
const secret = process.env.FORMLOOM_WEBHOOK_SECRET;
if (!secret) throw new Error('Set FORMLOOM_WEBHOOK_SECRET to the endpoint signing secret (whsec_...)');

const app = createReceiver(secret, (event) => {
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
});

const port = Number(process.env.PORT ?? 4000);
app.listen(port, () => console.log(`Listening on http://localhost:${port}/webhooks/formloom`));
