import type { Readable } from 'node:stream';
import type { Field, FormSchema, UploadResult } from '@formloom/contract';
import { SCHEMA_LIMITS } from '@formloom/contract';
import busboy from 'busboy';
import type { Request } from 'express';
import type { FormRow } from '../../db/database.js';
import { badRequest, tooLarge } from '../../domain-errors.js';
import { MULTIPART_OVERHEAD_BYTES } from '../../platform/multipart.js';
import type { UploadsService } from '../uploads/index.js';
import { PageExpiredError } from './plain-post-refusals.js';

/** The signed token's input: it must come before any file (the page renders it first). */
export const TOKEN_FIELD = 'fl_token';

export interface PlainPostBody {
  /** Every text part by name, in order (a checkbox posts one part per choice). */
  fields: Map<string, string[]>;
  /** The files chosen in this post, stored: by file field id. */
  files: Map<string, UploadResult>;
}

export interface PlainPostLimits {
  /** The text parts together (the JSON routes' body limit). */
  maxTextBytes: number;
}

const CAP_BYTES = SCHEMA_LIMITS.maxUploadMB * 1024 * 1024;

/**
 * The largest plain post of a form: its answers as text (the JSON body limit) and one file per
 * file field at the server's cap, each with the upload route's room for framing.
 */
export function maxPlainPostBytes(schema: FormSchema, { maxTextBytes }: PlainPostLimits): number {
  const files = schema.fields.filter((f) => f.type === 'file').length;
  return maxTextBytes + files * (CAP_BYTES + MULTIPART_OVERHEAD_BYTES) + MULTIPART_OVERHEAD_BYTES;
}

/**
 * Reads a form page's plain multipart post (no JavaScript). Files go through the uploads service
 * as the upload route's do (the field's size and type rules, stored while they stream), at most
 * one per file field, and only after a valid `fl_token`; text parts count against the JSON
 * routes' body limit. An empty file part (no file chosen) is skipped.
 */
export function readPlainPost(
  req: Request,
  form: FormRow,
  schema: FormSchema,
  uploads: UploadsService,
  limits: PlainPostLimits,
  tokenValid: (token: string) => Promise<boolean>,
): Promise<PlainPostBody> {
  const fileFields = new Map<string, Field>(
    schema.fields.filter((f) => f.type === 'file').map((f) => [f.id, f]),
  );
  return new Promise((resolve, reject) => {
    const fields = new Map<string, string[]>();
    const files = new Map<string, UploadResult>();
    const saving: Promise<unknown>[] = [];
    let token: Promise<boolean> | undefined;
    let textBytes = 0;
    let settled = false;
    const streams = new Set<Readable>();
    let parser: ReturnType<typeof busboy>;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      // A file still streaming fails its storage write, which cleans up.
      for (const stream of streams) stream.destroy(error instanceof Error ? error : new Error(String(error)));
      reject(error);
    };
    try {
      parser = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        limits: {
          fieldSize: limits.maxTextBytes,
          files: fileFields.size,
          fileSize: CAP_BYTES + 1,
          headerPairs: 20,
        },
      });
    } catch {
      reject(badRequest('Malformed multipart body: the Content-Type has no boundary'));
      return;
    }
    parser.on('field', (name, value, info) => {
      if (settled) return;
      textBytes += Buffer.byteLength(name) + Buffer.byteLength(value);
      if (info.valueTruncated || textBytes > limits.maxTextBytes) {
        fail(tooLarge('The answers are larger than the server takes'));
        return;
      }
      if (name === TOKEN_FIELD) token = tokenValid(value);
      fields.set(name, [...(fields.get(name) ?? []), value]);
    });
    parser.on('file', (name, stream: Readable, info) => {
      // Its failures reach the post through the save's promise; destroying it must not throw.
      stream.on('error', () => undefined);
      const field = fileFields.get(name);
      // No file chosen: browsers send an empty part without a name.
      if (
        settled ||
        field === undefined ||
        files.has(name) ||
        info.filename === undefined ||
        info.filename === ''
      ) {
        stream.resume();
        return;
      }
      if (token === undefined) {
        stream.resume();
        fail(new PageExpiredError());
        return;
      }
      streams.add(stream);
      const saved = token.then(async (valid) => {
        if (!valid) throw new PageExpiredError();
        const upload = await uploads.save(form, field, stream, info);
        files.set(name, upload);
      });
      saved.catch((error: unknown) => {
        stream.resume();
        fail(error);
      });
      saving.push(saved);
    });
    parser.on('filesLimit', () =>
      fail(badRequest(`Send at most ${fileFields.size} files, one per file field`)),
    );
    parser.on('fieldsLimit', () => fail(tooLarge('The answers are larger than the server takes')));
    parser.on('partsLimit', () => fail(tooLarge('The answers are larger than the server takes')));
    parser.on('error', () => fail(badRequest('Malformed multipart body')));
    parser.on('close', () => {
      if (settled) return;
      Promise.all(saving).then(() => {
        if (settled) return;
        settled = true;
        resolve({ fields, files });
      }, fail);
    });
    req.on('aborted', () => fail(badRequest('The form was not received completely')));
    req.pipe(parser);
  });
}
