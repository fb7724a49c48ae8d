import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FAMILY_STYLE, QUIZ_STYLE, REPEAT_STYLE } from '@formloom/elements/markup';

/** The page's script and stylesheet as built text. */
export interface PageSources {
  /** The form page's script: an ES module (`<script type="module">`). */
  js: Uint8Array;
  /** The interview page's script (`/s/:code`), a classic script. */
  interview: Uint8Array;
  /**
   * `/embed.js`: a classic script host pages link to, which imports the embed's module (`embed.<hash>.js`
   * among `chunks`) by its URL beside the script.
   */
  embed: Uint8Array;
  css: Uint8Array;
  /**
   * The other modules of the page's and the embed's scripts, under `f/assets/` by the names the
   * scripts import them by (`chunk.<hash>.js`, `embed.<hash>.js`): what they share, and what they
   * load on demand (a family of question types, the question types' code, the phone numbering,
   * the variables, a translation).
   */
  chunks: { name: string; js: Uint8Array }[];
  /** The chunks each module imports statically (what a browser fetches before it runs), by name. */
  imports: Record<string, string[]>;
}

/**
 * `/embed.js`: finds where it was loaded from (its tag; a `type="module"` tag has no currentScript,
 * so the tag whose src ends in `/embed.js`) and imports the embed's module from beside it.
 */
function embedLoader(module: string): string {
  return [
    '(() => {',
    "  const tag = document.currentScript ?? [...document.querySelectorAll('script[src]')].find((s) => /\\/embed\\.js(?:[?#]|$)/.test(s.src));",
    `  import(new URL(${JSON.stringify(`f/assets/${module}`)}, tag?.src ?? location.href).href);`,
    '})();',
  ].join('\n');
}

/** The page's own custom properties under the names the element's family rules use. */
const FAMILY_PROPERTIES =
  '.fl{--fl-fg:var(--formloom-color);--fl-muted:var(--formloom-muted);--fl-card:var(--formloom-background);--fl-line:var(--formloom-border);--fl-accent:var(--formloom-accent);--fl-accent-fg:var(--formloom-accent-text);--fl-error:var(--formloom-error);--fl-radius:var(--formloom-radius)}';

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
  const browser = { platform: 'browser' as const, target: ['es2022'], conditions: ['source', 'browser'] };
  // The page's and the embed's scripts each as a module graph split into chunks, as an app's
  // bundler splits the element: each starts with what it needs, and what a form uses beyond that
  // (families, the question types' code, the phone numbering, variables, translation) comes when it
  // does. Two graphs, not one: chunks shared by both would cut each start into more, smaller files.
  const graph = (entry: string) =>
    esbuild.build({
      ...common,
      ...browser,
      entryPoints: [join(dir, entry)],
      format: 'esm',
      splitting: true,
      metafile: true,
      outdir: '/assets',
      entryNames: '[name].[hash]',
      // A module loaded on demand keeps its file's name (`scales.<hash>.js`); shared ones are `chunk.<hash>.js`.
      chunkNames: '[name].[hash]',
    });
  const classic = (entry: string) =>
    esbuild.build({
      ...common,
      ...browser,
      entryPoints: [join(dir, entry)],
      format: 'iife',
      // A classic script has no import.meta: the element then finds its origin by currentScript.
      define: { 'import.meta.url': 'undefined' },
    });
  const [pageGraph, embedGraph, interview, css] = await Promise.all([
    graph('form.ts'),
    graph('embed.ts'),
    classic('interview.ts'),
    esbuild.build({
      ...common,
      stdin: {
        contents: `@import ${JSON.stringify(join(dir, 'page.css'))};\n${FAMILY_PROPERTIES}\n${FAMILY_STYLE}\n${REPEAT_STYLE}\n${QUIZ_STYLE}`,
        loader: 'css',
        resolveDir: dir,
      },
    }),
  ]);
  const name = (path: string) => path.slice(path.lastIndexOf('/') + 1);
  // (A module loaded on demand is an entry point of the graph too: the script's is named by its source.)
  const entryOf = (built: typeof pageGraph, source: string) =>
    name(
      Object.entries(built.metafile.outputs).find(([, o]) => o.entryPoint?.endsWith(`/client/${source}`))![0],
    );
  const page = entryOf(pageGraph, 'form.ts');
  const embedModule = entryOf(embedGraph, 'embed.ts');
  const imports: Record<string, string[]> = {};
  const files = new Map<string, Uint8Array>();
  // A chunk's name is its content's hash: one in both graphs is the same file.
  for (const built of [pageGraph, embedGraph]) {
    for (const [path, o] of Object.entries(built.metafile.outputs))
      imports[name(path)] = o.imports.filter((i) => i.kind === 'import-statement').map((i) => name(i.path));
    for (const f of built.outputFiles) if (f.path.endsWith('.js')) files.set(name(f.path), f.contents);
  }
  return {
    js: files.get(page)!,
    interview: interview.outputFiles[0]!.contents,
    embed: new TextEncoder().encode(embedLoader(embedModule)),
    css: css.outputFiles[0]!.contents,
    chunks: [...files].filter(([n]) => n !== page).map(([n, js]) => ({ name: n, js })),
    imports: { ...imports, page: imports[page] ?? [] },
  };
}
