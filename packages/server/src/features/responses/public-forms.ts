import type { FormSchema } from '@formloom/contract';
import { checkAnswerTypes, type ValidationIssue } from '@formloom/contract/engine';
import type { Db, FormRow } from '../../db/database.js';
import { isoNow } from '../../db/json.js';
import { badRequest } from '../../domain-errors.js';
import type { Wake } from '../../jobs/wake.js';
import { type AccessTokens, checkFormAccess } from '../../platform/form-access/index.js';
import { formClosed, formGone } from '../../platform/form-errors.js';
import { SHARE_CODE_PATTERN } from '../../platform/share-code.js';
import type { FormsService, SubmissionForms } from '../forms/index.js';
import type { CompiledForms } from './compiled-forms.js';
import type { ResponseCounts } from './response-counts.js';

/** The engine's findings as a 400 naming the first field, with one issue per finding. */
export function invalidAnswers(errors: readonly ValidationIssue[]) {
  const first = errors[0]!;
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
  return badRequest(
    `Invalid answer${first.fieldId ? ` to "${first.fieldId}"` : ''}: ${first.message}${more}`,
    errors.map((e) => ({
      path: e.fieldId ? `body.answers.${e.fieldId}` : 'body.answers',
      code: e.rule,
      message: e.message,
      fieldId: e.fieldId,
    })),
  );
}

export interface PublicFormsDeps {
  db: Db;
  clock: () => Date;
  compiled: CompiledForms;
  /** The forms feature's view of the forms behind share codes (`FormsService.submissionForms`). */
  forms: Pick<FormsService, 'submissionForms'>;
  /** Archives a form that is due (expired or full) as it is read. */
  counts: Pick<ResponseCounts, 'archivedIfDue'>;
  /** The outbox wake-up, for the event of a form archived as it is read. */
  outbox?: Wake | undefined;
  /** The unlock tokens of password-protected forms, checked with the request's (`formAccessTokens`). */
  accessTokens: AccessTokens;
}

/** The form behind a share code, as the public routes and a submission read it. */
export function createPublicForms({
  db,
  clock,
  compiled,
  forms,
  counts,
  outbox,
  accessTokens,
}: PublicFormsDeps) {
  const formsStore = forms.submissionForms(db, db, outbox);

  /**
   * The form behind a share code when it is PUBLISHED or ARCHIVED (archived first when due);
   * a draft, deleted or unknown form is a 404. `forms` is the store to read and write through,
   * so a submission can do this inside its transaction, as of its own submission time. Every
   * public route of a form reads it here or in `submissionFormIn`, which check its access rules
   * (`checkFormAccess`: not open yet, or locked without the request's unlock token).
   */
  async function publicFormIn(forms: SubmissionForms, code: string, nowIso: string): Promise<FormRow> {
    if (!SHARE_CODE_PATTERN.test(code)) throw formGone();
    const row = await forms.findByShareCode(code);
    if (row === undefined || row.publish_status === 'DRAFT') throw formGone();
    checkFormAccess(accessTokens, row, nowIso);
    return counts.archivedIfDue(forms, row, nowIso);
  }

  /**
   * As `publicFormIn`, for a submission, with undefined for a form that is gone: when the
   * validator of the form's current version is cached, the form is read without its `schema`
   * text (the cached text of that version is the same); otherwise it is read whole.
   */
  async function submissionFormIn(
    forms: SubmissionForms,
    code: string,
    nowIso: string,
  ): Promise<FormRow | undefined> {
    const row = await ungatedFormIn(forms, code, nowIso);
    if (row !== undefined) checkFormAccess(accessTokens, row, nowIso);
    return row;
  }

  /** As `submissionFormIn` without the access rules: for what any caller may know (its origins). */
  async function ungatedFormIn(
    forms: SubmissionForms,
    code: string,
    nowIso: string,
  ): Promise<FormRow | undefined> {
    if (!SHARE_CODE_PATTERN.test(code)) return undefined;
    const head = await forms.findByShareCodeWithoutSchema(code);
    if (head === undefined || head.publish_status === 'DRAFT') return undefined;
    const schema = compiled.schemaText(head.id, head.version);
    // Read again in the same transaction: the same row, now with its schema.
    const row = schema === undefined ? await forms.findByShareCode(code) : { ...head, schema };
    return row === undefined ? undefined : counts.archivedIfDue(forms, row, nowIso);
  }

  /** The form behind `code` as a submission reads it now; throws a NotFoundError for one that is gone. */
  async function liveForm(code: string, read = submissionFormIn): Promise<FormRow> {
    const form = await read(formsStore, code, isoNow(clock()));
    if (form === undefined) throw formGone();
    return form;
  }

  return {
    submissionFormIn,

    publicForm: (code: string) => publicFormIn(formsStore, code, isoNow(clock())),

    /**
     * The origins the form behind `code` lets call its public routes (`settings.allowedOrigins`),
     * undefined when it names none; from the cached validator's schema while its version is cached.
     * Throws a NotFoundError for a form that is gone. Not behind the access rules: the CORS answer
     * comes before them, so that a page on an allowed origin can read a 401 or 409.
     */
    async allowedOrigins(code: string): Promise<readonly string[] | undefined> {
      return compiled.get(await liveForm(code, ungatedFormIn)).schema.settings?.allowedOrigins;
    },

    /**
     * For a draft of answers (a partial response): the form behind `code` when it accepts
     * responses, and its base schema, once the answers' types pass (`checkAnswerTypes`: the
     * submission's validator, required-ness and rules left out). 404 for a form that is gone, 409
     * for an archived one, 400 naming the answers of a wrong type.
     */
    async draftForm(code: string, answers: unknown): Promise<{ form: FormRow; schema: FormSchema }> {
      // Read as a submission reads it: without the schema text while its version is cached.
      const form = await liveForm(code);
      if (form.publish_status !== 'PUBLISHED') throw formClosed();
      const compiledForm = compiled.get(form);
      const checked = checkAnswerTypes(compiledForm, answers);
      if (!checked.ok) throw invalidAnswers(checked.errors);
      return { form, schema: compiledForm.schema };
    },
  };
}

export type PublicForms = ReturnType<typeof createPublicForms>;
