// White-label (issue 21 §1): shows a white-labelled client's agency brand in the tab while a page is open — the
// signed-in pages (from /api/me) and the onboarding page an invitation opens (from the invitation). The module that
// changes the tab loads only when there is a brand, so nobody else's first load grows.
import type { ClientBrandView } from '@shared/schemas/me';
import { useEffect } from 'react';

export function useBrandChrome(brand: ClientBrandView | null | undefined): void {
  useEffect(() => {
    if (!brand) return;
    let undo: (() => void) | undefined;
    let current = true;
    void import('./brand-chrome').then(({ showBrand }) => {
      if (current) undo = showBrand(brand);
    });
    return () => {
      current = false;
      undo?.();
    };
  }, [brand]);
}
