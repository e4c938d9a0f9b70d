// Local stand-in for the shared brand-colour maths (hex → HSL CSS variables).
// TODO switch to @shared/colour once it lands (brandTheme, DEFAULT_BRAND_COLORS).

export interface BrandColors {
  primaryColor?: string | null;
  secondaryColor?: string | null;
  accentColor?: string | null;
}

export const DEFAULT_BRAND_COLORS = { primaryColor: '#3B82F6', secondaryColor: '#1E40AF', accentColor: '#06B6D4' } as const;

function hexToHsl(hex: string): [number, number, number] | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) return null;
  const full = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  let h = 0;
  let s = 0;
  if (d !== 0) {
    s = d / (1 - Math.abs(2 * l - 1));
    if (max === r) h = ((g - b) / d) % 6;
    else if (max === g) h = (b - r) / d + 2;
    else h = (r - g) / d + 4;
    h *= 60;
    if (h < 0) h += 360;
  }
  return [Math.round(h), Math.round(s * 100), Math.round(l * 100)];
}

const hsl = ([h, s, l]: [number, number, number]) => `${h} ${s}% ${l}%`;

export function brandTheme(colors: BrandColors): Record<string, string> {
  const primary = hexToHsl(colors.primaryColor ?? '') ?? hexToHsl(DEFAULT_BRAND_COLORS.primaryColor)!;
  const secondary = hexToHsl(colors.secondaryColor ?? '') ?? hexToHsl(DEFAULT_BRAND_COLORS.secondaryColor)!;
  const accent = hexToHsl(colors.accentColor ?? '') ?? hexToHsl(DEFAULT_BRAND_COLORS.accentColor)!;
  return {
    '--primary': hsl(primary),
    '--primary-hover': hsl([primary[0], primary[1], Math.max(0, primary[2] - 10)]),
    '--secondary': hsl(secondary),
    '--accent': hsl(accent),
  };
}
