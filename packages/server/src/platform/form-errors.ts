import { FormClosedError, notFound } from '../domain-errors.js';

/** No published form under the share code (public routes, uploads): the same 404 everywhere. */
export const formGone = () => notFound('No published form under this code');
/** The form is there but takes no more responses: the same 409 FORM_CLOSED everywhere. */
export const formClosed = () =>
  new FormClosedError('This form accepts no more responses (it has expired or is full)');
