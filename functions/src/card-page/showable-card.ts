// The vCard's card read (public area): one GetItem, shown only while the card and its business are active. The card
// page Lambda reads the same item without ElectroDB (card-store.ts).
import { messages } from '../../../shared/messages';
import { getCard, type CardRecord } from '../business/repository';
import { AppError } from '../lib/errors';
import { isId } from '../../../shared/ids';
import { servesOnDomain } from './custom-domain-host';

/**
 * A card that exists and may be shown: both the card and its business are active; on a custom domain (issue 21 §2)
 * its business is also a client of the domain's agency.
 */
export async function getShowableCard(cardId: string, domain: string | null = null): Promise<CardRecord> {
  if (!isId(cardId)) throw new AppError('NOT_FOUND', messages.card.notFound);
  const card = await getCard(cardId);
  if (!card || (domain && !(await servesOnDomain(domain, card.businessId)))) throw new AppError('NOT_FOUND', messages.card.notFound);
  if (!card.isActive || !card.business.isActive) throw new AppError('NOT_FOUND', messages.card.notAvailable);
  return card;
}
