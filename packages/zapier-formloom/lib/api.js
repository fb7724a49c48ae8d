'use strict';

/**
 * What every operation shares: the server's address from the connection, the API key on every
 * request, the error envelope turned into a message a Zap's user can act on, and responses shaped
 * the one way both a hook's delivery and a poll give them.
 */

/** The server's origin as the user typed it, without a trailing slash. */
function baseUrl(bundle) {
  return String(bundle.authData.baseUrl || '').replace(/\/+$/, '');
}

/** `beforeRequest`: the API key as a bearer token. */
function addApiKey(request, _z, bundle) {
  request.headers = request.headers || {};
  request.headers.authorization = `Bearer ${bundle.authData.apiKey}`;
  return request;
}

/**
 * `afterResponse`: a refusal with the server's own message (the envelope's `message`), so a Zap's
 * history says why; 401 as an expired connection, which Zapier asks the user to reconnect.
 */
function explainErrors(response, z) {
  if (response.skipThrowForStatus || response.status < 400) return response;
  let message = `Formloom answered ${response.status}`;
  let code = 'FormloomError';
  try {
    const body = JSON.parse(response.content);
    if (typeof body?.message === 'string') message = `${message}: ${body.message}`;
    if (typeof body?.error === 'string') code = body.error;
  } catch {
    // Not JSON (a proxy's page): the status says enough.
  }
  if (response.status === 401) throw new z.errors.RefreshAuthError(message);
  throw new z.errors.Error(message, code, response.status);
}

/** The data of a success envelope (`{message, data, error: null}`). */
function dataOf(response) {
  return response.data.data;
}

/**
 * A response as the triggers and the search give it: the webhook event's shape (answers beside
 * their questions), with `id` for Zapier's de-duplication.
 */
function responseItem({ form, response }) {
  const labels = new Map((form.schema?.fields || []).map((f) => [f.id, f.label]));
  const answers = {};
  for (const [fieldId, answer] of Object.entries(response.answers || {})) {
    answers[fieldId] = { question: labels.get(fieldId) ?? fieldId, answer };
  }
  return {
    id: response.id,
    responseId: response.id,
    formId: form.id,
    formTitle: form.title,
    submittedAt: response.submittedAt,
    answers,
  };
}

module.exports = { addApiKey, baseUrl, dataOf, explainErrors, responseItem };
