// The vCard's and the contact form's card read: one GetItem, shown only while the card and its business are active;
// a card whose employee left answers 410 Gone (issue 23 §2), one more GetItem on that path only. The card page
// Lambda reads the same items without ElectroDB (card-store.ts).
import { messages } from '../../../shared/messages';
import { getCard, type CardRecord } from '../business/repository';
import { getLeaver } from '../business/leaver-repository';
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
  if (card && domain && !(await servesOnDomain(domain, card.businessId))) throw new AppError('NOT_FOUND', messages.card.notFound);
  if (card?.isActive && card.business.isActive) return card;
  if (card && !card.business.isActive) throw new AppError('NOT_FOUND', messages.card.notAvailable);
  const leaver = await getLeaver(cardId);
  if (leaver && !card && domain && !(await servesOnDomain(domain, leaver.businessId))) throw new AppError('NOT_FOUND', messages.card.notFound);
  if (leaver) throw new AppError('GONE', messages.leavers.gone(leaver.name, card?.business.name ?? leaver.businessName));
  throw new AppError('NOT_FOUND', card ? messages.card.notAvailable : messages.card.notFound);
}
