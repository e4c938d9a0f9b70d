// White-label (issue 21 §1): a white-labelled client's owner and employees see their agency's name as the page title
// and its logo as the tab icon (or, without a logo, its initial on its colour), where CardCrew's would be. Loaded only
// for them (the session provider imports it when /api/me carries a brand), so nobody else's first load grows.
import type { ClientBrandView } from '@shared/schemas/me';

/** A square SVG icon with the brand's initial, for an agency without a logo. */
export function initialIcon(name: string): string {
  const initial = (name.trim()[0] ?? '?').toUpperCase().replace(/[<>&"']/g, '');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#334155"/><text x="16" y="22" font-family="Arial,sans-serif" font-size="18" font-weight="700" fill="#fff" text-anchor="middle">${initial}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** Shows the brand in the tab; returns what puts CardCrew's back (sign-out, another account). */
export function showBrand(brand: ClientBrandView): () => void {
  const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  const before = { title: document.title, href: icon?.getAttribute('href') ?? null, type: icon?.getAttribute('type') ?? null };
  document.title = brand.name;
  if (icon) {
    icon.href = brand.logoUrl ?? initialIcon(brand.name);
    if (brand.logoUrl) icon.removeAttribute('type');
    else icon.type = 'image/svg+xml';
  }
  return () => {
    document.title = before.title;
    if (icon && before.href) {
      icon.setAttribute('href', before.href);
      if (before.type) icon.setAttribute('type', before.type);
    }
  };
}
