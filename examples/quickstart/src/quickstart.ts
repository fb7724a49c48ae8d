import Formloom, { type FormResponse, NotFoundError } from '@formloom/sdk';

export interface QuickstartResult {
  formId: string;
  shareCode: string;
  responses: FormResponse[];
}

/**
 * The quickstart: create a form from a schema, publish it, submit a response the way the public
 * page does, and read the responses back.
 */
export async function quickstart(client: Formloom, log: (line: string) => void = console.log) {
  const me = await client.me.retrieve();
  log(`Account ${me.account.name} on the ${me.plan} plan, ${me.usage.remaining} calls left this month`);

  // 1. Create a draft form from a schema.
  const form = await client.forms.create({
    title: 'Quickstart feedback',
    schema: {
      version: '1.0',
      schemaVersion: '2025-01-01',
      meta: { title: 'Quickstart feedback', language: 'en' },
      sections: [{ id: 'main', title: 'Your feedback', order: 1 }],
      fields: [
        { id: 'email', sectionId: 'main', type: 'email', label: 'Email', order: 1, required: true },
        {
          id: 'rating',
          sectionId: 'main',
          type: 'radio',
          label: 'How was it?',
          order: 2,
          required: true,
          options: [
            { label: 'Great', value: 'great' },
            { label: 'Fine', value: 'fine' },
            { label: 'Poor', value: 'poor' },
          ],
        },
      ],
    },
  });
  log(`Created form ${form.id} (${form.publishStatus})`);

  // 2. Add a field, then publish: the result carries the share code and the public URL.
  await client.forms.fields.create(form.id, {
    id: 'comment',
    sectionId: 'main',
    type: 'textarea',
    label: 'Anything else?',
    order: 3,
  });
  const published = await client.forms.publish(form.id);
  log(`Published at ${published.publicUrl}`);

  // 3. Submit a response, as the public form page would (no API key is needed for this route).
  const submitted = await client.public.submitResponse(published.shareUrl, {
    answers: { email: 'ada@example.com', rating: 'great', comment: 'Smooth.' },
  });
  log(`Submitted response ${submitted.responseId}`);

  // 4. Read the responses: `for await` walks every page.
  const responses: FormResponse[] = [];
  for await (const response of client.responses.list(form.id, { limit: 100 })) responses.push(response);
  const { count } = await client.responses.count(form.id);
  log(`${count} response(s); the first answered ${JSON.stringify(responses[0]?.answers)}`);

  // Every result carries the parsed rate-limit headers.
  log(`Hourly requests left: ${published._rateLimit.remaining ?? 'unknown'}`);

  // Typed errors: a form that does not exist is a NotFoundError.
  try {
    await client.forms.retrieve('00000000-0000-4000-8000-000000000000');
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    log(`As expected: ${error.status} ${error.code}`);
  }

  return { formId: form.id, shareCode: published.shareUrl, responses } satisfies QuickstartResult;
}
