/**
 * The texts of a form's renderers (the public page, the custom element, the React package), per
 * language: buttons, notes, progress and failures. Answer errors are not here: they come from
 * `messagesFor`, the same sentences the server answers with. `{name}`, `{page}` and `{pages}`
 * are filled in where they appear.
 */
export interface FormTexts {
  requiredNote: string;
  /** Read by screen readers after a group's legend (its `*` is hidden from them). */
  required: string;
  submit: string;
  /** The submit button of a form with a payment field: the respondent pays on Stripe's page next. */
  toPayment: string;
  sending: string;
  choose: string;
  thanksTitle: string;
  thanksBody: string;
  fixErrors: string;
  uploading: string;
  uploaded: string;
  uploadFailed: string;
  uploadProgress: string;
  networkError: string;
  genericError: string;
  tooMany: string;
  tooLarge: string;
  closedTitle: string;
  closedBody: string;
  notFoundTitle: string;
  notFoundBody: string;
  tooManyTitle: string;
  /** A page on a site the form does not name in `settings.allowedOrigins` (ORIGIN_NOT_ALLOWED). */
  originRefusedTitle: string;
  originRefusedBody: string;
  errorTitle: string;
  jsRequired: string;
  /** The no-JavaScript note of a form with a captcha (the widget runs only with JavaScript). */
  captchaJsRequired: string;
  /** The provider refused the captcha (CAPTCHA_FAILED); the widget starts over. */
  captchaFailed: string;
  honeypot: string;
  /** A paged form's buttons and progress (`{page}` of `{pages}`). */
  next: string;
  back: string;
  pageOf: string;
  progress: string;
  /** Save and resume on a paged form: the link to continue later. */
  resumeSaved: string;
  copyLink: string;
  copied: string;
  /** `/embed.js` in popup mode: the button that opens the form, and the dialog's close button. */
  openForm: string;
  closeForm: string;
  resumeExpired: string;
}

/** English, the fallback of every other language: always in the engine. */
export const formTextsEn: FormTexts = {
  requiredNote: 'Fields marked * are required.',
  required: 'required',
  submit: 'Submit',
  toPayment: 'Continue to payment',
  sending: 'Sending…',
  choose: 'Choose…',
  thanksTitle: 'Thank you!',
  thanksBody: 'Your response has been recorded.',
  fixErrors: 'Please correct the highlighted fields.',
  uploading: 'Uploading…',
  uploaded: 'Uploaded: {name}',
  uploadFailed: 'The upload failed. Please try again.',
  uploadProgress: 'Upload progress',
  networkError: 'Your answers could not be sent. Check your connection and try again.',
  genericError: 'Something went wrong. Please try again.',
  tooMany: 'Too many attempts. Please wait a minute and try again.',
  tooLarge: 'Your answers are too large to send.',
  closedTitle: 'This form is closed',
  closedBody: 'It no longer accepts responses.',
  notFoundTitle: 'Form not found',
  notFoundBody: 'The link may be mistyped, or the form is no longer published.',
  tooManyTitle: 'Too many requests',
  originRefusedTitle: "This form can't be shown here",
  originRefusedBody: 'Its owner has not allowed it on this website.',
  errorTitle: 'Something went wrong',
  jsRequired: 'This form needs JavaScript to be filled in and sent.',
  captchaJsRequired:
    'This form is protected by a captcha, which needs JavaScript: turn JavaScript on to fill it in and send it.',
  captchaFailed: 'The captcha check failed. Please try again.',
  honeypot: 'Leave this field empty',
  next: 'Next',
  back: 'Back',
  pageOf: 'Page {page} of {pages}',
  progress: 'Progress',
  resumeSaved: 'Your answers are saved. To continue later, open this link:',
  copyLink: 'Copy link',
  copied: 'Link copied.',
  openForm: 'Open the form',
  closeForm: 'Close',
  resumeExpired: 'That link to continue has expired or was already used. Please start again.',
};
