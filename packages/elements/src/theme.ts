import type { PublicTheme } from '@formloom/contract';

/** What the server scopes a theme's custom CSS under (`THEME_SCOPE`); in a shadow root, the host. */
const SCOPE = /\.fl-theme\b/g;

/**
 * A form's theme on `<formloom-form>` (a chunk of its own: most forms have none): its
 * `--formloom-*` properties and colour scheme on the host (the stylesheet reads them through the
 * shadow boundary), its font added to the document (a shadow root's `@font-face` is not used),
 * and its custom CSS after the element's own stylesheet, scoped to the host. Through
 * `adoptedStyleSheets`, which a page's Content-Security-Policy does not block as it does a
 * `<style>` element.
 */
export function applyTheme(host: HTMLElement, root: ShadowRoot | HTMLElement, theme: PublicTheme): void {
  for (const [name, value] of Object.entries(theme.vars)) host.style.setProperty(name, value);
  if (theme.mode !== 'auto') host.style.colorScheme = theme.mode;
  if (theme.font !== undefined) {
    const face = new FontFace(theme.font.family, `url("${theme.font.url}")`);
    document.fonts.add(face);
    // A font that does not load leaves the fallback in `--formloom-font`.
    face.load().catch(() => undefined);
  }
  const base = root instanceof ShadowRoot ? root.adoptedStyleSheets[0] : undefined;
  if (theme.css !== undefined && base !== undefined) {
    const own = Array.from(base.cssRules, (rule) => rule.cssText).join('\n');
    base.replaceSync(`${own}\n${theme.css.replace(SCOPE, ':host')}`);
  }
}
