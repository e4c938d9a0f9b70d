// White-label (issue 21 §1): a white-labelled client's owner and employees see their agency's name as the page title
// and its logo as the tab icon (or, without a logo, its initial on its colour), where CardCrew's would be. Loaded only
// for them (the session provider imports it when /api/me carries a brand), so nobody else's first load grows.
import { initialIconUrl } from '@shared/initial-icon';
import type { ClientBrandView } from '@shared/schemas/me';

/** Shows the brand in the tab; returns what puts CardCrew's back (sign-out, another account). */
export function showBrand(brand: ClientBrandView): () => void {
  const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  const before = { title: document.title, href: icon?.getAttribute('href') ?? null, type: icon?.getAttribute('type') ?? null };
  document.title = brand.name;
  if (icon) {
    icon.href = brand.logoUrl ?? initialIconUrl(brand.name, '#334155', '#ffffff');
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
