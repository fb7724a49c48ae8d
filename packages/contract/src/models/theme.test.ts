import { describe, expect, it } from 'vitest';
import { CreateThemeBody, contrastRatio, contrastWarnings, fontStack, themeVars } from './theme.js';
import { THEME_PRESETS } from './theme-presets.js';

const colors = THEME_PRESETS[0]!.colors;

describe('theme contrast', () => {
  it('measures WCAG ratios: black on white is 21, a colour on itself is 1, order does not matter', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
    // #767676 on white is the well-known lightest grey that passes AA (4.54:1).
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#ffffff', '#767676')).toBe(contrastRatio('#767676', '#ffffff'));
  });

  it('warns for each pair below 4.5:1 and not for those above', () => {
    expect(contrastWarnings(colors)).toEqual([]);
    const pale = { ...colors, text: '#999999', accentText: '#ffffff', accent: '#7fb0ff' };
    expect(contrastWarnings(pale)).toEqual([
      { pair: 'text/background', ratio: 2.58, minimum: 4.5 },
      { pair: 'text/surface', ratio: 2.84, minimum: 4.5 },
      { pair: 'accentText/accent', ratio: 2.19, minimum: 4.5 },
    ]);
  });

  it("reads text against the page's own background colour when the theme sets one", () => {
    expect(contrastWarnings(colors, { color: '#1c1e21' }).map((w) => w.pair)).toEqual(['text/background']);
  });
});

describe('theme presets', () => {
  it.each(THEME_PRESETS.map((p) => [p.id, p] as const))('%s is a valid theme that passes AA', (_, preset) => {
    const { id: _id, ...body } = preset;
    expect(CreateThemeBody.parse(body)).toEqual(body);
    expect(contrastWarnings(preset.colors)).toEqual([]);
  });
});

describe('themeVars', () => {
  it('maps colours, radius and font to the --formloom-* properties the renderers read', () => {
    const vars = themeVars(
      { colors, font: 'lora', radius: 4, background: { image: 'abc_DEF-1' } },
      'https://f.example/',
    );
    expect(vars).toMatchObject({
      '--formloom-accent': '#2456c7',
      '--formloom-background': '#ffffff',
      '--formloom-page-background': '#f3f4f6',
      '--formloom-radius': '4px',
      '--formloom-font': `1rem/1.5 ${fontStack('lora')}`,
      '--formloom-page-image': 'url("https://f.example/v1/public/images/abc_DEF-1")',
    });
    expect(fontStack('lora')).toMatch(/^"Lora Variable",Georgia/);
  });
});
