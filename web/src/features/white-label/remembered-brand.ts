// White-label (issue 40): a white-labelled client's person who signs out keeps seeing the agency's brand on the
// sign-in page, the forgotten-password page and the 404 page, and Sign Out takes them to the agency's sign-in page, not
// to CardCrew's marketing home. The brand is the one the server last gave this browser's signed-in person (/api/me,
// written by session-start.ts); the next person to sign in here replaces it (or clears it when they have none). No
// schema library here: the session's boot writes it (use-remembered-brand.ts validates what it reads).
import type { ClientBrandView } from '@shared/schemas/me';
import { onAgencyDomain } from './on-agency-domain';

export const BRAND_KEY = 'cardcrew.brand';
/** The style web/remembered-brand.js adds to the prerendered sign-in page to keep CardCrew's mark from being painted. */
export const BRAND_PENDING_STYLE_ID = 'brand-pending';

/** Keeps the brand /api/me gave the signed-in person, or forgets it when they have none (a direct customer, an agency). */
export function rememberBrand(brand: ClientBrandView | null): void {
  try {
    if (brand) localStorage.setItem(BRAND_KEY, JSON.stringify(brand));
    else localStorage.removeItem(BRAND_KEY);
  } catch {
    // storage blocked or full: a signed-out visit shows CardCrew's sign-in page
  }
}

/** The raw kept brand (JSON), or null. */
export function rememberedBrandJson(): string | null {
  try {
    return localStorage.getItem(BRAND_KEY);
  } catch {
    return null;
  }
}

/**
 * Where Sign Out goes: a white-labelled client's person to the agency's sign-in page — on the agency's domain when it
 * has an active one (a full URL when that is not this page's origin), else this site's /auth in the agency's brand;
 * anyone on an agency's domain to its sign-in page too; everyone else to the site's home page.
 */
export function pathAfterSignOut(): string {
  const json = rememberedBrandJson();
  if (!json) return onAgencyDomain() ? '/auth' : '/';
  const siteOrigin = siteOriginOf(json);
  return siteOrigin && siteOrigin !== window.location.origin ? `${siteOrigin}/auth` : '/auth';
}

/** Goes to `pathAfterSignOut()`: in the app, or to the agency's domain with a page load. */
export function goAfterSignOut(navigate: (to: string, options?: { replace?: boolean }) => void, options?: { replace?: boolean }): void {
  const to = pathAfterSignOut();
  if (/^https?:\/\//.test(to)) window.location.assign(to);
  else navigate(to, options);
}

function siteOriginOf(json: string): string | null {
  try {
    const origin = (JSON.parse(json) as { siteOrigin?: unknown }).siteOrigin;
    return typeof origin === 'string' && /^https?:\/\/[^/]+$/.test(origin) ? origin : null;
  } catch {
    return null;
  }
}
