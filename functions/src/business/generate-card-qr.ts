// QR generation for a card: PNG + SVG encoding the public card URL with the QR source marker, stored in the media bucket.
// Media objects are served `immutable` for a year, so every generation writes new, versioned keys
// (`qr/{businessId}/{cardId}/{version}.png`): a regenerated image is a new URL no cache can have seen.
import { randomBytes } from 'node:crypto';
import type { Card } from '../../../shared/schemas/employee';
import { qrTargetOf } from '../../../shared/urls';
import { deleteMediaObjects, mediaKeyOf, putMediaObject } from '../adapters/media';
import { renderQr } from '../adapters/qr';
import type { Caller } from '../identity/caller';
import { assertCanUseCard, assertMay } from '../identity/access';
import { notFound } from '../lib/errors';
import { logger } from '../lib/logger';
import { customOriginOfBusiness } from '../domain-records/card-origin';
import { cardUrlOf, toCardDto } from './dto';
import { recordAudit } from '../audit/audit-entry';
import { getCard, getCardScanTotal, setCardQr, type CardRecord } from './repository';

/** The media keys of one generation; the version is random so two generations never share a URL. */
export function cardQrKeys(businessId: string, cardId: string, version: string = randomBytes(6).toString('base64url')) {
  const base = `qr/${businessId}/${cardId}/${version}`;
  return { png: `${base}.png`, svg: `${base}.svg` };
}

/**
 * Renders and stores the QR images of a card under new keys and records their URLs and the origin they encode; then
 * deletes the superseded images (best-effort: a leftover object is only storage, the card no longer points to it).
 * `origin`: by default the active custom domain of the agency managing the business, if any (issue 21 §2); null
 * forces the platform's (a removed domain's cards).
 */
export async function storeCardQr(card: Pick<CardRecord, 'cardId' | 'businessId'> & Partial<Pick<CardRecord, 'qrCodeUrl' | 'qrSvgUrl'>>, origin?: string | null): Promise<CardRecord> {
  const qrOrigin = origin === undefined ? await customOriginOfBusiness(card.businessId) : origin;
  const { png, svg } = await renderQr(qrTargetOf(cardUrlOf(card.cardId, qrOrigin)));
  const keys = cardQrKeys(card.businessId, card.cardId);
  const [pngUrl, svgUrl] = await Promise.all([putMediaObject(keys.png, png, 'image/png'), putMediaObject(keys.svg, svg, 'image/svg+xml')]);
  const stored = await setCardQr(card.cardId, pngUrl, svgUrl, qrOrigin);

  const superseded = [card.qrCodeUrl, card.qrSvgUrl]
    .map((url) => (url ? mediaKeyOf(url) : null))
    .filter((key): key is string => key !== null && key !== keys.png && key !== keys.svg);
  await deleteMediaObjects(superseded).catch((error: Error) => logger.warn('superseded QR images were not deleted', { cardId: card.cardId, error }));
  return stored;
}

/** Owners, managing agencies and admins, and the card's own employee (the portal's 'Generate QR Code'). */
export async function generateCardQr(caller: Caller, businessId: string, cardId: string): Promise<Card> {
  const card = await getCard(cardId);
  if (!card || card.businessId !== businessId) {
    // Whether a card exists is only for those who may manage the business to learn.
    await assertMay(caller, businessId, 'employees');
    throw notFound('Card not found.');
  }
  await assertCanUseCard(caller, card);
  const [stored, scanCount] = await Promise.all([storeCardQr(card), getCardScanTotal(cardId)]);
  await recordAudit({ businessId, action: 'card.qrGenerated', target: { type: 'card', id: cardId, label: card.profile.name } });
  return toCardDto(stored, scanCount);
}
