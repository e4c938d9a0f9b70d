// The pass's colours from the company brand (issue 22 §1): Wallet takes `rgb(r, g, b)` strings. The background is the
// primary colour, values are white or slate-900 (whichever reads better on it), and labels use the secondary or
// accent colour only when it keeps WCAG AA contrast (4.5:1) on the background, the value colour otherwise.
import { contrastRatio, DEFAULT_BRAND_COLORS, hexToRgb, isHexColor, readableTextOn } from '../../../shared/colour';

export interface PassColours {
  backgroundColor: string;
  foregroundColor: string;
  labelColor: string;
}

export const MIN_LABEL_CONTRAST = 4.5;

const rgb = (hex: string) => {
  const { r, g, b } = hexToRgb(hex);
  return `rgb(${r}, ${g}, ${b})`;
};

export function passColoursOf(brand: { primaryColor?: string | null; secondaryColor?: string | null; accentColor?: string | null }): PassColours {
  const background = isHexColor(brand.primaryColor) ? brand.primaryColor : DEFAULT_BRAND_COLORS.primaryColor;
  const foreground = readableTextOn(background);
  const label = [brand.secondaryColor, brand.accentColor].find((c): c is string => isHexColor(c) && contrastRatio(c, background) >= MIN_LABEL_CONTRAST) ?? foreground;
  return { backgroundColor: rgb(background), foregroundColor: rgb(foreground), labelColor: rgb(label) };
}
