import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { bundlePageSources } from './page-sources.js';

/** One static file of the page, named by its content hash so it can be cached forever. */
export interface PageAsset {
  /** `page.<hash>.js`: the URL path segment under `/f/assets/` (and `/s/assets/`). */
  name: string;
  contentType: string;
  body: Buffer;
  gzip: Buffer;
}

export interface PageAssets {
  /** The form page's script. */
  script: PageAsset;
  /** The interview page's script. */
  interview: PageAsset;
  /** `/embed.js`, under that stable name (it is not hashed: host pages link to it). */
  embed: PageAsset;
  style: PageAsset;
  /** The element's family chunks (`family-<name>.<hash>.js`), imported by the scripts on demand. */
  families: PageAsset[];
}

function asset(kind: 'js' | 'css', body: Buffer, base = 'page'): PageAsset {
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 12);
  return {
    name: `${base}.${hash}.${kind}`,
    contentType: kind === 'js' ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8',
    body,
    gzip: gzipSync(body, { level: 9 }),
  };
}

async function build(): Promise<PageAssets> {
  const { js, interview, embed, css, families } = await bundlePageSources();
  return {
    script: asset('js', Buffer.from(js)),
    interview: asset('js', Buffer.from(interview), 'interview'),
    embed: asset('js', Buffer.from(embed), 'embed'),
    style: asset('css', Buffer.from(css)),
    // Named when bundled: the scripts that import them carry their names.
    families: families.map(({ name, js: body }) => ({ ...asset('js', Buffer.from(body)), name })),
  };
}

let cached: Promise<PageAssets> | undefined;

/**
 * The page's script and stylesheet, hashed and compressed on first use and kept for the life of the
 * process (a built server has their text from the build; sources bundle them here, once).
 */
export function pageAssets(): Promise<PageAssets> {
  cached ??= build().catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}
