import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

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
  style: PageAsset;
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

function moduleDir(): string {
  try {
    return dirname(fileURLToPath(import.meta.url));
  } catch {
    // The CommonJS build has no import.meta.
    return typeof __dirname === 'string' ? __dirname : process.cwd();
  }
}

/**
 * Bundles the page script from its TypeScript entry with esbuild (the contract's engine comes in
 * through the `source` condition, tree-shaken to what the page uses) and minifies the stylesheet.
 * From a clone this runs once per process; a built package ships the output in `dist/public-page`.
 */
async function build(): Promise<PageAssets> {
  const here = moduleDir();
  const sources = join(here, 'client');
  if (!existsSync(join(sources, 'main.ts'))) {
    const built = join(here, 'public-page');
    const [js, interview, css] = await Promise.all([
      readFile(join(built, 'page.js')),
      readFile(join(built, 'interview.js')),
      readFile(join(built, 'page.css')),
    ]);
    return {
      script: asset('js', js),
      interview: asset('js', interview, 'interview'),
      style: asset('css', css),
    };
  }
  const esbuild = await import('esbuild');
  const common = {
    bundle: true,
    minify: true,
    write: false,
    legalComments: 'none',
    charset: 'utf8',
  } as const;
  const script = (entry: string) =>
    esbuild.build({
      ...common,
      entryPoints: [join(sources, entry)],
      format: 'iife',
      platform: 'browser',
      target: ['es2020'],
      conditions: ['source', 'browser'],
    });
  const [js, interview, css] = await Promise.all([
    script('main.ts'),
    script('interview.ts'),
    esbuild.build({ ...common, entryPoints: [join(sources, 'page.css')] }),
  ]);
  const body = (result: { outputFiles: { contents: Uint8Array }[] }) =>
    Buffer.from(result.outputFiles[0]!.contents);
  return {
    script: asset('js', body(js)),
    interview: asset('js', body(interview), 'interview'),
    style: asset('css', body(css)),
  };
}

let cached: Promise<PageAssets> | undefined;

/** The page's script and stylesheet, built on first use and kept for the life of the process. */
export function pageAssets(): Promise<PageAssets> {
  cached ??= build().catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}
