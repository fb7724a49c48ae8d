/**
 * `@formloom/elements/markup`: the form's markup as pure strings (no DOM, importable in Node), for
 * `<formloom-form>`'s shadow root and the server's public page alike, and its escaping `html` tag.
 */

/** The stylesheet the element and the public page use, for a host that renders the same markup (the dashboard's preview). */
export { STYLE } from '../style.js';
export { ALL_FAMILIES, FAMILY_STYLE } from './families/index.js';
export { type Families, type Family, type FieldView, familyOf, SEED_FIELD } from './family.js';
export {
  type FormMarkupOptions,
  type FormView,
  honeypot,
  type PlainMarkup,
  pageOf,
  renderForm,
  type Shown,
} from './form.js';
export { escapeHtml, html, SafeHtml } from './html.js';
export {
  HONEYPOT_HEADER,
  HONEYPOT_INPUT_ID,
  HONEYPOT_INPUT_NAME,
  ids,
  SERVED_DATA_ID,
  type ServedForm,
} from './ids.js';
export {
  entriesIn,
  entryPairs,
  PLAIN_ACTION_FIELD,
  type PlainAction,
  type PlainPost,
  type PostedState,
  plainPostMarkup,
  postedAnswer,
  postedPairs,
  postedValues,
} from './plain-post.js';
export { QUIZ_STYLE, quizMarksMarkup, quizMarkText } from './quiz.js';
export {
  type EntryAction,
  entryCountName,
  entryField,
  entryFieldsOf,
  entryName,
  parseEntryAction,
  REPEAT_STYLE,
  tally,
} from './repeat.js';
