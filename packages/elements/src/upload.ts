import type { Field } from '@formloom/contract';
import type { FormTexts } from '@formloom/contract/engine';
import type { FormRuntime } from '@formloom/runtime';
import type { Dom } from './dom.js';
import { ids } from './markup/ids.js';

/**
 * What the upload code needs of the element, handed over on each call. This module is its own
 * chunk, loaded with a form that has a file or signature field (most have neither: not in the
 * element's start).
 */
export interface UploadHost {
  runtime: FormRuntime;
  dom: Dom;
  texts: FormTexts;
  /** Uploads under way, by field id: the element waits for them before submitting. */
  pending: Map<string, Promise<unknown>>;
  /** Refusals by field id, shown at the field until another file is chosen (the runtime knows only stored files). */
  refused: Map<string, string>;
  /** Draws the runtime's current state. */
  draw(): void;
  emit(name: string, detail: unknown): void;
}

/** A file field's upload box: under way (`name` null) or stored. A family that uploads (a signature) shows its answer itself. */
export function showUpload(host: UploadHost, field: Field, name: string | null): void {
  const { dom, texts } = host;
  const box = dom.byId(ids.upload(field.id));
  if (box === null) return;
  box.hidden = false;
  dom.byId<HTMLProgressElement>(ids.progress(field.id))!.value = name === null ? 0 : 100;
  dom.byId(ids.uploadStatus(field.id))!.textContent =
    name === null ? texts.uploading : texts.uploaded.replace('{name}', name);
}

/**
 * A chosen file (or a family's, see `FamilyHost`) is uploaded at once (the runtime checks its size
 * and type first, as the server will); `undefined` clears the answer; `extra` joins the stored
 * answer. A later call for the field supersedes this one. A refused file input is emptied and the
 * refusal said at the field.
 */
export async function upload(
  host: UploadHost,
  field: Field,
  file: Blob | Promise<Blob | undefined> | undefined,
  name?: string,
  extra?: object,
): Promise<void> {
  const { runtime, dom, pending } = host;
  host.refused.delete(field.id);
  runtime.setAnswer(field.id, undefined);
  const box = dom.byId(ids.upload(field.id));
  if (box !== null) box.hidden = true;
  const bar = dom.byId<HTMLProgressElement>(ids.progress(field.id));
  const sending: Promise<boolean | undefined> = Promise.resolve(file).then((blob) => {
    if (blob === undefined || pending.get(field.id) !== sending) return undefined;
    showUpload(host, field, null);
    return runtime.upload(field.id, blob, name, (sent) => {
      if (bar !== null && pending.get(field.id) === sending) bar.value = Math.round(sent * 100);
    });
  });
  pending.set(field.id, sending);
  const stored = await sending.catch(() => false);
  if (pending.get(field.id) !== sending) return;
  pending.delete(field.id);
  const state = runtime.getState();
  if (stored === undefined) return host.draw();
  if (stored) {
    const answer = { ...(state.answers[field.id] as { name: string }), ...extra };
    if (extra !== undefined) runtime.setAnswer(field.id, answer);
    if (box !== null) showUpload(host, field, answer.name);
    else dom.write(field, answer);
    host.emit('change', { fieldId: field.id, value: answer });
    return;
  }
  if (box !== null) {
    box.hidden = true;
    dom.byId<HTMLInputElement>(ids.control(field.id))!.value = '';
  }
  const { texts } = host;
  // The runtime says a refused size or type at the field (before sending, or after the server's
  // 413 or 415); else the problem's text.
  host.refused.set(
    field.id,
    state.errors[field.id]?.join(' ') ||
      (state.problem === 'rate_limited' ? texts.tooMany : texts.uploadFailed),
  );
  host.draw();
}
