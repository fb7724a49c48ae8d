import { isLanguage } from '@formloom/contract';
import { editTime, type RespondentTexts, respondentTextsFor } from '@formloom/runtime/respondent';

/**
 * The texts of a respondent's edit of their response (`allowEdit`): the link on the thank-you
 * page and until when it works, the note on the form while editing, and the pages of a link that
 * does not work or whose time has passed. `{time}` is filled in where it appears. The embeds say
 * the same (`@formloom/runtime/respondent`).
 */
export type EditPageTexts = Pick<
  RespondentTexts,
  'editLink' | 'editUntil' | 'editing' | 'goneTitle' | 'goneBody' | 'closedTitle' | 'closedBody'
>;

export function editPageTextsFor(language: string): EditPageTexts {
  return respondentTextsFor(isLanguage(language) ? language : 'en');
}

/** An edit window's end as a person reads it in `language`: date and time, in UTC, said so. */
export { editTime };
