import type { PublicTheme } from '@formloom/contract';

/** What the server scopes a theme's custom CSS under (`THEME_SCOPE`); in a shadow root, the host. */
const SCOPE = /\.fl-theme\b/g;

/**
 * A form's theme on `<formloom-form>` (a chunk of its own: most forms have none): its
 * `--formloom-*` properties and colour scheme on the host (the stylesheet reads them through the
 * shadow boundary), its font added to the document (a shadow root's `@font-face` is not used),
 * and its custom CSS after the element's own stylesheet, scoped to the host. Through
 * `adoptedStyleSheets`, which a page's Content-Security-Policy does not block as it does a
 * `<style>` element. Its logo goes above the form's title.
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
  // The server's page shows the logo in its own markup; a form the element draws gets it here.
  if (theme.logoUrl !== undefined && base !== undefined) {
    base.insertRule(LOGO_RULE, base.cssRules.length);
    showLogo(root as ShadowRoot, theme.logoUrl);
  }
}

/** The logo's size: at most the form's width and 4rem high, as on the server's page. */
const LOGO_RULE = '.fl-logo{display:block;max-width:100%;max-height:4rem;margin:0 0 1rem}';

/** Roots whose drawn forms get the logo (the element draws its form anew after a reconnect). */
const withLogo = new WeakSet<ShadowRoot>();

/**
 * The theme's logo above the form's title, in every form drawn into `root` (the theme is applied
 * before the form is drawn, and a form may be drawn again): decorative, with an empty alt, since
 * the title it stands above says the same to a screen reader, as on the server's page. Its
 * address comes from the public read of the form only.
 */
function showLogo(root: ShadowRoot, url: string): void {
  const place = () => {
    const header = root.querySelector('form > .fl-header');
    if (header === null || header.querySelector('.fl-logo') !== null) return;
    const logo = document.createElement('img');
    logo.className = 'fl-logo';
    logo.setAttribute('part', 'logo');
    logo.alt = '';
    logo.src = url;
    header.prepend(logo);
  };
  if (!withLogo.has(root)) new MutationObserver(place).observe(root, { childList: true });
  withLogo.add(root);
  place();
}
