import { PUBLIC_IMAGE_PATH, THEME_CSS_MAX_BYTES, THEME_FONT_PATH, THEME_SCOPE } from '@formloom/contract';
import * as csstree from 'css-tree';
import { badRequest } from '../../domain-errors.js';

/**
 * At-rules a form's CSS may use: conditions and animations. `@import` loads another sheet,
 * `@namespace`, `@property`, `@layer` and `@page` act on the whole document.
 */
const AT_RULES = new Set(['media', 'supports', 'container', 'keyframes', '-webkit-keyframes', 'font-face']);

/** Selectors that name the page around the form (or a shadow root's host), not the form. */
const PAGE_TYPES = new Set(['html', 'body', 'head']);
const PAGE_PSEUDOS = new Set(['root', 'host', 'host-context', 'scope']);

/**
 * Functions that load a URL from a string (`image("x.png")`, `image-set("x.png" 1x)`), which the
 * url() check would not see, and old script hooks.
 */
const LOADING_FUNCTIONS = new Set([
  'url',
  'src',
  'image',
  'image-set',
  '-webkit-image-set',
  'element',
  '-moz-element',
  'expression',
]);
const SCRIPT_PROPERTIES = new Set(['behavior', '-moz-binding']);

/** The server's own addresses a form's CSS may load: its uploads and its fonts. */
const OWN_PATHS = [PUBLIC_IMAGE_PATH.replace(':id', ''), THEME_FONT_PATH.replace(':file', '')];

class CssRefusal extends Error {}

function refuse(reason: string, node?: csstree.CssNode): never {
  const line = node?.loc?.start.line;
  throw new CssRefusal(line === undefined ? reason : `${reason} (line ${line})`);
}

/**
 * `value` as an address on the server's own origin under one of its own paths, absolute (a
 * relative address in an embed's stylesheet would be read against the host page), or a refusal.
 */
function ownUrl(value: string, publicUrl: string, node: csstree.CssNode): string {
  const base = new URL(publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`);
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    refuse(`url(${value}) is not an address`, node);
  }
  const prefix = base.pathname.replace(/\/$/, '');
  const own =
    url.origin === base.origin && OWN_PATHS.some((path) => url.pathname.startsWith(`${prefix}${path}`));
  if (!own) {
    refuse(
      `url(${value}) loads from another origin or path: only this server's uploaded images and fonts may be used`,
      node,
    );
  }
  return url.href;
}

/** The selector under the form's scope: `.a, .b` becomes `.fl-theme .a, .fl-theme .b`. */
function scopeSelector(selector: csstree.Selector) {
  selector.children.prependData({ type: 'Combinator', name: ' ' });
  selector.children.prependData({ type: 'ClassSelector', name: THEME_SCOPE.slice(1) });
}

function checkSelector(selector: csstree.CssNode) {
  csstree.walk(selector, (node) => {
    if (node.type === 'TypeSelector' && PAGE_TYPES.has(node.name.toLowerCase()))
      refuse(`The selector "${node.name}" styles the page outside the form`, node);
    if (node.type === 'PseudoClassSelector' && PAGE_PSEUDOS.has(node.name.toLowerCase()))
      refuse(`The selector ":${node.name}" styles the page outside the form`, node);
    if (node.type === 'NestingSelector') refuse('Nested rules ("&") are not supported', node);
  });
}

/**
 * Checks a theme's custom CSS with a CSS parser (css-tree) and answers it with every rule scoped
 * under the form (`THEME_SCOPE`), minified; a refusal is a 400 naming the first reason and its
 * line. Refused: more than 20 KB, what does not parse, `@import` and other at-rules that act on
 * the document, a url() (or a function that loads a string as an address) of anything but this
 * server's uploads and fonts, and selectors of the page around the form (`html`, `body`, `:root`,
 * `:host`).
 */
export function scopeThemeCss(css: string, publicUrl: string): string {
  try {
    return checkAndScope(css, publicUrl);
  } catch (error) {
    if (error instanceof CssRefusal) {
      throw badRequest(`Custom CSS refused: ${error.message}`, [
        { path: 'css', code: 'css_refused', message: error.message },
      ]);
    }
    throw error;
  }
}

function checkAndScope(css: string, publicUrl: string): string {
  const bytes = Buffer.byteLength(css, 'utf8');
  if (bytes > THEME_CSS_MAX_BYTES) {
    refuse(
      `it is ${bytes.toLocaleString('en')} bytes; the most is ${THEME_CSS_MAX_BYTES.toLocaleString('en')}`,
    );
  }
  const errors: csstree.SyntaxParseError[] = [];
  const ast = csstree.parse(css, {
    positions: true,
    // Custom properties' values parsed too: a url() in one would load where var() puts it.
    parseCustomProperty: true,
    onParseError: (error) => errors.push(error),
  });
  const first = errors[0];
  if (first !== undefined) refuse(`it does not parse: ${first.message} at line ${first.line}`);

  csstree.walk(ast, {
    enter(this: csstree.WalkContext, node: csstree.CssNode) {
      switch (node.type) {
        case 'Raw':
          // What the parser kept as text it did not understand: never passed on unchecked.
          refuse(`it does not parse near "${node.value.slice(0, 40)}"`, node);
          break;
        case 'Atrule':
          if (!AT_RULES.has(node.name.toLowerCase())) refuse(`@${node.name} is not allowed`, node);
          break;
        case 'Rule': {
          const inKeyframes = this.atrule !== null && /keyframes$/i.test(this.atrule.name);
          if (inKeyframes || node.prelude.type !== 'SelectorList') break;
          for (const selector of node.prelude.children) {
            checkSelector(selector);
            if (selector.type === 'Selector') scopeSelector(selector);
          }
          break;
        }
        case 'Declaration': {
          const property = node.property.toLowerCase();
          if (SCRIPT_PROPERTIES.has(property)) refuse(`The property "${node.property}" is not allowed`, node);
          if (property === 'position' && csstree.generate(node.value).toLowerCase().includes('fixed'))
            refuse('position: fixed places the form over the page outside it', node);
          break;
        }
        case 'Function': {
          const name = node.name.toLowerCase();
          if (name.includes('\\')) refuse(`The function "${node.name}" is written with escapes`, node);
          if (LOADING_FUNCTIONS.has(name)) refuse(`${node.name}() loads an address given as a string`, node);
          break;
        }
        case 'Url':
          node.value = ownUrl(node.value, publicUrl, node);
          break;
      }
    },
  });
  return csstree.generate(ast);
}
