import type { Field } from '@formloom/contract';
import { type FileAnswer, formatMessage, mimeTypeAllowed } from '@formloom/contract/engine';
import { byId } from './dom.js';
import { ids, type PageData } from './page-data.js';

/**
 * The file fields of the page: each chosen file is uploaded at once (XHR, for its upload progress
 * events), with a progress bar per field; the answer is what the server stored.
 */
export function createUploads(
  data: PageData,
  language: string,
  showError: (field: Field, message: string | null) => void,
) {
  const answers = new Map<string, FileAnswer>();
  const pending = new Map<string, Promise<unknown>>();

  const sizeMessage = (field: Field) =>
    formatMessage(language, 'fileSize', { maxMB: data.uploadLimits[field.id]?.maxMB ?? 10 });
  const typeMessage = (field: Field) =>
    formatMessage(language, 'fileType', { types: field.fileConfig?.allowedTypes ?? [] });

  function failureMessage(field: Field, status: number): string {
    if (status === 413) return sizeMessage(field);
    if (status === 415) return typeMessage(field);
    if (status === 429) return data.texts.tooMany;
    return data.texts.uploadFailed;
  }

  function send(field: Field, file: File, progress: HTMLProgressElement): Promise<FileAnswer> {
    return new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', `${data.api}/uploads`);
      xhr.responseType = 'json';
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) progress.value = Math.round((event.loaded / event.total) * 100);
      };
      xhr.onload = () => {
        const stored = (xhr.response as { data?: FileAnswer } | null)?.data;
        if (xhr.status === 201 && stored) {
          resolve({ uploadId: stored.uploadId, name: stored.name, size: stored.size, type: stored.type });
        } else {
          reject(new Error(failureMessage(field, xhr.status)));
        }
      };
      xhr.onerror = () => reject(new Error(data.texts.uploadFailed));
      const body = new FormData();
      // fieldId first: the server needs the field's limits before the file arrives.
      body.append('fieldId', field.id);
      body.append('file', file);
      xhr.send(body);
    });
  }

  async function choose(field: Field, input: HTMLInputElement): Promise<void> {
    answers.delete(field.id);
    const box = byId(ids.upload(field.id));
    const progress = byId<HTMLProgressElement>(ids.progress(field.id));
    const status = byId(ids.uploadStatus(field.id));
    if (box === null || progress === null || status === null) return;
    const file = input.files?.[0];
    box.hidden = true;
    if (file === undefined) return;
    const patterns = field.fileConfig?.allowedTypes;
    let refusal: string | null = null;
    if (file.size > (data.uploadLimits[field.id]?.maxBytes ?? Number.POSITIVE_INFINITY))
      refusal = sizeMessage(field);
    // The browser's guess from the name; the server checks the content itself.
    else if (file.type !== '' && !mimeTypeAllowed(file.type, patterns)) refusal = typeMessage(field);
    showError(field, refusal);
    if (refusal !== null) {
      input.value = '';
      return;
    }
    progress.value = 0;
    status.textContent = data.texts.uploading;
    box.hidden = false;
    const upload = send(field, file, progress);
    pending.set(field.id, upload);
    try {
      const answer = await upload;
      if (pending.get(field.id) !== upload) return;
      answers.set(field.id, answer);
      progress.value = 100;
      status.textContent = data.texts.uploaded.replace('{name}', answer.name);
    } catch (error) {
      if (pending.get(field.id) !== upload) return;
      box.hidden = true;
      input.value = '';
      showError(field, (error as Error).message);
    } finally {
      if (pending.get(field.id) === upload) pending.delete(field.id);
    }
  }

  /** A file stored before (a resumed partial's answer): kept as the answer and shown as uploaded. */
  function restore(field: Field, answer: FileAnswer): void {
    const box = byId(ids.upload(field.id));
    const progress = byId<HTMLProgressElement>(ids.progress(field.id));
    const status = byId(ids.uploadStatus(field.id));
    answers.set(field.id, answer);
    if (box === null || progress === null || status === null) return;
    progress.value = 100;
    status.textContent = data.texts.uploaded.replace('{name}', answer.name);
    box.hidden = false;
  }

  return {
    choose,
    restore,
    /** The stored file of a field, if its upload finished. */
    answerOf: (fieldId: string) => answers.get(fieldId),
    /** Resolves once no upload is running. */
    settled: async () => {
      while (pending.size > 0) await Promise.allSettled([...pending.values()]);
    },
  };
}
