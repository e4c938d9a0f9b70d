// QR generation for a card: PNG + SVG encoding the public card URL, stored in the media bucket.
import type { Card } from '../../../shared/schemas/employee';
import { putMediaObject } from '../adapters/media';
import { renderQr } from '../adapters/qr';
import type { Caller } from '../identity/caller';
import { assertCanManageBusiness } from '../identity/access';
import { notFound } from '../lib/errors';
import { cardUrlOf, toCardDto } from './dto';
import { getCard, setCardQr, type CardRecord } from './repository';

/** Renders and stores the QR images of a card and records their URLs. */
export async function storeCardQr(card: Pick<CardRecord, 'cardId' | 'businessId'>): Promise<CardRecord> {
  const { png, svg } = await renderQr(cardUrlOf(card.cardId));
  const base = `qr/${card.businessId}/${card.cardId}`;
  const [pngUrl, svgUrl] = await Promise.all([
    putMediaObject(`${base}.png`, png, 'image/png'),
    putMediaObject(`${base}.svg`, svg, 'image/svg+xml'),
  ]);
  return setCardQr(card.cardId, pngUrl, svgUrl);
}

export async function generateCardQr(caller: Caller, businessId: string, cardId: string): Promise<Card> {
  await assertCanManageBusiness(caller, businessId);
  const card = await getCard(cardId);
  if (!card || card.businessId !== businessId) throw notFound('Card not found.');
  return toCardDto(await storeCardQr(card));
}
