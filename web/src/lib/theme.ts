// Applies a business's brand colours as the site theme (spec 2 §9): CSS variables on <html>.
import { useLayoutEffect } from 'react';
import { brandTheme, DEFAULT_BRAND_COLORS, hexToHsl, hoverVariant, hslToCss, hslToHex, isHexColor, readableTextOn, type BrandColors } from '@shared/colour';

type StyleTarget = { style: Pick<CSSStyleDeclaration, 'setProperty' | 'removeProperty'> };

/** Sets the brand variables plus a readable text colour on each, and returns a function that restores the defaults. */
export function applyBrandTheme(colors: BrandColors, root: StyleTarget = document.documentElement): () => void {
  const textOn = (value: string | null | undefined, fallback: string) => hslToCss(hexToHsl(readableTextOn(isHexColor(value) ? value : fallback)));
  const vars: Record<string, string> = {
    ...brandTheme(colors),
    '--primary-foreground': textOn(colors.primaryColor, DEFAULT_BRAND_COLORS.primaryColor),
    // The hover shade is darker: its text is chosen for it, not for the primary (both must read, WCAG AA).
    '--primary-hover-foreground': textOn(hslToHex(hoverVariant(hexToHsl(isHexColor(colors.primaryColor) ? colors.primaryColor : DEFAULT_BRAND_COLORS.primaryColor))), DEFAULT_BRAND_COLORS.primaryColor),
    '--secondary-foreground': textOn(colors.secondaryColor, DEFAULT_BRAND_COLORS.secondaryColor),
    '--accent-foreground': textOn(colors.accentColor, DEFAULT_BRAND_COLORS.accentColor),
  };
  for (const [name, value] of Object.entries(vars)) root.style.setProperty(name, value);
  return () => {
    for (const name of Object.keys(vars)) root.style.removeProperty(name);
  };
}

/**
 * Makes `colors` the site theme while the calling page is shown (none: CardCrew's own). Set in a layout effect, before
 * the browser paints: a brand's buttons are never drawn in CardCrew's blue first and then fade to its colour.
 */
export function useBrandTheme(colors: BrandColors | null | undefined): void {
  const branded = colors != null;
  const { primaryColor, secondaryColor, accentColor } = colors ?? {};
  useLayoutEffect(() => (branded ? applyBrandTheme({ primaryColor, secondaryColor, accentColor }) : undefined), [branded, primaryColor, secondaryColor, accentColor]);
}
