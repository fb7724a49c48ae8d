import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { SHIPPED_FONTS, type ShippedFont, THEME_FONT_PATH } from '@formloom/contract';

/**
 * The fonts a theme may name, from their Fontsource packages (SIL Open Font License): one
 * variable woff2 per subset, Latin and Latin Extended (Turkish needs the second), served by this
 * server under names that carry their content's hash, so they are cached for a year.
 */
const PACKAGES: Readonly<Record<ShippedFont, string>> = {
  inter: '@fontsource-variable/inter',
  lora: '@fontsource-variable/lora',
  'jetbrains-mono': '@fontsource-variable/jetbrains-mono',
};

/** Fontsource's unicode ranges of the two subsets. */
const SUBSETS = {
  latin:
    'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
  'latin-ext':
    'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF',
} as const;
type Subset = keyof typeof SUBSETS;

export interface FontFile {
  /** `inter-latin.<hash>.woff2`: the path segment under `/f/fonts/`. */
  name: string;
  font: ShippedFont;
  subset: Subset;
  body: Buffer;
}

const require = createRequire(import.meta.url);
let loaded: Map<string, FontFile> | undefined;

/** Every shipped font file by its served name, read from the packages once. */
export function fontFiles(): ReadonlyMap<string, FontFile> {
  if (loaded !== undefined) return loaded;
  const files = new Map<string, FontFile>();
  for (const font of Object.keys(PACKAGES) as ShippedFont[]) {
    const base = SHIPPED_FONTS[font].file;
    for (const subset of Object.keys(SUBSETS) as Subset[]) {
      const body = readFileSync(
        require.resolve(`${PACKAGES[font]}/files/${base}-${subset}-wght-normal.woff2`),
      );
      const hash = createHash('sha256').update(body).digest('base64url').slice(0, 10);
      const name = `${base}-${subset}.${hash}.woff2`;
      files.set(name, { name, font, subset, body });
    }
  }
  loaded = files;
  return files;
}

const fileOf = (font: ShippedFont, subset: Subset) =>
  [...fontFiles().values()].find((f) => f.font === font && f.subset === subset)!;

/** A served font file's address under `base` (FORMLOOM_PUBLIC_URL, or '' for a relative one). */
export function fontFileUrl(base: string, font: ShippedFont, subset: Subset = 'latin'): string {
  return `${base.replace(/\/+$/, '')}${THEME_FONT_PATH.replace(':file', fileOf(font, subset).name)}`;
}

/** The @font-face rules of a shipped font, both subsets, each loaded only when its characters show. */
export function fontFaceCss(base: string, font: ShippedFont): string {
  return (Object.keys(SUBSETS) as Subset[])
    .map(
      (subset) =>
        `@font-face{font-family:"${SHIPPED_FONTS[font].family}";font-style:normal;font-display:swap;font-weight:100 900;src:url(${fontFileUrl(base, font, subset)}) format("woff2");unicode-range:${SUBSETS[subset]}}`,
    )
    .join('');
}
