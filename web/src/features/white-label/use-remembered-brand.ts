// The brand kept for a signed-out white-labelled client's person (remembered-brand.ts), read and validated for the
// signed-out pages that show it (/auth, the 404 page). Null while hydrating a prerendered page (the HTML was built
// signed out and unbranded), then what this browser keeps.
import { clientBrandSchema, type ClientBrandView } from '@shared/schemas/me';
import { useSyncExternalStore } from 'react';
import { BRAND_KEY, rememberedBrandJson } from './remembered-brand';

let parsed: { json: string | null; brand: ClientBrandView | null } = { json: null, brand: null };

/** The kept brand, the same object while the stored JSON is unchanged (useSyncExternalStore compares snapshots). */
function snapshot(): ClientBrandView | null {
  const json = rememberedBrandJson();
  if (json !== parsed.json) {
    parsed = { json, brand: parseBrand(json) };
  }
  return parsed.brand;
}

function parseBrand(json: string | null): ClientBrandView | null {
  try {
    const result = clientBrandSchema.safeParse(JSON.parse(json ?? 'null'));
    return result.success ? result.data : null;
  } catch {
    return null; // not ours: CardCrew's page
  }
}

function subscribe(onChange: () => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key === null || event.key === BRAND_KEY) onChange();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

export function useRememberedBrand(): ClientBrandView | null {
  return useSyncExternalStore(subscribe, snapshot, () => null);
}

/**
 * Where a 'home' link of a page outside the marketing site goes (the 404 page, an invalid invitation): for a signed-out
 * white-labelled client's person the agency's sign-in page, never CardCrew's marketing home (issue 40); else home.
 */
export function useHomePath(signedIn: boolean): string {
  return useRememberedBrand() && !signedIn ? '/auth' : '/';
}
