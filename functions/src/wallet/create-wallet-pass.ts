// 'Add to Google Wallet' (spec 1 §2 Employee portal): a save link for a card, for the card's own employee and for
// whoever manages its business. Without issuer credentials the answer is a clear 503, never a fake link (the portal
// hides the button where config.json says no Google Wallet; locally the stand-in is the issuer).
import type { WalletPass } from '../../../shared/schemas/wallet';
import { walletIssuer } from '../adapters/wallet-issuer';
import { getCard } from '../business/repository';
import { siteConfig, walletConfig } from '../config';
import { assertCanUseCard } from '../identity/access';
import type { Caller } from '../identity/caller';
import { AppError, notFound } from '../lib/errors';
import { buildWalletSaveUrl } from './build-wallet-save-url';
import { walletCardOf } from './wallet-card';

export async function createWalletPass(caller: Caller, cardId: string): Promise<WalletPass> {
  const card = await getCard(cardId);
  if (!card) throw notFound('Card not found.');
  await assertCanUseCard(caller, card);
  const issuer = await walletIssuer();
  if (!issuer) throw new AppError('NOT_CONFIGURED', 'Google Wallet is not configured for this site.');
  const saveUrl = buildWalletSaveUrl(issuer, walletCardOf(card), siteConfig().PUBLIC_ORIGIN, walletConfig().GOOGLE_WALLET_SAVE_URL);
  return { saveUrl };
}
