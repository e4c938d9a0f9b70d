// GET /api/cards/{cardId}/email-signature (issue 22 §3): what the portal's and the Employee Profile dialog's signature
// builder (shared/email-signature.ts) needs. The person and the brand come from the card's copies (what the public card
// shows); the field choices and the disclaimer from the business (Company Settings). The card URL is marked as an
// e-mail signature scan; its QR image, and PNG copies of the photo (cropped round) and logo, are made on the first call.
import { DEFAULT_BRAND_COLORS } from '../../../shared/colour';
import { phonesOf } from '../../../shared/email-signature';
import { markedCardUrl } from '../../../shared/scan-sources';
import { DEFAULT_SIGNATURE_FIELDS, type EmailSignatureData } from '../../../shared/schemas/email-signature';
import { cardUrlOf } from '../business/dto';
import { getBusiness, getCard } from '../business/repository';
import { siteConfig } from '../config';
import { assertCanUseCard } from '../identity/access';
import type { Caller } from '../identity/caller';
import { notFound } from '../lib/errors';
import { ensureSignatureLogo, ensureSignaturePhoto } from './signature-images';
import { ensureSignatureQr } from './signature-qr';

export async function getEmailSignature(caller: Caller, cardId: string): Promise<EmailSignatureData> {
  const card = await getCard(cardId);
  if (!card) throw notFound('Card not found.');
  await assertCanUseCard(caller, card);
  const business = await getBusiness(card.businessId);
  const cardUrl = markedCardUrl(cardUrlOf(card.cardId, card.qrOrigin), 'signature');
  const { profile } = card;
  const fields = business?.signatureFields ?? DEFAULT_SIGNATURE_FIELDS;
  // PNG copies of the stored (WebP) photo and logo, made only for the fields the company shows.
  const [photo, logo] = await Promise.all([
    fields.photo && profile.photoUrl ? ensureSignaturePhoto(card, profile.photoUrl) : null,
    fields.logo && card.business.logoUrl ? ensureSignatureLogo(card, card.business.logoUrl) : null,
  ]);
  return {
    cardId: card.cardId,
    cardUrl,
    qrImageUrl: await ensureSignatureQr(card, cardUrl),
    siteOrigin: new URL(siteConfig().PUBLIC_ORIGIN).origin,
    name: profile.name,
    jobTitle: profile.jobTitle ?? null,
    email: profile.email ?? null,
    phones: phonesOf(profile),
    photoUrl: photo?.url ?? null,
    companyName: card.business.name,
    logoUrl: logo?.url ?? null,
    logoSize: logo ? { width: logo.width, height: logo.height } : null,
    brandColor: card.business.primaryColor ?? DEFAULT_BRAND_COLORS.primaryColor,
    fields,
    disclaimer: business?.signatureDisclaimer ?? null,
  };
}
