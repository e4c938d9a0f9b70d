// White-label (issue 21 §1): a white-labelled client's owner and employees see their agency's name as the page title
// and its favicon in the tab (32 px PNG, plus the 180 px apple-touch-icon) — or, without one, its logo, or its initial
// on slate — where CardCrew's would be. Loaded only for them (the session provider imports it when /api/me carries a
// brand), so nobody else's first load grows. There is no web app manifest, so the 512 px rendition is not linked.
import { initialIconUrl } from '@shared/initial-icon';
import type { ClientBrandView } from '@shared/schemas/me';

/** Shows the brand in the tab; returns what puts CardCrew's back (sign-out, another account). */
export function showBrand(brand: ClientBrandView): () => void {
  const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  const before = {
    title: document.title,
    href: icon?.getAttribute('href') ?? null,
    type: icon?.getAttribute('type') ?? null,
    sizes: icon?.getAttribute('sizes') ?? null,
  };
  document.title = brand.name;
  let touchIcon: HTMLLinkElement | null = null;
  if (icon) {
    if (brand.favicon) {
      icon.href = brand.favicon.icon32;
      icon.type = 'image/png';
      icon.setAttribute('sizes', '32x32');
      touchIcon = document.createElement('link');
      touchIcon.rel = 'apple-touch-icon';
      touchIcon.setAttribute('sizes', '180x180');
      touchIcon.href = brand.favicon.appleTouch180;
      document.head.append(touchIcon);
    } else {
      icon.href = brand.logoUrl ?? initialIconUrl(brand.name, '#334155', '#ffffff');
      if (brand.logoUrl) icon.removeAttribute('type');
      else icon.type = 'image/svg+xml';
    }
  }
  return () => {
    document.title = before.title;
    touchIcon?.remove();
    if (icon && before.href) {
      icon.setAttribute('href', before.href);
      if (before.type) icon.setAttribute('type', before.type);
      if (before.sizes) icon.setAttribute('sizes', before.sizes);
      else icon.removeAttribute('sizes');
    }
  };
}
