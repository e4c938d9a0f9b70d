// The vCard's card read (public area): one GetItem, shown only while the card and its business are active. The card
// page Lambda reads the same item without ElectroDB (card-store.ts).
import { messages } from '../../../shared/messages';
import { getCard, type CardRecord } from '../business/repository';
import { AppError } from '../lib/errors';
import { isId } from '../../../shared/ids';

/** A card that exists and may be shown: both the card and its business are active. */
export async function getShowableCard(cardId: string): Promise<CardRecord> {
  if (!isId(cardId)) throw new AppError('NOT_FOUND', messages.card.notFound);
  const card = await getCard(cardId);
  if (!card) throw new AppError('NOT_FOUND', messages.card.notFound);
  if (!card.isActive || !card.business.isActive) throw new AppError('NOT_FOUND', messages.card.notAvailable);
  return card;
}
