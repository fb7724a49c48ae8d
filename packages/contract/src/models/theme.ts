import { z } from 'zod';
import { Timestamp, Uuid } from './common.js';
import { OWNER_UPLOAD_ID_PATTERN, publicImageUrl } from './upload.js';

/**
 * The fonts a theme may name: three stacks of the visitor's own fonts, and fonts the server ships
 * (open-licensed, inside its npm packages) and serves itself from `/f/fonts/`, so a themed form
 * loads nothing from another origin.
 */
export const THEME_FONTS = ['system', 'serif', 'mono', 'inter', 'lora', 'jetbrains-mono'] as const;
export type ThemeFont = (typeof THEME_FONTS)[number];

/** The shipped fonts: the family a stylesheet names, and the name of its file under `/f/fonts/`. */
export const SHIPPED_FONTS = {
  inter: { family: 'Inter Variable', file: 'inter' },
  lora: { family: 'Lora Variable', file: 'lora' },
  'jetbrains-mono': { family: 'JetBrains Mono Variable', file: 'jetbrains-mono' },
} as const satisfies Partial<Record<ThemeFont, { family: string; file: string }>>;
export type ShippedFont = keyof typeof SHIPPED_FONTS;

/** Where the server serves a shipped font's file (latin subset, woff2). */
export const THEME_FONT_PATH = '/f/fonts/:file';

const FALLBACKS = {
  system: 'system-ui,-apple-system,"Segoe UI",Roboto,sans-serif',
  serif: 'Georgia,"Times New Roman",serif',
  mono: 'ui-monospace,SFMono-Regular,Menlo,Consolas,monospace',
} as const;

/** The CSS font-family list of a theme's font: a shipped font first, the visitor's own after it. */
export function fontStack(font: ThemeFont): string {
  if (font === 'system' || font === 'serif' || font === 'mono') return FALLBACKS[font];
  const fallback =
    font === 'lora' ? FALLBACKS.serif : font === 'jetbrains-mono' ? FALLBACKS.mono : FALLBACKS.system;
  return `"${SHIPPED_FONTS[font].family}",${fallback}`;
}

export const THEME_MODES = ['light', 'dark', 'auto'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];

/** The most a theme's custom CSS may be, in bytes (UTF-8). */
export const THEME_CSS_MAX_BYTES = 20 * 1024;

/**
 * The selector custom CSS is scoped under: every rule of a theme's `css` is rewritten to apply
 * inside the element that carries this class only. The page puts it on its `<formloom-form>`; an
 * embed puts it on the element that holds the form.
 */
export const THEME_SCOPE = '.fl-theme';

/** How many themes an account keeps at most. */
export const THEMES_PER_ACCOUNT = 100;

/** A colour as a colour input gives it: `#rrggbb`. */
export const HexColor = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour as #rrggbb')
  .describe('A colour, `#rrggbb`');

const themeColorsSchema = z
  .object({
    accent: HexColor.describe('Buttons, links, focus rings, progress'),
    accentText: HexColor.describe('Text on the accent colour'),
    background: HexColor.describe('The page behind the form'),
    surface: HexColor.describe('The form card and its inputs'),
    text: HexColor,
    muted: HexColor.describe('Help texts and notes'),
    border: HexColor,
    error: HexColor,
  })
  .strict()
  .describe("A theme's colours");
export const ThemeColors = themeColorsSchema;
export type ThemeColors = z.infer<typeof ThemeColors>;

const UploadId = z
  .string()
  .regex(OWNER_UPLOAD_ID_PATTERN)
  .describe('An upload of the account (`POST /v1/uploads`)');

const ThemeBackground = z
  .object({
    color: HexColor.optional().describe("The page's background; `colors.background` when unset"),
    image: UploadId.optional().describe('An image behind the form, covering the page'),
  })
  .strict()
  .describe('The page behind the form');

const ThemeName = z.string().trim().min(1).max(100);
const ThemeCss = z
  .string()
  .describe(
    `CSS for the form only, at most ${THEME_CSS_MAX_BYTES / 1024} KB: every rule is scoped to the form; @import, a url() of another origin and a selector of the page (html, body, :root) are refused`,
  );

/** The parts of a theme a maker sets; a create names them all but `logo`, `background` and `css`. */
const themeFields = {
  name: ThemeName,
  colors: ThemeColors,
  font: z.enum(THEME_FONTS).describe('A stack of the visitor’s fonts, or a font the server serves itself'),
  radius: z.number().int().min(0).max(24).describe('Corner radius of inputs and buttons, px'),
  logo: UploadId.optional().describe('An image shown above the form'),
  background: ThemeBackground.optional(),
  mode: z
    .enum(THEME_MODES)
    .describe(
      '`light` or `dark`: the colours are for that scheme; `auto`: the colours when the visitor prefers light, the built-in dark look when they prefer dark',
    ),
  css: ThemeCss.optional(),
};

export const ContrastWarning = z
  .object({
    pair: z.enum(['text/background', 'text/surface', 'accentText/accent']),
    ratio: z.number().describe('The contrast ratio, two decimals'),
    minimum: z.literal(4.5),
  })
  .describe('Two colours read together whose contrast is below WCAG AA for body text (4.5:1)');
export type ContrastWarning = z.infer<typeof ContrastWarning>;

const themeSchema = z
  .object({
    id: Uuid,
    ...themeFields,
    logo: UploadId.nullable(),
    background: ThemeBackground.nullable(),
    css: z.string().nullable().describe('The CSS as the maker wrote it'),
    warnings: z
      .array(ContrastWarning)
      .describe('Pairs of colours below WCAG AA; a theme is saved all the same'),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .describe('A theme');
type ThemeObject = typeof themeSchema;
export interface ThemeZod extends ThemeObject {}
export const Theme: ThemeZod = themeSchema;
export type Theme = z.infer<typeof Theme>;

export const ThemeList = z.object({ themes: z.array(Theme) }).describe('Themes, oldest first');
export type ThemeList = z.infer<typeof ThemeList>;

export const CreateThemeBody = z.object(themeFields).strict().describe('Create a theme');
export type CreateThemeBody = z.infer<typeof CreateThemeBody>;

export const UpdateThemeBody = z
  .object({
    name: themeFields.name.optional(),
    colors: ThemeColors.optional(),
    font: themeFields.font.optional(),
    radius: themeFields.radius.optional(),
    logo: UploadId.nullable().optional().describe('null removes it'),
    background: ThemeBackground.nullable().optional().describe('null removes it'),
    mode: themeFields.mode.optional(),
    css: ThemeCss.nullable().optional().describe('null removes it'),
  })
  .strict()
  .describe('Update a theme: only the properties sent change');
export type UpdateThemeBody = z.infer<typeof UpdateThemeBody>;

export const ThemePreset = CreateThemeBody.extend({
  id: z.string().describe("The preset's name for the API"),
}).describe('A ready theme: POST it (without its id) to make it the account’s');
export type ThemePreset = z.infer<typeof ThemePreset>;
export const ThemePresetList = z.object({ presets: z.array(ThemePreset) }).describe('Ready themes');
export type ThemePresetList = z.infer<typeof ThemePresetList>;

// --- What renderers get -----------------------------------------------------------------------

/**
 * The theme of a public form, resolved for renderers: custom properties to set on the element
 * that holds the form, the CSS already scoped under `THEME_SCOPE`, the font's file, the logo's
 * address, and whether "Made with Formloom" is shown.
 */
export const PublicTheme = z
  .object({
    vars: z
      .record(z.string().regex(/^--formloom-[a-z-]+$/), z.string())
      .describe('`--formloom-*` custom properties and their values'),
    css: z.string().optional().describe(`Custom CSS, every rule scoped under \`${THEME_SCOPE}\``),
    font: z
      .object({ family: z.string(), url: z.string().describe('A woff2 file this server serves') })
      .optional()
      .describe('A font the server ships, to load before the form is drawn'),
    logoUrl: z.string().optional(),
    mode: z.enum(THEME_MODES),
    branding: z.boolean().describe('Whether to show "Made with Formloom"'),
  })
  .describe("The form's look");
export type PublicTheme = z.infer<typeof PublicTheme>;

/** The theme's parts `themeVars` reads (a stored theme, or the editor's unsaved one). */
export type ThemeLook = Pick<CreateThemeBody, 'colors' | 'font' | 'radius' | 'background'>;

/**
 * The `--formloom-*` custom properties of a theme: the one mapping the page, the embeds and the
 * dashboard's preview all apply. `base` is where the server's public addresses start (uploads).
 *
 * ```ts
 * themeVars(preset, '')['--formloom-accent']; // '#2456c7'
 * ```
 */
export function themeVars(theme: ThemeLook, base: string): Record<string, string> {
  const { colors } = theme;
  const vars: Record<string, string> = {
    '--formloom-accent': colors.accent,
    '--formloom-accent-text': colors.accentText,
    '--formloom-page-background': theme.background?.color ?? colors.background,
    '--formloom-background': colors.surface,
    '--formloom-color': colors.text,
    '--formloom-muted': colors.muted,
    '--formloom-border': colors.border,
    '--formloom-error': colors.error,
    '--formloom-radius': `${theme.radius}px`,
    '--formloom-font': `1rem/1.5 ${fontStack(theme.font)}`,
  };
  const image = theme.background?.image;
  // The id matches OWNER_UPLOAD_ID_PATTERN and is encoded: nothing in it can end the url().
  if (image !== undefined) vars['--formloom-page-image'] = `url("${publicImageUrl(base, image)}")`;
  return vars;
}

// --- Contrast -------------------------------------------------------------------------------

/** WCAG 2 relative luminance of `#rrggbb`. */
export function relativeLuminance(hex: string): number {
  const channel = (at: number) => {
    const c = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/**
 * The WCAG 2 contrast ratio of two `#rrggbb` colours, 1 to 21.
 *
 * ```ts
 * contrastRatio('#000000', '#ffffff'); // 21
 * ```
 */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** AA for body text. */
export const CONTRAST_MINIMUM = 4.5;

/**
 * The pairs of a theme's colours read together whose contrast is below WCAG AA (4.5:1): text on
 * the page, text on the form, the accent's text on the accent. Warnings, not errors: a maker may
 * keep a brand colour, and sees what it costs.
 */
export function contrastWarnings(
  colors: ThemeColors,
  background?: { color?: string | undefined } | null,
): ContrastWarning[] {
  const pairs: [ContrastWarning['pair'], string, string][] = [
    ['text/background', colors.text, background?.color ?? colors.background],
    ['text/surface', colors.text, colors.surface],
    ['accentText/accent', colors.accentText, colors.accent],
  ];
  return pairs.flatMap(([pair, a, b]) => {
    const ratio = Math.floor(contrastRatio(a, b) * 100) / 100;
    return ratio < CONTRAST_MINIMUM ? [{ pair, ratio, minimum: CONTRAST_MINIMUM }] : [];
  });
}
