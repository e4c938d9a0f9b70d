// Applies a business's brand colours as the site theme (spec 2 §9): CSS variables on <html>.
import { brandTheme, type BrandColors } from './colour'; // TODO switch to @shared/colour

/** Relative luminance of the near-black foreground, hsl(222 47% 11%) ≈ rgb(15 23 42). */
const DARK_LUMINANCE = 0.0089;

const TOKENS = ['primary', 'secondary', 'accent'] as const;

/** Sets the brand variables (plus readable foregrounds) and returns a function that restores the defaults. */
export function applyBrandTheme(colors: BrandColors, root: HTMLElement = document.documentElement): () => void {
  const vars = { ...brandTheme(colors) };
  for (const token of TOKENS) {
    const value = vars[`--${token}`];
    if (value && !vars[`--${token}-foreground`]) vars[`--${token}-foreground`] = readableForeground(value);
  }
  for (const [name, value] of Object.entries(vars)) root.style.setProperty(name, value);
  return () => {
    for (const name of Object.keys(vars)) root.style.removeProperty(name);
  };
}

/** White or near-black text for an 'H S% L%' background, judged by WCAG relative luminance. */
export function readableForeground(hslValue: string): string {
  const [h = 0, s = 0, l = 50] = (hslValue.match(/\d+(?:\.\d+)?/g) ?? []).map(Number);
  const sat = s / 100;
  const light = l / 100;
  const k = (n: number) => (n + h / 30) % 12;
  const a = sat * Math.min(light, 1 - light);
  const channel = (n: number) => light - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const luminance = 0.2126 * lin(channel(0)) + 0.7152 * lin(channel(8)) + 0.0722 * lin(channel(4));
  const contrastWithWhite = 1.05 / (luminance + 0.05);
  const contrastWithDark = (luminance + 0.05) / (DARK_LUMINANCE + 0.05);
  // Prefer white whenever it meets WCAG AA (4.5:1); otherwise take whichever contrasts more.
  return contrastWithWhite >= 4.5 || contrastWithWhite >= contrastWithDark ? '0 0% 100%' : '222 47% 11%';
}
