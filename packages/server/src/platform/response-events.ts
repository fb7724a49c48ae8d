import type { FormSchema, WebhookAnswer } from '@formloom/contract';
import type { VariableValues } from '@formloom/contract/engine';
import type { FormRow } from '../db/database.js';
import type { OutboxEvent } from '../outbox/record.js';

/**
 * FORM_RESPONSE_CREATED: each answer beside its field's label (`{fieldId: {question, answer}}`),
 * and the computed `variables` when the form declares any (other forms' payloads keep their shape).
 */
export function responseCreatedEvent(
  form: FormRow,
  schema: FormSchema,
  response: {
    id: string;
    submitted_at: string;
    answers: Record<string, unknown>;
    variables?: VariableValues | undefined;
  },
): OutboxEvent {
  const labels = new Map(schema.fields.map((f) => [f.id, f.label]));
  const answers: Record<string, WebhookAnswer> = {};
  for (const [fieldId, answer] of Object.entries(response.answers)) {
    answers[fieldId] = { question: labels.get(fieldId) ?? fieldId, answer };
  }
  return {
    accountId: form.account_id,
    type: 'FORM_RESPONSE_CREATED',
    createdAt: response.submitted_at,
    data: {
      formId: form.id,
      formTitle: form.title,
      responseId: response.id,
      answers,
      ...(response.variables === undefined ? {} : { variables: response.variables }),
    },
  };
}
