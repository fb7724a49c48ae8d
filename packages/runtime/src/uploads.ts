import {
  effectiveMaxUploadMB,
  type FileAnswer,
  formatMessage,
  mimeTypeAllowed,
} from '@formloom/contract/engine';
import type { uploadPublicFile } from '@formloom/contract/public-routes';
import type { PartialHost } from './partials.js';
import type { CallResult } from './transport.js';

/** The upload route, as the contract's table has it, written out (as in `./access`). */
const UPLOAD_ROUTE: typeof uploadPublicFile = { method: 'POST', path: '/v1/public/forms/:code/uploads' };

/** A request by XMLHttpRequest, answered as a `Response`, telling `onProgress` the share of the body sent. */
function sendWithProgress(
  url: string,
  init: RequestInit,
  onProgress: (sent: number) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? 'GET', url);
    for (const [name, value] of Object.entries(init.headers ?? {})) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const headers = new Headers();
      const retryAfter = xhr.getResponseHeader('retry-after');
      if (retryAfter !== null) headers.set('retry-after', retryAfter);
      resolve(new Response(xhr.status === 204 ? null : xhr.responseText, { status: xhr.status, headers }));
    };
    xhr.onerror = () => reject(new TypeError('Network error'));
    xhr.onabort = xhr.onerror;
    xhr.send(init.body as XMLHttpRequestBodyInit);
  });
}

/**
 * Sends a file for a file field; the answer to submit is the stored file it returns.
 * `onProgress` hears the share sent (0 to 1): in a browser the upload then goes by
 * XMLHttpRequest, whose upload events `fetch` does not have. Here, not in the transport: a form
 * without a file field never loads it.
 */
function send(
  host: PartialHost,
  fieldId: string,
  file: Blob,
  name?: string,
  onProgress?: (sent: number) => void,
): Promise<CallResult<FileAnswer>> {
  const form = new FormData();
  // fieldId first: the server needs the field's limits before the file arrives.
  form.append('fieldId', fieldId);
  form.append('file', file, name ?? (file as { name?: string }).name ?? 'file');
  const withProgress =
    onProgress !== undefined && host.options.fetch === undefined && typeof XMLHttpRequest !== 'undefined'
      ? (url: string, init: RequestInit) => sendWithProgress(url, init, onProgress)
      : undefined;
  return host.transport.call<FileAnswer>(UPLOAD_ROUTE, { body: form }, {}, '', withProgress);
}

/**
 * Uploads a file for a file field and sets the answer to the stored file (the runtime's `upload`;
 * a chunk of its own in a browser bundle, loaded with the first upload: most forms take no file).
 * A file too large or of a type the field does not take is said at the field in the engine's
 * words, as the server would say it: before sending when the browser tells, else after its 413
 * or 415.
 */
export async function upload(
  host: PartialHost,
  fieldId: string,
  file: Blob,
  name?: string,
  onProgress?: (sent: number) => void,
): Promise<boolean> {
  const state = host.state();
  const field = state.schema?.fields.find((f) => f.id === fieldId);
  const maxMB = effectiveMaxUploadMB(field);
  const types = field?.fileConfig?.allowedTypes;
  const language = state.language ?? 'en';
  const refusal = (status: number) =>
    status === 413
      ? formatMessage(language, 'fileSize', { maxMB })
      : status === 415
        ? formatMessage(language, 'fileType', { types: types ?? [] })
        : undefined;
  const early = refusal(
    file.size > maxMB * 1024 * 1024 ? 413 : file.type !== '' && !mimeTypeAllowed(file.type, types) ? 415 : 0,
  );
  if (early !== undefined) {
    host.emit({ problem: 'invalid', ...host.shown(fieldId, [early]) });
    return false;
  }
  const result = await send(host, fieldId, file, name, onProgress);
  if (!result.ok) {
    const said = result.issues?.map((i) => i.message) ?? [];
    const late = refusal(result.status);
    if (said.length === 0 && late !== undefined) said.push(late);
    host.emit({ problem: result.problem, retryAfter: result.retryAfter, ...host.shown(fieldId, said) });
    return false;
  }
  const { uploadId, name: stored, size, type } = result.data;
  const answer: FileAnswer = { uploadId, name: stored, size, type };
  host.shown(fieldId, undefined);
  return host.set(fieldId, answer);
}
