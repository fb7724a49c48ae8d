import { hashSecret } from '../../crypto/secret-hash.js';
import type { Db } from '../../db/database.js';
import { fromJson, toJson } from '../../db/json.js';
import { conflict } from '../../domain-errors.js';

/**
 * Quiz attempts (docs/form-model.md "Quizzes"): the answers a respondent had marked, one per
 * question, the first one kept. Keyed by the hash of the attempt token, within one form.
 */
export function createQuizAttemptsStore(db: Db) {
  return {
    /** The answers marked under `token` for the form; undefined for an unknown or expired token. */
    async marked(
      formId: string,
      token: string,
      nowIso: string,
    ): Promise<Record<string, unknown> | undefined> {
      return (await this.read(formId, token, nowIso))?.answers;
    },
    async read(
      formId: string,
      token: string,
      nowIso: string,
    ): Promise<{ answers: Record<string, unknown>; text: string } | undefined> {
      const row = await db
        .selectFrom('quiz_attempts')
        .select(['answers', 'form_id', 'expires_at'])
        .where('token_hash', '=', hashSecret(token))
        .executeTakeFirst();
      if (row === undefined || row.form_id !== formId || row.expires_at <= nowIso) return undefined;
      return { answers: fromJson<Record<string, unknown>>(row.answers), text: row.answers };
    },
    /**
     * Adds a question's first answer unless the attempt has one: compare-and-set on the stored
     * text, so two questions marked at once both stay. Answers the answer now kept for the question.
     */
    async keep(
      formId: string,
      token: string,
      nowIso: string,
      fieldId: string,
      answer: unknown,
    ): Promise<{ answer: unknown; locked: boolean } | undefined> {
      for (let tries = 0; tries < 5; tries++) {
        const current = await this.read(formId, token, nowIso);
        if (current === undefined) return undefined;
        if (Object.hasOwn(current.answers, fieldId))
          return { answer: current.answers[fieldId], locked: true };
        const updated = await db
          .updateTable('quiz_attempts')
          .set({ answers: toJson({ ...current.answers, [fieldId]: answer }) })
          .where('token_hash', '=', hashSecret(token))
          .where('answers', '=', current.text)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 1) return { answer, locked: false };
      }
      throw conflict('The attempt is being marked by another request; try again');
    },
    /** A new attempt with its first marked answer. */
    async create(
      formId: string,
      token: string,
      answers: Record<string, unknown>,
      nowIso: string,
      expiresAt: string,
    ): Promise<void> {
      await db
        .insertInto('quiz_attempts')
        .values({
          token_hash: hashSecret(token),
          form_id: formId,
          answers: toJson(answers),
          created_at: nowIso,
          expires_at: expiresAt,
        })
        .execute();
    },
    async purgeExpired(nowIso: string): Promise<number> {
      const result = await db
        .deleteFrom('quiz_attempts')
        .where('expires_at', '<=', nowIso)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
