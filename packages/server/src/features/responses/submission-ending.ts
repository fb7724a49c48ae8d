import type { FormSchema, SubmitResponseResult } from '@formloom/contract';
import { endingScreen } from '@formloom/contract/engine';
import type { ResponseRow } from '../../db/database.js';
import { fromJson } from '../../db/json.js';

/** What answering a stored submission again reads of its row. */
export type StoredSubmission = Pick<
  ResponseRow,
  'id' | 'submitted_at' | 'ending_id' | 'language' | 'answers' | 'variables'
>;

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
    ending: endingScreen(schemaIn(row.language), endingId, { answers, variables }),
  };
}
