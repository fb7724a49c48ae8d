import { type Contract, contract } from '@formloom/contract';
import type { APIPromise } from '../core/api-promise.js';
import type { ResultOf } from '../internal/route.js';
import type { RequestOptions } from '../internal/transport.js';
import { APIResource } from '../resource.js';

const routes = contract.uploads;
type U = Contract['uploads'];

/** Images the account uploads for its forms: `{id, contentType, size, createdAt}`. */
export class Uploads extends APIResource {
  /**
   * Uploads an image (PNG, JPEG, GIF or WebP by its content, at most 5 MB) and answers its id;
   * name it in a schema as `upload:<id>` (a picture choice option's `imageUrl`). An image no form
   * of the account names is deleted a day after its upload.
   *
   * ```ts
   * import { readFile } from 'node:fs/promises';
   *
   * const image = await client.uploads.create(await readFile('red.png'), { fileName: 'red.png' });
   * options.push({ label: 'Red', value: 'red', imageUrl: `upload:${image.id}` });
   * ```
   */
  create(
    file: Blob | ArrayBuffer | Uint8Array,
    params: { fileName?: string } = {},
    options?: RequestOptions,
  ): APIPromise<ResultOf<U['createUpload']>> {
    const body = new FormData();
    const blob = file instanceof Blob ? file : new Blob([file as BlobPart]);
    const named = typeof File !== 'undefined' && file instanceof File ? file.name : 'image';
    body.append('file', blob, params.fileName ?? named);
    // The body is multipart: the transport sends a FormData as it is.
    return this._client._call(routes.createUpload, { body: body as never }, options);
  }
}
