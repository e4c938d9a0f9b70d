// 'Add to Apple Wallet' (issue 22 §1): the signed-in call answers a 5-minute link (pass-tokens.ts) for the card's own
// employee and whoever may manage its business; the link answers the signed pass. Without a signer (not configured)
// both answer 404 "not available", never a 5xx. The pass of an inactive card (or business) is voided.
import { appleWalletMessages } from '../../../shared/messages/apple-wallet';
import type { ApplePassLink } from '../../../shared/schemas/apple-wallet';
import { DEFAULT_BRAND_COLORS, isHexColor } from '../../../shared/colour';
import { appleWalletSigner, type AppleWalletSigner } from '../adapters/apple-wallet-signer';
import { cardUrlOf } from '../business/dto';
import { getCard, type CardRecord } from '../business/repository';
import { siteConfig } from '../config';
import { assertCanUseCard } from '../identity/access';
import type { Caller } from '../identity/caller';
import { AppError, notFound } from '../lib/errors';
import { lazy } from '../lib/lazy';
import { passImagesOf } from './pass-images';
import { authenticationTokenOf, checkDownloadGrant, downloadGrantOf, passSecretOf, type DownloadGrant } from './pass-tokens';

/** passkit-generator (with node-forge and joi, ~450 KB to evaluate) loads with the first pass signed (issue 25 §3). */
const passBuilder = lazy(() => import('./build-pass'));

/** The signer, or the clear 404 a site without Apple Wallet answers. */
export async function requireSigner(): Promise<AppleWalletSigner> {
  const signer = await appleWalletSigner();
  if (!signer) throw notFound(appleWalletMessages.notAvailable);
  return signer;
}

const origin = () => siteConfig().PUBLIC_ORIGIN.replace(/\/$/, '');

/** PassKit web service base URL: Wallet appends `/v1/…`. */
export const webServiceUrl = () => `${origin()}/api/passkit`;

export async function createApplePassLink(caller: Caller, cardId: string): Promise<ApplePassLink> {
  const card = await getCard(cardId);
  if (!card) throw notFound('Card not found.');
  await assertCanUseCard(caller, card);
  const signer = await requireSigner();
  const { expires, signature } = downloadGrantOf(passSecretOf(signer.signerKey), cardId);
  return { downloadUrl: `${origin()}/api/apple-wallet/passes/${encodeURIComponent(cardId)}?expires=${expires}&signature=${signature}` };
}

/** The signed pass of a card as it is now. */
export async function passOf(signer: AppleWalletSigner, card: CardRecord): Promise<Buffer> {
  const brandHex = isHexColor(card.business.primaryColor) ? card.business.primaryColor : DEFAULT_BRAND_COLORS.primaryColor;
  const [images, { buildPass }] = await Promise.all([passImagesOf({ logoUrl: card.business.logoUrl, photoUrl: card.profile.photoUrl, brandHex }), passBuilder()]);
  return buildPass(
    signer,
    {
      cardId: card.cardId,
      cardUrl: cardUrlOf(card.cardId, card.qrOrigin),
      name: card.profile.name,
      jobTitle: card.profile.jobTitle,
      businessName: card.business.name,
      primaryColor: card.business.primaryColor,
      secondaryColor: card.business.secondaryColor,
      accentColor: card.business.accentColor,
      active: card.isActive && card.business.isActive,
    },
    { webServiceURL: webServiceUrl(), authenticationToken: authenticationTokenOf(passSecretOf(signer.signerKey), card.cardId) },
    images,
  );
}

/** What the download link answers: the pass and the name to save it under. */
export async function downloadApplePass(cardId: string, grant: DownloadGrant): Promise<{ pass: Buffer; fileName: string }> {
  const signer = await requireSigner();
  const check = checkDownloadGrant(passSecretOf(signer.signerKey), cardId, grant);
  if (check === 'forged') throw new AppError('FORBIDDEN', appleWalletMessages.linkForged);
  if (check === 'expired') throw new AppError('GONE', appleWalletMessages.linkExpired);
  const card = await getCard(cardId);
  if (!card) throw notFound('Card not found.');
  return { pass: await passOf(signer, card), fileName: passFileName(card.profile.name) };
}

/** `{name}.pkpass`, kept to characters every header and file system takes. */
export function passFileName(name: string): string {
  const safe = name.normalize('NFKD').replace(/[^\w .-]/g, '').trim().replace(/\s+/g, '-');
  return `${safe || 'card'}.pkpass`;
}
