import type { Language, SubmissionQuiz } from '@formloom/contract';
import { type Answers, type CompiledForm, formPath, type VariableValues } from '@formloom/contract/engine';
import type { Db, FormRow } from '../../db/database.js';
import type { DomainError } from '../../domain-errors.js';
import type { FileAnswers } from '../uploads/index.js';
import type { CompiledForms } from './compiled-forms.js';
import { invalidAnswers } from './public-forms.js';
import { answeredQuiz, quizMarks } from './submission-ending.js';

/** Answers that passed: what a response stores of them and what its respondent is answered. */
export interface CheckedAnswers {
  /** The compiled form in the respondent's language. */
  validator: CompiledForm;
  answers: Answers;
  variables: VariableValues | undefined;
  /** The ending a jump on the path named, else the first whose conditions match (or none). */
  endingId: string | null;
  /** A quiz's marks, each question asked (undefined for other forms). */
  marks: SubmissionQuiz | undefined;
  /** The marks the respondent is answered (`answeredQuiz`). */
  quiz: SubmissionQuiz | undefined;
}

export interface AnswerCheckDeps {
  compiled: CompiledForms;
  /** File answers: resolved to the stored uploads before validating. */
  files?: FileAnswers | undefined;
}

/**
 * The one check of a respondent's answers, for a submission and for an edit alike: file answers
 * resolved to their uploads (an edit may keep the response's own), validated by the engine in
 * the respondent's language, and the variables, the ending and a quiz's marks computed from the
 * validated answers, never taken from the client. A refusal is the 400 naming each finding.
 */
export function createAnswerCheck({ compiled, files }: AnswerCheckDeps) {
  return async function checkAnswers(
    trx: Db,
    form: FormRow,
    language: Language,
    sent: unknown,
    nowIso: string,
    /** An edit: the response whose own uploads its answers may keep. */
    responseId?: string,
  ): Promise<{ ok: true; checked: CheckedAnswers } | { ok: false; error: DomainError }> {
    const validator = compiled.get(form, language);
    const resolved = files
      ? await files.resolve(trx, form, validator.schema, sent, nowIso, responseId)
      : sent;
    const checked = validator.validate(resolved);
    if (!checked.ok) return { ok: false, error: invalidAnswers(checked.errors) };
    // A form without endings has none to reach: its answers take no second pass.
    const endingId =
      (validator.schema.settings?.endings?.length ?? 0) > 0 ? formPath(validator, resolved).endingId : null;
    const marks = quizMarks(validator, checked.value);
    return {
      ok: true,
      checked: {
        validator,
        answers: checked.value,
        variables: checked.variables,
        endingId,
        marks,
        quiz: answeredQuiz(validator, marks),
      },
    };
  };
}

export type CheckAnswers = ReturnType<typeof createAnswerCheck>;
