import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
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
  return e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

type S3Sdk = typeof import('@aws-sdk/client-s3');

/**
 * Files in an S3-compatible bucket, so every instance behind a load balancer sees the same files.
 * An upload is read whole (a field's files are at most 10 MB) before one PutObject, so a body that
 * fails half-way (a size limit, a client that went away) writes nothing, and no reader ever sees
 * half a file.
 */
export function createS3Storage(options: S3StorageOptions): Storage {
  // The AWS SDK is loaded on the first file operation, not with the server: it is some megabytes
  // of code (and, bundled, a dozen chunks of its own) that a server on the local disk never runs.
  let client: Promise<{ s3: S3Client; aws: S3Sdk }> | undefined;
  const connect = () =>
    (client ??= import('@aws-sdk/client-s3').then((aws) => ({
      aws,
      s3: new aws.S3Client({
        region: options.region,
        ...(options.endpoint === undefined ? {} : { endpoint: options.endpoint }),
        forcePathStyle: options.forcePathStyle ?? false,
        ...(options.credentials === undefined ? {} : { credentials: options.credentials }),
        // Plain bodies with a Content-MD5-free PUT: what every S3-compatible service accepts.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })));
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
      const { s3, aws } = await connect();
      await s3.send(new aws.PutObjectCommand({ Bucket, Key, Body: bytes, ContentLength: bytes.length }));
      return { size: bytes.length };
    },

    async get(key) {
      const { s3, aws } = await connect();
      try {
        const answer = await s3.send(new aws.GetObjectCommand({ Bucket, Key: keyOf(key) }));
        return answer.Body as Readable;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async delete(key) {
      const { s3, aws } = await connect();
      await s3.send(new aws.DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },

    async deletePrefix(keyPrefix) {
      assertStoragePrefix(keyPrefix);
      const { s3, aws } = await connect();
      let token: string | undefined;
      do {
        const page = await s3.send(
          new aws.ListObjectsV2Command({ Bucket, Prefix: `${prefix}${keyPrefix}`, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key !== undefined)
            await s3.send(new aws.DeleteObjectCommand({ Bucket, Key: object.Key }));
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token !== undefined);
    },
  };
}
