import {
  type AnswerLine,
  answerItems,
  type FileAnswer,
  type Form,
  type FormResponse,
  type Language,
  RESPONSE_FILE_PATH,
  translateSchema,
  uploadIdOf,
} from '@formloom/contract';
import { NotFoundError } from '../../domain-errors.js';
import { type PdfAnswer, type PdfEntries, renderPdf } from '../../export/pdf-document.js';
import type { FormsService } from '../forms/index.js';

/** The PDF's own words, in the language the response was given in. */
const TEXTS: Record<Language, { submitted: string; empty: string; download: string }> = {
  en: { submitted: 'Submitted', empty: 'No answers.', download: 'Download' },
  de: { submitted: 'Gesendet', empty: 'Keine Antworten.', download: 'Herunterladen' },
  es: { submitted: 'Enviado', empty: 'Sin respuestas.', download: 'Descargar' },
  it: { submitted: 'Inviato', empty: 'Nessuna risposta.', download: 'Scarica' },
  nl: { submitted: 'Verzonden', empty: 'Geen antwoorden.', download: 'Downloaden' },
  tr: { submitted: 'Gönderildi', empty: 'Yanıt yok.', download: 'İndir' },
};

/** The picture types pdfkit draws; another type's answer is its name. */
const DRAWABLE = new Set(['image/png', 'image/jpeg']);

export interface ResponsePdfDeps {
  forms: Pick<FormsService, 'get' | 'revisionSchemas'>;
  /**
   * The response `responseId` of `form`, which pdfOf has read as the account's first (tenant
   * isolation: another account's form is a 404 before any response is read).
   */
  response(form: Form, responseId: string): Promise<FormResponse>;
  /** A file answer's bytes (a drawn signature), undefined when gone. */
  fileBytes(formId: string, responseId: string, uploadId: string): Promise<Buffer | undefined>;
  /** An owner upload's bytes and type (a picture choice's picture), undefined when gone. */
  imageBytes(id: string): Promise<{ body: Buffer; type: string } | undefined>;
  /** Where this server's addresses start: a file answer links to its download. */
  publicUrl: string;
}

function isFileAnswer(answer: unknown): answer is FileAnswer {
  return typeof answer === 'object' && answer !== null && 'uploadId' in answer;
}

/**
 * A response as a PDF: the questions as its respondent saw them (the revision they answered, in
 * their language, recall applied), only those answered (a hidden field keeps no answer), a
 * signature and chosen pictures drawn, a file by its name and a link to its download.
 */
export function createResponsePdfs(deps: ResponsePdfDeps) {
  async function answerOf(formId: string, response: FormResponse, line: AnswerLine): Promise<PdfAnswer> {
    const texts = TEXTS[(response.language ?? 'en') as Language] ?? TEXTS.en;
    const raw = response.answers[line.field.id];
    const out: PdfAnswer = { kind: 'answer', label: line.label, value: line.value };
    if (isFileAnswer(raw)) {
      if (line.field.type === 'signature' && DRAWABLE.has(raw.type)) {
        const bytes = await deps.fileBytes(formId, response.id, raw.uploadId);
        if (bytes !== undefined) out.images = [bytes];
      } else if (line.field.type === 'file') {
        const path = RESPONSE_FILE_PATH.replace(':id', formId)
          .replace(':responseId', response.id)
          .replace(':uploadId', encodeURIComponent(raw.uploadId));
        out.links = [
          { text: `${texts.download}: ${raw.name}`, url: `${deps.publicUrl.replace(/\/+$/, '')}${path}` },
        ];
      }
    } else if (line.field.type === 'picture_choice') {
      const chosen = new Set(
        (Array.isArray(raw) ? raw : [raw]).filter((v): v is string => typeof v === 'string'),
      );
      const images: Buffer[] = [];
      for (const option of line.field.options ?? []) {
        const id =
          option.imageUrl === undefined || !chosen.has(option.value)
            ? undefined
            : uploadIdOf(option.imageUrl);
        // Pictures at another address are not fetched (no request leaves for a PDF); their labels say which.
        const image = id === undefined ? undefined : await deps.imageBytes(id);
        if (image !== undefined && DRAWABLE.has(image.type)) images.push(image.body);
      }
      if (images.length > 0) out.images = images;
    }
    return out;
  }

  /** The PDF of a response and a file name for it. */
  async function pdfOf(
    accountId: string,
    formId: string,
    responseId: string,
  ): Promise<{ body: Buffer; title: string }> {
    const form = await deps.forms.get(accountId, formId);
    const response = await deps.response(form, responseId);
    const revised = await deps.forms.revisionSchemas(formId, form.revision ?? null)(response.formRevision);
    const language = (response.language ?? form.schema.meta.language) as Language;
    const schema = translateSchema(revised ?? form.schema, language);
    const texts = TEXTS[language] ?? TEXTS.en;
    const items: (PdfAnswer | PdfEntries)[] = [];
    for (const item of answerItems(schema, response.answers, { variables: response.variables })) {
      if (item.kind === 'field') {
        items.push(await answerOf(formId, response, item.line));
      } else {
        items.push({
          kind: 'entries',
          title: item.title,
          entries: item.entries.map((e) => ({
            label: e.label,
            answers: e.lines.map((l) => ({ kind: 'answer', label: l.label, value: l.value })),
          })),
        });
      }
    }
    const when = new Intl.DateTimeFormat(language, {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'UTC',
    }).format(new Date(response.submittedAt));
    const body = await renderPdf({
      title: schema.meta.title || form.title,
      subtitle: `${texts.submitted} ${when} UTC · ${response.id}`,
      language,
      items,
      empty: texts.empty,
      producer: 'Formloom',
    });
    return { body, title: form.title };
  }

  return {
    pdfOf,
    /**
     * The PDF's bytes, or undefined when the response or its form is gone (deleted before the mail
     * that attaches it was sent): the owners' mail of a form with `attachPdf`.
     */
    async bodyIfAny(accountId: string, formId: string, responseId: string): Promise<Buffer | undefined> {
      try {
        return (await pdfOf(accountId, formId, responseId)).body;
      } catch (error) {
        if (error instanceof NotFoundError) return undefined;
        throw error;
      }
    },
  };
}

export type ResponsePdfs = ReturnType<typeof createResponsePdfs>;
