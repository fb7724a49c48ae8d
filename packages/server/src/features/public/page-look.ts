import { createHash } from 'node:crypto';
import {
  isLanguage,
  type Language,
  type PublicTheme,
  SHIPPED_FONTS,
  type ShippedFont,
} from '@formloom/contract';
import { html, SafeHtml } from '../../platform/html.js';
import { fontFaceCss } from '../../platform/theme-fonts.js';

/** Where "Made with Formloom" leads. */
export const BRANDING_URL = 'https://github.com/formloom/formloom';

const MADE_WITH: Record<Language, string> = {
  en: 'Made with Formloom',
  tr: 'Formloom ile yapıldı',
  es: 'Hecho con Formloom',
  it: 'Realizzato con Formloom',
  de: 'Erstellt mit Formloom',
  nl: 'Gemaakt met Formloom',
};

/**
 * What a form's theme adds to its page: one `<style>` (the font's faces, the `--formloom-*`
 * properties on the page's root, the custom CSS already scoped under the form), allowed by its
 * hash in the page's CSP; the logo; the branding footer.
 */
export interface PageLook {
  /** The style element's text, and its `'sha256-…'` source for `style-src`. */
  style?: { css: string; source: string };
  logoUrl?: string;
  /** The footer's text, when the form shows the branding. */
  branding?: string;
}

const SCHEME = {
  light: ':root{color-scheme:light;--formloom-error-background:#fdecea;--formloom-done-background:#e7f4ea}',
  dark: ':root{color-scheme:dark;--formloom-error-background:#3b1d1b;--formloom-done-background:#1c3322}',
} as const;
const LOGO_RULE = '.fl-logo{display:block;max-width:100%;max-height:4rem;margin:0 0 1rem}';
const IMAGE_RULE =
  'body{background:var(--formloom-page-image) center/cover fixed,var(--formloom-page-background)}';

const familyFont = (family: string) =>
  (Object.keys(SHIPPED_FONTS) as ShippedFont[]).find((font) => SHIPPED_FONTS[font].family === family);

/**
 * The page's look for `theme` (resolved with addresses relative to the page, `base`), its texts
 * in `language`. No theme: the default look, with the branding.
 */
export function pageLook(theme: PublicTheme | undefined, language: string, base: string): PageLook {
  const branding = theme?.branding === false ? undefined : MADE_WITH[isLanguage(language) ? language : 'en'];
  if (theme === undefined || Object.keys(theme.vars).length === 0)
    return branding === undefined ? {} : { branding };
  const font = theme.font === undefined ? undefined : familyFont(theme.font.family);
  const vars = `:root{${Object.entries(theme.vars)
    .map(([name, value]) => `${name}:${value}`)
    .join(';')}}`;
  // `auto`: the theme's colours when the visitor prefers light, the page's own dark look otherwise;
  // a theme for one scheme keeps it (and the alerts' backgrounds of that scheme) whatever the visitor
  // prefers. Themed pages alone carry these rules, so an unthemed page's stylesheet stays small.
  const root =
    theme.mode === 'auto' ? `@media (prefers-color-scheme:light){${vars}}` : `${vars}${SCHEME[theme.mode]}`;
  const logo = theme.logoUrl === undefined ? '' : LOGO_RULE;
  const image = theme.vars['--formloom-page-image'] === undefined ? '' : IMAGE_RULE;
  // Nothing in a style element may read as its end tag: "</" is written "<\/", the same text to CSS.
  const css =
    `${font === undefined ? '' : fontFaceCss(base, font)}${root}${image}${logo}${theme.css ?? ''}`.replace(
      /<\//g,
      '<\\/',
    );
  return {
    style: { css, source: `'sha256-${createHash('sha256').update(css).digest('base64')}'` },
    ...(theme.logoUrl === undefined ? {} : { logoUrl: theme.logoUrl }),
    ...(branding === undefined ? {} : { branding }),
  };
}

/** `csp` with the look's style allowed by its hash, and the page's own fonts. */
export function cspWithLook(csp: string, look: PageLook): string {
  const directives = csp.split('; ');
  const at = directives.findIndex((d) => d.startsWith('style-src '));
  if (look.style !== undefined && at !== -1) directives[at] = `${directives[at]} ${look.style.source}`;
  return directives.join('; ');
}

/** The look's parts in the page's head (the style) and around its form (logo, footer). */
export function lookMarkup(look: PageLook | undefined) {
  return {
    head: look?.style === undefined ? '' : new SafeHtml(`<style>${look.style.css}</style>\n`),
    logo: look?.logoUrl === undefined ? '' : html`<img class="fl-logo" src="${look.logoUrl}" alt="">\n`,
    footer:
      look?.branding === undefined
        ? ''
        : html`<footer><a href="${BRANDING_URL}">${look.branding}</a></footer>\n`,
  };
}
