import type { CaptchaProvider, Form, FormSchema, Language } from '@formloom/contract';
import { translationKeys } from '@formloom/contract/engine';
import type { Db, FormUpdate } from '../../db/database.js';
import { isoNow, toJson } from '../../db/json.js';
import { conflict } from '../../domain-errors.js';
import type { Wake } from '../../jobs/wake.js';
import { recordAudit } from '../../platform/audit/index.js';
import { schemaOf } from '../../platform/form-schema.js';
import { formNotFound } from './form-editing.js';
import { toForm } from './form-mapping.js';
import { nextRevision } from './form-revision-rule.js';
import { createFormRevisionsStore } from './form-revisions-store.js';
import { createFormsStore } from './forms-store.js';
import { assertSchemaSound } from './schema-check.js';

export interface FormTranslationsDeps {
  db: Db;
  clock: () => Date;
  outbox?: Wake | undefined;
  /** The captcha providers this server verifies: a form may only use one of them (default: none). */
  captchaProviders?: readonly CaptchaProvider[] | undefined;
}

/** Writing a language's texts into a form's schema, inside an AI job's transaction. */
export function createFormTranslations({ db, clock, outbox, captchaProviders = [] }: FormTranslationsDeps) {
  return {
    /**
     * Writes texts into one language (`translations.<language>`) in `trx`: an AI job's
     * transaction, which commits with it. A text the language has stays, unless `overwrite`; keys
     * the form no longer has (it was edited while the job ran) are left out; the schema is checked
     * like any edit. 404 when the form is gone, 409 when it changed under the transaction.
     */
    async setTranslations(
      accountId: string,
      id: string,
      language: Language,
      texts: Readonly<Record<string, string>>,
      trx: Db,
      { overwrite = false }: { overwrite?: boolean } = {},
    ): Promise<Form> {
      const row = await createFormsStore(trx, db, outbox).find(accountId, id);
      if (row === undefined) throw formNotFound(id);
      const schema = schemaOf(row);
      const known = new Set(translationKeys(schema).map((t) => t.key));
      const written = Object.fromEntries(Object.entries(texts).filter(([key]) => known.has(key)));
      // Read in this transaction: a text typed while the job ran is kept too.
      const stored = Object.fromEntries(
        Object.entries(schema.translations?.[language] ?? {}).filter(
          ([key, text]) => known.has(key) && text.trim() !== '',
        ),
      );
      const table = overwrite ? { ...stored, ...written } : { ...written, ...stored };
      const next: FormSchema = { ...schema, translations: { ...schema.translations, [language]: table } };
      assertSchemaSound(next, undefined, captchaProviders);
      const nowIso = isoNow(clock());
      const values: FormUpdate = { schema: toJson(next), updated_at: nowIso };
      const revision = await nextRevision(createFormRevisionsStore(trx), row, values, nowIso);
      if (revision !== undefined) values.revision = revision.revision;
      if (
        !(await createFormsStore(trx, db, outbox).updateVersion(accountId, id, Number(row.version), values))
      ) {
        throw conflict(`Form ${id} was changed meanwhile; translate it again`);
      }
      await recordAudit(trx, accountId, 'form.translated', { type: 'form', id }, clock);
      if (revision !== undefined) await createFormRevisionsStore(trx).insert(id, revision);
      return toForm({ ...row, ...values, version: Number(row.version) + 1 });
    },
  };
}
