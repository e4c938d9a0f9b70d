// The public card read: one GetItem returns everything the page and the vCard show.
import { messages } from '../../../shared/messages';
import { cardUrlOf } from '../business/dto';
import { getCard, type CardRecord } from '../business/repository';
import { AppError } from '../lib/errors';
import { idSchema } from '../../../shared/schemas/common';
import type { PublicCardView } from './card-page';

/** A card that exists and may be shown: both the card and its business are active. */
export async function getShowableCard(cardId: string): Promise<CardRecord> {
  if (!idSchema.safeParse(cardId).success) throw new AppError('NOT_FOUND', messages.card.notFound);
  const card = await getCard(cardId);
  if (!card) throw new AppError('NOT_FOUND', messages.card.notFound);
  if (!card.isActive || !card.business.isActive) throw new AppError('NOT_FOUND', messages.card.notAvailable);
  return card;
}

export function toPublicCardView(card: CardRecord): PublicCardView {
  return {
    cardId: card.cardId,
    cardUrl: cardUrlOf(card.cardId),
    vcardUrl: `/api/public/cards/${card.cardId}/vcard`,
    profile: card.profile,
    business: card.business,
  };
}
