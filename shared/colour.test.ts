import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BRAND_COLORS,
  brandTheme,
  contrastRatio,
  hexToHsl,
  hexToRgb,
  hoverVariant,
  hslToHex,
  hslToCss,
  isHexColor,
  readableTextOn,
  relativeLuminance,
} from './colour';

describe('hexToHsl', () => {
  it.each([
    ['#3B82F6', { h: 217, s: 91, l: 60 }],
    ['#1E40AF', { h: 226, s: 71, l: 40 }],
    ['#06B6D4', { h: 189, s: 94, l: 43 }],
    ['#ffffff', { h: 0, s: 0, l: 100 }],
    ['#fff', { h: 0, s: 0, l: 100 }],
    ['#000000', { h: 0, s: 0, l: 0 }],
    ['#000', { h: 0, s: 0, l: 0 }],
    ['#808080', { h: 0, s: 0, l: 50 }],
    ['#ff0000', { h: 0, s: 100, l: 50 }],
    ['#0f0', { h: 120, s: 100, l: 50 }],
    ['#00f', { h: 240, s: 100, l: 50 }],
    ['#ff00ff', { h: 300, s: 100, l: 50 }],
  ])('converts %s', (hex, hsl) => {
    expect(hexToHsl(hex)).toEqual(hsl);
  });

  it('reads the 3-digit form as doubled digits', () => {
    expect(hexToHsl('#38f')).toEqual(hexToHsl('#3388ff'));
  });

  it('is case-insensitive and ignores surrounding spaces', () => {
    expect(hexToHsl(' #3b82f6 ')).toEqual(hexToHsl('#3B82F6'));
  });

  it('wraps a hue that rounds to 360 back to 0', () => {
    // #ff0001 has hue 359.76°
    expect(hexToHsl('#ff0001').h).toBe(0);
    expect(hexToHsl('#ff0004').h).toBe(359);
  });

  it.each(['3B82F6', '#3B82F', '#GGGGGG', '#1234', '', 'blue', '#3B82F6FF', 'rgb(0,0,0)'])(
    'throws a clear error for %j',
    (value) => {
      expect(() => hexToHsl(value)).toThrow(/Invalid hex colour/);
    },
  );
});

describe('hexToRgb and isHexColor', () => {
  it('reads the channels', () => {
    expect(hexToRgb('#3B82F6')).toEqual({ r: 59, g: 130, b: 246 });
    expect(hexToRgb('#abc')).toEqual({ r: 0xaa, g: 0xbb, b: 0xcc });
  });

  it('tells hex colours from other values', () => {
    expect(isHexColor('#abc')).toBe(true);
    expect(isHexColor('#abcdef')).toBe(true);
    expect(isHexColor('abc')).toBe(false);
    expect(isHexColor(null)).toBe(false);
    expect(isHexColor(42)).toBe(false);
  });
});

describe('hslToCss', () => {
  it('writes the space-separated form a CSS variable holds', () => {
    expect(hslToCss({ h: 217, s: 91, l: 60 })).toBe('217 91% 60%');
    expect(hslToCss(hexToHsl('#000'))).toBe('0 0% 0%');
  });
});

describe('hoverVariant', () => {
  it('darkens the lightness by 8', () => {
    expect(hoverVariant({ h: 217, s: 91, l: 60 })).toEqual({ h: 217, s: 91, l: 52 });
  });

  it('never goes below 0', () => {
    expect(hoverVariant({ h: 0, s: 0, l: 5 }).l).toBe(0);
    expect(hoverVariant({ h: 0, s: 0, l: 0 }).l).toBe(0);
  });

  it('does not change the colour it is given', () => {
    const hsl = { h: 10, s: 20, l: 30 };
    hoverVariant(hsl);
    expect(hsl.l).toBe(30);
  });
});

describe('brandTheme', () => {
  it('uses the defaults #3B82F6, #1E40AF and #06B6D4 when no colours are set', () => {
    expect(DEFAULT_BRAND_COLORS).toEqual({
      primaryColor: '#3B82F6',
      secondaryColor: '#1E40AF',
      accentColor: '#06B6D4',
    });
    expect(brandTheme({ primaryColor: null, secondaryColor: null, accentColor: null })).toEqual({
      '--primary': '217 91% 60%',
      '--primary-hover': '217 91% 52%',
      '--secondary': '226 71% 40%',
      '--accent': '189 94% 43%',
      '--brand-gradient': 'linear-gradient(135deg, hsl(217 91% 60%) 0%, hsl(226 71% 40%) 50%, hsl(189 94% 43%) 100%)',
    });
  });

  it('applies the brand colours that are set', () => {
    const theme = brandTheme({ primaryColor: '#ff0000', secondaryColor: '#00ff00', accentColor: '#0000ff' });
    expect(theme['--primary']).toBe('0 100% 50%');
    expect(theme['--primary-hover']).toBe('0 100% 42%');
    expect(theme['--secondary']).toBe('120 100% 50%');
    expect(theme['--accent']).toBe('240 100% 50%');
    expect(theme['--brand-gradient']).toBe(
      'linear-gradient(135deg, hsl(0 100% 50%) 0%, hsl(120 100% 50%) 50%, hsl(240 100% 50%) 100%)',
    );
  });

  it('replaces only the invalid colour with its default', () => {
    const theme = brandTheme({ primaryColor: 'not-a-colour', secondaryColor: '#000', accentColor: undefined });
    expect(theme['--primary']).toBe('217 91% 60%');
    expect(theme['--secondary']).toBe('0 0% 0%');
    expect(theme['--accent']).toBe('189 94% 43%');
  });
});

describe('readableTextOn', () => {
  it.each([
    ['#000000', '#ffffff'],
    ['#1E40AF', '#ffffff'],
    ['#0f172a', '#ffffff'],
    ['#ffffff', '#0f172a'],
    ['#FACC15', '#0f172a'],
    ['#06B6D4', '#0f172a'],
    // Pure contrast prefers dark text on blue-500 (4.85:1 against 3.68:1 for white).
    ['#3B82F6', '#0f172a'],
  ])('picks the higher-contrast text on %s', (background, text) => {
    expect(readableTextOn(background)).toBe(text);
  });

  it('throws for an invalid colour', () => {
    expect(() => readableTextOn('blue')).toThrow(/Invalid hex colour/);
  });
});

describe('WCAG luminance and contrast', () => {
  it('gives luminance 0 for black and 1 for white', () => {
    expect(relativeLuminance('#000')).toBe(0);
    expect(relativeLuminance('#fff')).toBe(1);
  });

  it('gives 21:1 for black on white, the same either way round, and 1:1 for equal colours', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 10);
    expect(contrastRatio('#fff', '#000')).toBeCloseTo(21, 10);
    expect(contrastRatio('#3B82F6', '#3B82F6')).toBe(1);
  });

  it('matches the published ratio for blue-500 on white', () => {
    expect(contrastRatio('#3B82F6', '#ffffff')).toBeCloseTo(3.68, 2);
  });
});

describe('hslToHex', () => {
  it('inverts hexToHsl to the nearest channel', () => {
    for (const hex of ['#3b82f6', '#1e40af', '#06b6d4', '#000000', '#ffffff', '#7c3aed', '#f59e0b']) {
      const back = hslToHex(hexToHsl(hex));
      const channels = (h: string) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
      channels(back).forEach((c, i) => expect(Math.abs(c - channels(hex)[i]!), `${hex} → ${back}`).toBeLessThanOrEqual(3));
    }
  });
});
