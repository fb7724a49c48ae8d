import type { SubmitResponseResult } from '@formloom/contract';
import type { Db } from '../../db/database.js';
import { conflict, type DomainError } from '../../domain-errors.js';
import { createIdempotencyStore, type IdempotencyStore, idempotencyExpiry } from '../../idempotency/index.js';
import type { StoredSubmission } from './submission-ending.js';

/** What a retry under a used key gets: the first submission's result, or a refusal. */
export type ReplayOutcome =
  | { kind: 'answered'; result: SubmitResponseResult }
  | { kind: 'refused'; error: DomainError };

export interface SubmissionReplayDeps {
  /** The idempotency keys as seen by a submission's transaction. */
  keysIn?: (trx: Db) => Pick<IdempotencyStore, 'findSubmission' | 'forgetSubmission'>;
}

/** Idempotent submissions: a retry under the same key gets the first submission's answer. */
export function createSubmissionReplay({ keysIn = createIdempotencyStore }: SubmissionReplayDeps = {}) {
  return {
    /**
     * The first submission under this key as the outcome, if any; refused when it had other
     * answers (`print` is the answers' fingerprint). A key past its expiry (the same rule as the
     * create routes') is forgotten here, in the submission's transaction `trx`, and then the key
     * is free.
     */
    async replay(
      trx: Db,
      formId: string,
      key: string,
      print: string,
      nowIso: string,
      /** The answer to the stored submission (submission-ending.ts `submissionResult`). */
      answer: (stored: StoredSubmission) => SubmitResponseResult,
    ): Promise<ReplayOutcome | undefined> {
      const keys = keysIn(trx);
      const existing = await keys.findSubmission(formId, key);
      if (existing === undefined) return undefined;
      if (idempotencyExpiry(existing.submitted_at) <= nowIso) {
        await keys.forgetSubmission(existing.id);
        return undefined;
      }
      if (existing.idempotency_fingerprint !== print) {
        return {
          kind: 'refused',
          error: conflict(
            'This Idempotency-Key was already used with other answers; use a new key for a new submission',
          ),
        };
      }
      return { kind: 'answered', result: answer(existing) };
    },
  };
}

export type SubmissionReplay = ReturnType<typeof createSubmissionReplay>;
