// 'Add to Google Wallet' (spec 1 §2 Employee portal): a save link for a card, for the card's own employee and for
// whoever manages its business. Without issuer credentials the answer is a clear 503, never a fake link.
import { DEFAULT_BRAND_COLORS } from '../../../shared/colour';
import type { WalletPass } from '../../../shared/schemas/wallet';
import { walletIssuer } from '../adapters/wallet-issuer';
import { cardUrlOf } from '../business/dto';
import { getCard } from '../business/repository';
import { siteConfig } from '../config';
import { assertCanUseCard } from '../identity/access';
import type { Caller } from '../identity/caller';
import { AppError, notFound } from '../lib/errors';
import { buildWalletSaveUrl } from './build-wallet-save-url';

export async function createWalletPass(caller: Caller, cardId: string): Promise<WalletPass> {
  const card = await getCard(cardId);
  if (!card) throw notFound('Card not found.');
  await assertCanUseCard(caller, card);
  const issuer = await walletIssuer();
  if (!issuer) throw new AppError('NOT_CONFIGURED', 'Google Wallet is not configured for this site.');
  const saveUrl = buildWalletSaveUrl(
    issuer,
    {
      cardId: card.cardId,
      businessId: card.businessId,
      cardUrl: cardUrlOf(card.cardId),
      name: card.profile.name,
      jobTitle: card.profile.jobTitle,
      businessName: card.business.name,
      logoUrl: card.business.logoUrl,
      backgroundColor: card.business.primaryColor ?? DEFAULT_BRAND_COLORS.primaryColor,
    },
    siteConfig().PUBLIC_ORIGIN,
  );
  return { saveUrl };
}
