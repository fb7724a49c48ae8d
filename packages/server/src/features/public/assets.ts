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
  /**
   * The other modules of the page's and the embed's scripts (`chunk.<hash>.js`, `embed.<hash>.js`),
   * which they import by these names: at their start, or on demand (docs/embedding.md "Sizes").
   */
  chunks: PageAsset[];
  /** The chunks a module (`page` for the page's script) imports before it runs, transitively. */
  startOf(module: string): PageAsset[];
  /** `startOf('page')`, found once: every form page preloads them. */
  pageStart: PageAsset[];
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
  const { js, interview, embed, css, chunks, imports } = await bundlePageSources();
  const named = new Map(
    chunks.map(({ name, js: body }) => [name, { ...asset('js', Buffer.from(body)), name }] as const),
  );
  const startOf = (module: string): PageAsset[] => {
    const seen = new Set<string>();
    const visit = (name: string) => {
      for (const used of imports[name] ?? []) {
        if (seen.has(used)) continue;
        seen.add(used);
        visit(used);
      }
    };
    visit(module);
    return [...seen].map((name) => named.get(name)!);
  };
  return {
    script: asset('js', Buffer.from(js)),
    interview: asset('js', Buffer.from(interview), 'interview'),
    embed: asset('js', Buffer.from(embed), 'embed'),
    style: asset('css', Buffer.from(css)),
    // Named when bundled: the scripts that import them carry their names.
    chunks: [...named.values()],
    startOf,
    pageStart: startOf('page'),
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
