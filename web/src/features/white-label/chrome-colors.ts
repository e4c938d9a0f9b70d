// White-label (issue 21 §1): the colours of the chrome (top bar, primary buttons) of a client's dashboard, onboarding
// page and employee portal — its agency's when the client is white-labelled, its own otherwise. Only the chrome: card
// previews and card pages keep the client's own brand. Pure and tiny, so the pages import it without the brand module.
import type { BrandColors } from '@shared/colour';
import type { ClientBrandView } from '@shared/schemas/me';

export function chromeColorsOf(own: BrandColors, brand: ClientBrandView | null | undefined): BrandColors {
  return brand?.colors ?? own;
}
