import type { FormSchema, QuizResult, ResponsePayment, WebhookAnswer } from '@formloom/contract';
import { isEntry, type VariableValues } from '@formloom/contract/engine';
import type { FormRow } from '../db/database.js';
import type { OutboxEvent } from '../outbox/record.js';

/**
 * FORM_RESPONSE_CREATED: each answer beside its field's label (`{fieldId: {question, answer}}`), a
 * repeating section's list of entries as stored beside the section's title, with `entries`: each
 * entry's answers beside their labels. The computed `variables` when the form declares any (other
 * forms' payloads keep their shape), and a quiz's marks.
 */
export function responseCreatedEvent(
  form: Pick<FormRow, 'id' | 'account_id' | 'title'>,
  schema: FormSchema,
  response: EventResponse,
): OutboxEvent {
  return {
    accountId: form.account_id,
    type: 'FORM_RESPONSE_CREATED',
    createdAt: response.submitted_at,
    data: responseData(form, schema, response),
  };
}

/**
 * FORM_RESPONSE_UPDATED: a respondent edited the response through its edit link. The data of
 * FORM_RESPONSE_CREATED with the answers as they are now, and when it was submitted and edited.
 */
export function responseUpdatedEvent(
  form: Pick<FormRow, 'id' | 'account_id' | 'title'>,
  schema: FormSchema,
  response: EventResponse & { updated_at: string },
): OutboxEvent {
  return {
    accountId: form.account_id,
    type: 'FORM_RESPONSE_UPDATED',
    createdAt: response.updated_at,
    data: {
      ...responseData(form, schema, response),
      submittedAt: response.submitted_at,
      updatedAt: response.updated_at,
    },
  };
}

/** A response as its events describe it. */
interface EventResponse {
  id: string;
  submitted_at: string;
  answers: Record<string, unknown>;
  variables?: VariableValues | undefined;
  quiz?: QuizResult | undefined;
  payment?: ResponsePayment | undefined;
}

function responseData(
  form: Pick<FormRow, 'id' | 'account_id' | 'title'>,
  schema: FormSchema,
  response: EventResponse,
) {
  const labels = new Map(schema.fields.map((f) => [f.id, f.label]));
  const repeating = new Set(schema.sections.filter((s) => s.repeat !== undefined).map((s) => s.id));
  const labelled = (entry: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(entry).map(([id, answer]) => [id, { question: labels.get(id) ?? id, answer }]),
    );
  const answers: Record<string, WebhookAnswer> = {};
  for (const [id, answer] of Object.entries(response.answers)) {
    if (repeating.has(id) && Array.isArray(answer)) {
      const title = schema.sections.find((s) => s.id === id)?.title ?? id;
      // An entry that is no object (never stored: submissions are validated) keeps its place, empty.
      answers[id] = { question: title, answer, entries: answer.map((e) => labelled(isEntry(e) ? e : {})) };
    } else {
      answers[id] = { question: labels.get(id) ?? id, answer };
    }
  }
  return {
    formId: form.id,
    formTitle: form.title,
    responseId: response.id,
    answers,
    ...(response.variables === undefined ? {} : { variables: response.variables }),
    ...(response.quiz === undefined ? {} : { quiz: response.quiz }),
    ...(response.payment === undefined ? {} : { payment: response.payment }),
  };
}
