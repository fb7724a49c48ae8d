import { createHash } from 'node:crypto';
import { hashSecret } from '../../crypto/secret-hash.js';
import type { Db, FormRow } from '../../db/database.js';
import { sqlDialectOf } from '../../db/dialect.js';
import { fromJson } from '../../db/json.js';
import { RespondentRefusedError } from '../../domain-errors.js';
import type { VerificationTokens } from '../../platform/form-access/index.js';
import type { Respondent, RespondentGate } from '../responses/index.js';
import { createLinksStore } from './links-store.js';

/** The advisory lock of one address of one form: 48 bits of a hash, a safe integer. */
function addressLock(formId: string, address: string): number {
  return Number.parseInt(createHash('sha256').update(`${formId}\n${address}`).digest('hex').slice(0, 12), 16);
}

/**
 * One response per person, as a submission checks it (docs/server.md "Access rules"): a personal
 * link answers once in every mode (an unknown or revoked one is refused); with `oneResponse:
 * "link"` a submission needs one; with `"email"` it needs a verification token, and each address
 * answers once.
 */
export function createRespondentGate({
  verificationTokens,
}: {
  verificationTokens: VerificationTokens;
}): RespondentGate {
  return {
    async check(trx: Db, form: FormRow, proof, _nowIso) {
      const mode = form.access_one_response;
      const store = createLinksStore(trx);
      const respondent: Respondent = {};
      if (proof.linkToken !== undefined) {
        const link = await store.byTokenHash(form.id, hashSecret(proof.linkToken));
        if (link === undefined)
          return new RespondentRefusedError('This link is unknown or was revoked', 'LINK_REQUIRED');
        respondent.linkId = link.id;
        if (link.prefill !== null) respondent.prefill = fromJson<Record<string, string>>(link.prefill);
        respondent.answered = link.used_at !== null;
      } else if (mode === 'link') {
        return new RespondentRefusedError(
          'This form takes answers through personal links only',
          'LINK_REQUIRED',
        );
      }
      if (mode === 'email') {
        const address = verificationTokens.addressOf(proof.verificationToken, form.id);
        if (address === undefined) {
          return new RespondentRefusedError(
            'This form takes one answer per e-mail address: verify yours first (verificationToken missing, wrong or expired)',
            'VERIFICATION_REQUIRED',
          );
        }
        // Two submissions from one address take turns until the first commits (PostgreSQL; SQLite
        // has one writer): the second then sees the first's response. The unique index stays the backstop.
        await sqlDialectOf(trx).lockUntilCommit(trx, addressLock(form.id, address));
        respondent.verifiedEmail = address;
        if (await store.answeredFrom(form.id, address)) respondent.answered = true;
      }
      return respondent;
    },

    claim(trx, linkId, responseId, nowIso) {
      return createLinksStore(trx).use(linkId, responseId, nowIso);
    },
  };
}
