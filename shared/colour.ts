// Brand colour maths (spec 2 §9): hex → HSL for Tailwind-style CSS variables (`hsl(var(--primary))`),
// the hover shade, the agency gradient and a readable text colour. Pure, runs in the browser and on the server.

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** Hue 0–359, saturation and lightness 0–100, all integers. */
export interface Hsl {
  h: number;
  s: number;
  l: number;
}

export interface BrandColors {
  primaryColor?: string | null;
  secondaryColor?: string | null;
  accentColor?: string | null;
}

export const DEFAULT_BRAND_COLORS = {
  primaryColor: '#3B82F6',
  secondaryColor: '#1E40AF',
  accentColor: '#06B6D4',
} as const;

export const HOVER_LIGHTNESS_STEP = 8;
export const LIGHT_TEXT = '#ffffff';
export const DARK_TEXT = '#0f172a';

const hexPattern = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && hexPattern.test(value.trim());
}

/** '#3B82F6' or '#38f' → channels 0–255. Throws on anything else. */
export function hexToRgb(hex: string): Rgb {
  const match = typeof hex === 'string' ? hexPattern.exec(hex.trim()) : null;
  if (!match?.[1]) {
    throw new Error(`Invalid hex colour ${JSON.stringify(hex)}: expected #rgb or #rrggbb`);
  }
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  return {
    r: parseInt(digits.slice(0, 2), 16),
    g: parseInt(digits.slice(2, 4), 16),
    b: parseInt(digits.slice(4, 6), 16),
  };
}

export function hexToHsl(hex: string): Hsl {
  const { r, g, b } = hexToRgb(hex);
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return { h: 0, s: 0, l: Math.round(l * 100) };
  const s = d / (1 - Math.abs(2 * l - 1));
  let h: number;
  if (max === rn) h = ((gn - bn) / d) % 6;
  else if (max === gn) h = (bn - rn) / d + 2;
  else h = (rn - gn) / d + 4;
  h *= 60;
  if (h < 0) h += 360;
  return { h: Math.round(h) % 360, s: Math.round(s * 100), l: Math.round(l * 100) };
}

/** '217 91% 60%': the space-separated form a CSS variable holds for `hsl(var(--primary))`. */
export function hslToCss({ h, s, l }: Hsl): string {
  return `${h} ${s}% ${l}%`;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** '#rrggbb' of an HSL colour (the inverse of hexToHsl, to the nearest 8-bit channel). */
export function hslToHex({ h, s, l }: Hsl): string {
  const sat = s / 100;
  const light = l / 100;
  const chroma = (1 - Math.abs(2 * light - 1)) * sat;
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const value = light - chroma / 2 * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255).toString(16).padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** The primary-hover shade: 8 points darker, never below 0. */
export function hoverVariant(hsl: Hsl): Hsl {
  return { ...hsl, l: clamp(hsl.l - HOVER_LIGHTNESS_STEP, 0, 100) };
}

export type BrandCssVariable = '--primary' | '--primary-hover' | '--secondary' | '--accent' | '--brand-gradient';

/** CSS variables for a business or agency theme; a missing or invalid colour uses the default. */
export function brandTheme(colors: BrandColors): Record<BrandCssVariable, string> {
  const pick = (value: string | null | undefined, fallback: string) => hexToHsl(isHexColor(value) ? value : fallback);
  const primary = pick(colors.primaryColor, DEFAULT_BRAND_COLORS.primaryColor);
  const secondary = pick(colors.secondaryColor, DEFAULT_BRAND_COLORS.secondaryColor);
  const accent = pick(colors.accentColor, DEFAULT_BRAND_COLORS.accentColor);
  return {
    '--primary': hslToCss(primary),
    '--primary-hover': hslToCss(hoverVariant(primary)),
    '--secondary': hslToCss(secondary),
    '--accent': hslToCss(accent),
    '--brand-gradient': `linear-gradient(135deg, hsl(${hslToCss(primary)}) 0%, hsl(${hslToCss(secondary)}) 50%, hsl(${hslToCss(accent)}) 100%)`,
  };
}

/** WCAG 2 relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const { r, g, b } = hexToRgb(hex);
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio, 1 to 21. */
export function contrastRatio(hexA: string, hexB: string): number {
  const [lighter, darker] = [relativeLuminance(hexA), relativeLuminance(hexB)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (lighter + 0.05) / (darker + 0.05);
}

/** White or slate-900 text, whichever contrasts more with the background (white on a tie). */
export function readableTextOn(hex: string): typeof LIGHT_TEXT | typeof DARK_TEXT {
  return contrastRatio(hex, LIGHT_TEXT) >= contrastRatio(hex, DARK_TEXT) ? LIGHT_TEXT : DARK_TEXT;
}

/**
 * White or slate-900 text for a background with several colours (a gradient): whichever keeps the higher contrast
 * on its worst stop.
 */
export function readableTextOnAll(hexes: readonly string[]): typeof LIGHT_TEXT | typeof DARK_TEXT {
  const worst = (text: string) => Math.min(...hexes.map((hex) => contrastRatio(hex, text)));
  return worst(LIGHT_TEXT) >= worst(DARK_TEXT) ? LIGHT_TEXT : DARK_TEXT;
}
