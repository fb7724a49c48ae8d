import { Transform, type TransformCallback } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';

/**
 * How many leading bytes the type is detected from. file-type needs 4,100 for most formats;
 * more lets it look past the first entries of a ZIP and tell an .xlsx or .docx from a plain .zip.
 */
export const SNIFF_BYTES = 64 * 1024;

/** Text formats file-type cannot recognise (there are no magic bytes); the client may name these. */
const TEXT_TYPES = /^(?:text\/(?:plain|csv|tab-separated-values|markdown|calendar|vcard)|application\/json)$/;

/**
 * The MIME type of a file from its first bytes. Binary formats come from their magic bytes
 * (`file-type`). Content without magic bytes that is valid UTF-8 without NUL bytes is text: then
 * the type the client claimed is kept when it is one of a few plain-text types (CSV, JSON...),
 * else `text/plain`. Anything else is `application/octet-stream`. The client's claim never makes
 * a file an image, a PDF or HTML.
 */
export async function detectContentType(head: Uint8Array, claimed: string): Promise<string> {
  const found = await fileTypeFromBuffer(head);
  // file-type names an SVG with an XML declaration plain XML.
  if (found !== undefined && /^(?:application|text)\/xml$/.test(found.mime) && looksLikeSvg(head))
    return 'image/svg+xml';
  if (found !== undefined) return found.mime;
  if (!looksLikeText(head)) return 'application/octet-stream';
  if (looksLikeSvg(head)) return 'image/svg+xml';
  const declared = claimed.split(';')[0]!.trim().toLowerCase();
  return TEXT_TYPES.test(declared) ? declared : 'text/plain';
}

/**
 * An SVG document by its content: after an optional BOM, XML declaration, comments and doctype,
 * the first element is `<svg`. It is accepted only where a field's `allowedTypes` names
 * `image/svg+xml`, and served like every file: as an attachment under a sandboxing CSP.
 */
function looksLikeSvg(head: Uint8Array): boolean {
  const text = new TextDecoder('utf-8').decode(head.subarray(0, 4096));
  const rest = text.replace(
    /^\uFEFF?\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*/i,
    '',
  );
  return /^<svg[\s>]/i.test(rest);
}

function looksLikeText(head: Uint8Array): boolean {
  if (head.includes(0)) return false;
  try {
    // `stream: true` tolerates a character cut in two at the end of the sample.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

export interface InspectOptions {
  /** Largest file accepted; one byte more fails the stream with `tooLarge()`. */
  maxBytes: number;
  tooLarge: () => Error;
  /** Called once with the first `SNIFF_BYTES` (or the whole, smaller, file); a throw fails the stream. */
  inspect: (head: Buffer) => Promise<void>;
}

/**
 * Passes a file through while it streams: fails as soon as it grows past `maxBytes`, and holds
 * back the first bytes until `inspect` has accepted them, so a file of the wrong type is refused
 * before most of it is read and nothing of it reaches storage.
 */
export function inspectStream({ maxBytes, tooLarge, inspect }: InspectOptions): Transform {
  let total = 0;
  let head: Buffer[] | undefined = [];
  let headBytes = 0;

  const release = async (stream: Transform) => {
    const sample = Buffer.concat(head!);
    head = undefined;
    await inspect(sample);
    stream.push(sample);
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      total += chunk.length;
      if (total > maxBytes) {
        done(tooLarge());
        return;
      }
      if (head === undefined) {
        done(null, chunk);
        return;
      }
      head.push(chunk);
      headBytes += chunk.length;
      if (headBytes < SNIFF_BYTES) {
        done();
        return;
      }
      release(this).then(() => done(), done);
    },
    flush(done: TransformCallback) {
      if (head === undefined) {
        done();
        return;
      }
      release(this).then(() => done(), done);
    },
  });
}
