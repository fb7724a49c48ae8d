import type { FormSchema, SubmissionEnding, SubmitResponseResult } from '@formloom/contract';
import { recallText } from '@formloom/contract/engine';
import type { ResponseRow } from '../../db/database.js';
import { fromJson } from '../../db/json.js';

/** What answering a stored submission again reads of its row. */
export type StoredSubmission = Pick<
  ResponseRow,
  'id' | 'submitted_at' | 'ending_id' | 'language' | 'answers' | 'variables'
>;

/**
 * What the respondent sees once a response is stored (docs/form-model.md "Jumps and endings"):
 * the ending `endingId` names, or the form's `settings.completion` when it is null (or names an
 * ending the form no longer has). `schema` is the form in the respondent's language; the title and
 * message recall the stored answers and variables, as text.
 */
export function submissionEnding(
  schema: FormSchema,
  endingId: string | null,
  answers: Readonly<Record<string, unknown>>,
  variables: Readonly<Record<string, number | string>> | undefined,
): SubmissionEnding {
  const reached = endingId === null ? undefined : schema.settings?.endings?.find((e) => e.id === endingId);
  const shown = reached ?? schema.settings?.completion;
  const ending: SubmissionEnding = {};
  const context = { schema, answers, variables };
  if (reached?.title !== undefined) ending.title = recallText(reached.title, context);
  if (shown?.message !== undefined) ending.message = recallText(shown.message, context);
  if (shown?.redirectUrl !== undefined) ending.redirectUrl = shown.redirectUrl;
  return ending;
}

/**
 * The answer to a stored submission, for the submission itself and for whatever answers it again
 * (a retry under its idempotency key, a partial completed by it). `schemaIn` gives the form in a
 * language (the respondent's, as stored).
 */
export function submissionResult(
  row: StoredSubmission,
  schemaIn: (language: string | null) => FormSchema,
): SubmitResponseResult {
  const endingId = row.ending_id ?? null;
  const answers = fromJson<Record<string, unknown>>(row.answers);
  const variables = row.variables === null ? {} : fromJson<Record<string, number | string>>(row.variables);
  return {
    responseId: row.id,
    submittedAt: row.submitted_at,
    endingId,
    ending: submissionEnding(schemaIn(row.language), endingId, answers, variables),
  };
}
