import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { assertStorageKey, assertStoragePrefix, type Storage } from './storage.js';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible service's URL (MinIO, R2, a local stand-in); absent: AWS S3 itself. */
  endpoint?: string | undefined;
  /** Path-style URLs (`<endpoint>/<bucket>/<key>`), which most S3-compatible services need. */
  forcePathStyle?: boolean | undefined;
  /** Prepended to every key (`formloom/`), so one bucket can hold other things too. */
  prefix?: string | undefined;
  /** Absent: the SDK's default chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, profiles, roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
}

async function collect(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return error instanceof NoSuchKey || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

/**
 * Files in an S3-compatible bucket, so every instance behind a load balancer sees the same files.
 * An upload is read whole (a field's files are at most 10 MB) before one PutObject, so a body that
 * fails half-way (a size limit, a client that went away) writes nothing, and no reader ever sees
 * half a file.
 */
export function createS3Storage(options: S3StorageOptions): Storage {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint === undefined ? {} : { endpoint: options.endpoint }),
    forcePathStyle: options.forcePathStyle ?? false,
    ...(options.credentials === undefined ? {} : { credentials: options.credentials }),
    // Plain bodies with a Content-MD5-free PUT: what every S3-compatible service accepts.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const prefix = options.prefix ?? '';
  const Bucket = options.bucket;
  const keyOf = (key: string) => {
    assertStorageKey(key);
    return `${prefix}${key}`;
  };

  return {
    async put(key, body) {
      // Watch for errors before the first await (see Storage.put); collect() reports them.
      body.on('error', () => {});
      const Key = keyOf(key);
      const bytes = await collect(body);
      await client.send(new PutObjectCommand({ Bucket, Key, Body: bytes, ContentLength: bytes.length }));
      return { size: bytes.length };
    },

    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
        return answer.Body as Readable;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },

    async deletePrefix(keyPrefix) {
      assertStoragePrefix(keyPrefix);
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: `${prefix}${keyPrefix}`, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key !== undefined)
            await client.send(new DeleteObjectCommand({ Bucket, Key: object.Key }));
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token !== undefined);
    },
  };
}
