import { type Contract, contract, RESPONSE_FILE_PATH } from '@formloom/contract';
import type { ListPromise } from '../client.js';
import type { APIPromise } from '../core/api-promise.js';
import { type ExportedFile, exportedFile } from '../core/export-file.js';
import type { BodyOf, QueryOf, ResultOf, RouteLike } from '../internal/route.js';
import type { RequestOptions } from '../internal/transport.js';
import { APIResource } from '../resource.js';

const routes = contract.responses;
/** The file download is served beside the contract's routes (it answers bytes, not an envelope). */
const fileRoute = { method: 'GET', path: RESPONSE_FILE_PATH, responses: {} } as const satisfies RouteLike;
type R = Contract['responses'];
type P = Contract['payments'];

/** Submitted responses of a form: `{id, formId, answers, submittedAt}`, answers keyed by field id. */
export class Responses extends APIResource {
  /**
   * A page of a form's responses; filter with `since` (strictly after), `startDate` / `endDate`
   * (inclusive) or `search` (text some answer contains, ignoring case).
   *
   * ```ts
   * for await (const response of client.responses.list(formId, { since })) save(response);
   * ```
   */
  list(
    formId: string,
    query: QueryOf<R['listResponses']> = {},
    options?: RequestOptions,
  ): ListPromise<R['listResponses'], 'responses'> {
    return this._client._list(routes.listResponses, { params: { id: formId }, query }, 'responses', options);
  }

  retrieve(
    formId: string,
    responseId: string,
    options?: RequestOptions,
  ): APIPromise<ResultOf<R['getResponse']>> {
    return this._client._call(routes.getResponse, { params: { id: formId, responseId } }, options);
  }

  /**
   * The answers a respondent replaced by editing the response through its edit link (`allowEdit`),
   * newest first; a response's `updatedAt` says when it was last edited.
   *
   * ```ts
   * const { revisions } = await client.responses.history(formId, responseId);
   * ```
   */
  history(
    formId: string,
    responseId: string,
    options?: RequestOptions,
  ): APIPromise<ResultOf<R['getResponseHistory']>> {
    return this._client._call(routes.getResponseHistory, { params: { id: formId, responseId } }, options);
  }

  /**
   * Every response of the form as a file, oldest first: `csv` by default, `json` or `xlsx`
   * (`bom: 'true'` starts a csv with a UTF-8 byte order mark for Excel; `startDate` / `endDate`
   * narrow it as in `list`). csv and xlsx have a column per field (options by label, files by
   * name) and per variable; json is an array of responses as `list` returns them. The server
   * streams it page by page; `body` is the file as a web stream, never held in memory whole.
   *
   * ```ts
   * import { createWriteStream } from 'node:fs';
   * import { Readable } from 'node:stream';
   * import { pipeline } from 'node:stream/promises';
   *
   * const file = await client.responses.export(formId, { format: 'xlsx' });
   * await pipeline(Readable.fromWeb(file.body), createWriteStream(file.fileName ?? 'responses.xlsx'));
   * ```
   */
  async export(
    formId: string,
    query: QueryOf<R['exportResponses']> = {},
    options?: RequestOptions,
  ): Promise<ExportedFile> {
    const response = await this._client._send(
      routes.exportResponses,
      { params: { id: formId }, query },
      options,
      '*/*',
    );
    return exportedFile(response);
  }

  /**
   * The response as a PDF: the questions as its respondent saw them, their answers, a signature
   * and chosen pictures drawn, a file by its name and a link to its download.
   *
   * ```ts
   * const pdf = await client.responses.pdf(formId, responseId);
   * await pipeline(Readable.fromWeb(pdf.body), createWriteStream(pdf.fileName ?? 'response.pdf'));
   * ```
   */
  async pdf(formId: string, responseId: string, options?: RequestOptions): Promise<ExportedFile> {
    const response = await this._client._send(
      routes.getResponsePdf,
      { params: { id: formId, responseId } },
      options,
      'application/pdf',
    );
    return exportedFile(response);
  }

  /**
   * Deletes the response for good, with its uploaded files (recorded in the audit log).
   *
   * ```ts
   * await client.responses.delete(formId, responseId);
   * ```
   */
  delete(
    formId: string,
    responseId: string,
    options?: RequestOptions,
  ): APIPromise<ResultOf<R['deleteResponse']>> {
    return this._client._call(routes.deleteResponse, { params: { id: formId, responseId } }, options);
  }

  /**
   * Refunds a paid response's payment through Stripe: all that is left of it, or `amount` (in the
   * currency's minor units). Answers the payment with its new status.
   *
   * ```ts
   * const payment = await client.responses.refund(formId, responseId, { amount: 500 });
   * payment.status; // 'partially_refunded'
   * ```
   */
  refund(
    formId: string,
    responseId: string,
    body: BodyOf<P['refundPayment']> = {},
    options?: RequestOptions,
  ): APIPromise<ResultOf<P['refundPayment']>> {
    return this._client._call(
      contract.payments.refundPayment,
      { params: { id: formId, responseId }, body },
      options,
    );
  }

  /**
   * The bytes of a file answer (`answers[fieldId].uploadId`) of a stored response, streamed;
   * `fileName` is the header's ASCII form of the name: the answer's `name` is the exact one.
   *
   * ```ts
   * const answer = response.answers.photo as FileAnswer;
   * const file = await client.responses.downloadFile(formId, response.id, answer.uploadId);
   * await pipeline(Readable.fromWeb(file.body), createWriteStream(answer.name));
   * ```
   */
  async downloadFile(
    formId: string,
    responseId: string,
    uploadId: string,
    options?: RequestOptions,
  ): Promise<ExportedFile> {
    const response = await this._client._send(
      fileRoute,
      { params: { id: formId, responseId, uploadId } },
      options,
      '*/*',
    );
    return exportedFile(response);
  }

  /** `{count}`: responses stored for the form. */
  count(formId: string, options?: RequestOptions): APIPromise<ResultOf<R['countResponses']>> {
    return this._client._call(routes.countResponses, { params: { id: formId } }, options);
  }
}
