// The tab icon of a brand without a logo (issue 21): its initial on a colour, as an inline SVG data URL (no request).
// Card pages draw a business's; the white-labelled signed-in pages an agency's.
import { initials } from './format';

/** `fill` and `text` are colours the caller has checked (#rgb or #rrggbb); the initial is a letter or digit. */
export function initialIconUrl(name: string, fill: string, text: string): string {
  const initial = initials(name).slice(0, 1);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${fill}"/><text x="16" y="22" font-family="Arial,sans-serif" font-size="18" font-weight="700" fill="${text}" text-anchor="middle">${initial}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
