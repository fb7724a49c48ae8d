import { z } from 'zod';
import { Timestamp } from './common.js';

/** What an owner upload's id looks like (the server makes 24 random URL-safe characters: 144 bits). */
export const OWNER_UPLOAD_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** How a schema names an owner upload: `upload:<id>`, where an image URL goes. */
export const IMAGE_UPLOAD_PREFIX = 'upload:';

/** The largest owner upload: 5 MB. */
export const OWNER_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** How many owner uploads an account keeps at most. */
export const OWNER_UPLOADS_PER_ACCOUNT = 1000;

/** The image types an owner upload may be, by its content. Never SVG: it can carry script. */
export const OWNER_UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** The public address of an owner upload's bytes; the public form names its images by it. */
export const PUBLIC_IMAGE_PATH = '/v1/public/images/:id';

/**
 * The id in `upload:<id>`, or undefined for anything else (an https URL, a malformed id).
 *
 * ```ts
 * uploadIdOf('upload:Qm9vazEyMzQ1Njc4OTAxMjM0'); // 'Qm9vazEyMzQ1Njc4OTAxMjM0'
 * uploadIdOf('https://example.com/a.png'); // undefined
 * ```
 */
export function uploadIdOf(imageUrl: string): string | undefined {
  if (!imageUrl.startsWith(IMAGE_UPLOAD_PREFIX)) return undefined;
  const id = imageUrl.slice(IMAGE_UPLOAD_PREFIX.length);
  return OWNER_UPLOAD_ID_PATTERN.test(id) ? id : undefined;
}

/** `PUBLIC_IMAGE_PATH` for one id, under `base` (an origin with an optional path prefix, or ''). */
export function publicImageUrl(base: string, id: string): string {
  return `${base.replace(/\/+$/, '')}${PUBLIC_IMAGE_PATH.replace(':id', encodeURIComponent(id))}`;
}

/** POST /v1/uploads, a multipart body. */
export const CreateUploadBody = z.object({
  file: z
    .any()
    .describe('The image (binary part named `file`): PNG, JPEG, GIF or WebP by its content, at most 5 MB'),
});
export type CreateUploadBody = z.infer<typeof CreateUploadBody>;

export const OwnerUpload = z
  .object({
    id: z.string().regex(OWNER_UPLOAD_ID_PATTERN).describe('Name it in a schema as `upload:<id>`'),
    contentType: z.enum(OWNER_UPLOAD_TYPES).describe('The image type, from its content'),
    size: z.number().int().nonnegative().describe('Bytes'),
    createdAt: Timestamp,
  })
  .describe(
    'An image the account uploaded. It is kept while a form of the account names it; one no form names is deleted 24 hours after the upload',
  );
export type OwnerUpload = z.infer<typeof OwnerUpload>;
