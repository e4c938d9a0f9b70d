// What a card's Google Wallet pass shows, from the card record (its copy of the profile and of the company brand):
// one mapping for the save link and for the update of a saved pass, so both always say the same.
import { DEFAULT_BRAND_COLORS } from '../../../shared/colour';
import { walletLogoUrl } from '../../../shared/media-urls';
import { cardUrlOf } from '../business/dto';
import type { CardRecord } from '../business/repository';
import type { WalletCard } from './build-wallet-save-url';

export function walletCardOf(card: CardRecord): WalletCard {
  return {
    cardId: card.cardId,
    businessId: card.businessId,
    cardUrl: cardUrlOf(card.cardId, card.qrOrigin),
    name: card.profile.name,
    jobTitle: card.profile.jobTitle,
    businessName: card.business.name,
    // Google's 660 px PNG beside the stored logo; an external logo is left out (its format and size are unknown).
    logoUrl: card.business.logoUrl ? (walletLogoUrl(card.business.logoUrl) ?? undefined) : undefined,
    backgroundColor: card.business.primaryColor ?? DEFAULT_BRAND_COLORS.primaryColor,
  };
}
