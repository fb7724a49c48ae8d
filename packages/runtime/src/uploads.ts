import {
  effectiveMaxUploadMB,
  type FileAnswer,
  formatMessage,
  mimeTypeAllowed,
} from '@formloom/contract/engine';
import type { PartialHost } from './partials.js';

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
  const result = await host.transport.upload(fieldId, file, name, onProgress);
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
