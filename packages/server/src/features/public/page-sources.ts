import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { QuestionFamily } from '@formloom/contract/engine';
import { FAMILY_STYLE } from '@formloom/elements/markup';

/** The page's script and stylesheet as built text. */
export interface PageSources {
  js: Uint8Array;
  /** The interview page's script (`/s/:code`). */
  interview: Uint8Array;
  /** `/embed.js`: the custom element and the loader that places it where its script tag is. */
  embed: Uint8Array;
  css: Uint8Array;
  /**
   * The element's family modules (docs/embedding.md "Question types"), each an ES module the scripts
   * import by URL when a form has such a field, named by its content hash (`family-<name>.<hash>.js`).
   */
  families: { name: string; js: Uint8Array }[];
}

const FAMILIES: QuestionFamily[] = ['scales', 'matrix', 'ranking', 'choices', 'signature'];

/** A static file's name: its base and a hash of its content, so it can be cached forever. */
function hashedName(base: string, kind: string, body: Uint8Array): string {
  return `${base}.${createHash('sha256').update(body).digest('base64url').slice(0, 12)}.${kind}`;
}

/**
 * The module that takes the place of the element's `families.ts` in a page script: a classic
 * script (an IIFE, no splitting) imports the family chunks by URL, relative to itself (`dir`: from
 * the script to the assets), so the page's script, `/embed.js` and a path prefix all find them.
 */
function familyLoader(names: Record<string, string>, dir: string): string {
  return [
    `const names = ${JSON.stringify(names)};`,
    'const base = document.currentScript?.src ?? location.href;',
    'export function loadFamily(family) {',
    `  return import(new URL(${JSON.stringify(dir)} + names[family], base).href).then((m) => m.family);`,
    '}',
  ].join('\n');
}

/** The page's own custom properties under the names the element's family rules use. */
const FAMILY_PROPERTIES =
  '.fl{--fl-fg:var(--fg);--fl-muted:var(--muted);--fl-card:var(--card);--fl-line:var(--line);--fl-accent:var(--accent);--fl-accent-fg:var(--accent-fg);--fl-error:var(--error);--fl-radius:.5rem}';

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
  const elements = dirname(createRequire(import.meta.url).resolve('@formloom/elements/package.json'));
  const browser = { platform: 'browser' as const, target: ['es2022'], conditions: ['source', 'browser'] };
  const chunks = await Promise.all(
    FAMILIES.map(async (family) => {
      const out = await esbuild.build({
        ...common,
        ...browser,
        entryPoints: [join(elements, 'src', 'markup', 'families', `${family}.ts`)],
        format: 'esm',
      });
      const js = out.outputFiles![0]!.contents;
      return { family, name: hashedName(`family-${family}`, 'js', js), js };
    }),
  );
  const names = Object.fromEntries(chunks.map((c) => [c.family, c.name]));
  const script = (entry: string, assetsDir: string) =>
    esbuild.build({
      ...common,
      plugins: [
        {
          name: 'family-chunks-by-url',
          setup(build) {
            build.onLoad({ filter: /[\\/]elements[\\/]src[\\/]families\.ts$/ }, () => ({
              contents: familyLoader(names, assetsDir),
              loader: 'js',
            }));
          },
        },
      ],
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
    // The page's script lives beside the chunks (`/f/assets/`); `/embed.js` at the root.
    script('form.ts', ''),
    script('interview.ts', ''),
    script('embed.ts', 'f/assets/'),
    esbuild.build({
      ...common,
      stdin: {
        contents: `@import ${JSON.stringify(join(dir, 'page.css'))};\n${FAMILY_PROPERTIES}\n${FAMILY_STYLE}`,
        loader: 'css',
        resolveDir: dir,
      },
    }),
  ]);
  return {
    js: js.outputFiles[0]!.contents,
    interview: interview.outputFiles[0]!.contents,
    embed: embed.outputFiles[0]!.contents,
    css: css.outputFiles[0]!.contents,
    families: chunks.map(({ name, js }) => ({ name, js })),
  };
}
