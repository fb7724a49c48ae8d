import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The page's script and stylesheet as built text. */
export interface PageSources {
  js: Uint8Array;
  /** The interview page's script (`/s/:code`). */
  interview: Uint8Array;
  /** `/embed.js`: the custom element and the loader that places it where its script tag is. */
  embed: Uint8Array;
  css: Uint8Array;
}

/**
 * Bundles the page script from its TypeScript entry with esbuild (the contract's engine comes in
 * through the `source` condition, tree-shaken to what the page uses) and minifies the stylesheet.
 * Only sources run this (tests, `pnpm dev`): the build (tsup.config.ts) runs it once and puts
 * a module with the finished text in its place, so a built server never loads esbuild.
 */
export async function bundlePageSources(
  dir: string = join(dirname(fileURLToPath(import.meta.url)), 'client'),
): Promise<PageSources> {
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
      entryPoints: [join(dir, entry)],
      format: 'iife',
      platform: 'browser',
      // ES2022 keeps the element's `#private` fields native (down-levelled they were ~600 B gzipped
      // of WeakMap helpers); every browser with custom elements and adoptedStyleSheets has them.
      target: ['es2022'],
      conditions: ['source', 'browser'],
      // A classic script has no import.meta: the element then finds its origin by currentScript.
      define: { 'import.meta.url': 'undefined' },
    });
  const [js, interview, embed, css] = await Promise.all([
    script('form.ts'),
    script('interview.ts'),
    script('embed.ts'),
    esbuild.build({ ...common, entryPoints: [join(dir, 'page.css')] }),
  ]);
  return {
    js: js.outputFiles[0]!.contents,
    interview: interview.outputFiles[0]!.contents,
    embed: embed.outputFiles[0]!.contents,
    css: css.outputFiles[0]!.contents,
  };
}
