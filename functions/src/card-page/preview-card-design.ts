// Company Settings' live preview of a card design (not yet saved): the very HTML the card page would serve for one
// real employee of the business, with the chosen design in place of the saved one. Nothing is stored or counted.
import type { CardDesign } from '../../../shared/schemas/card-design';
import { cardBusinessOf, cardProfileOf, storedCardDesign } from '../business/card-snapshot';
import { cardUrlOf } from '../business/dto';
import { getCardOfEmployee } from '../business/employee-repository';
import { getBusiness, getEmployee } from '../business/repository';
import type { Caller } from '../identity/caller';
import { assertMay } from '../identity/access';
import { notFound } from '../lib/errors';
import { renderCardPage } from './card-page';

export async function previewCardDesign(caller: Caller, businessId: string, design: CardDesign, employeeId: string): Promise<string> {
  await assertMay(caller, businessId, 'settings');
  const [business, employee] = await Promise.all([getBusiness(businessId), getEmployee(employeeId)]);
  if (!business) throw notFound('Business not found.');
  // Another business's employee is as unknown here as a made-up id.
  if (!employee || employee.businessId !== businessId) throw notFound('Employee not found.');
  const card = await getCardOfEmployee(employee);
  // The card's own copy of the profile is what its page shows; an employee without a card shows their record.
  const profile = card?.profile ?? cardProfileOf(employee);
  const cardId = card?.cardId ?? employee.employeeId;
  return renderCardPage({
    cardId,
    cardUrl: cardUrlOf(cardId),
    vcardUrl: `/api/public/cards/${cardId}/vcard`,
    profile,
    business: { ...cardBusinessOf(business), design: storedCardDesign(design) },
  });
}
