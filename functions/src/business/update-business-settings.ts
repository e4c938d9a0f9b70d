// Company Settings (spec 2 §2, §5): the business's information, billing details, brand colours and logo. Emptied
// optional fields are stored as absent (shown as null). The card copies of the business's public fields are
// brought in step before the call answers, so every public card shows the new look at once.
import type { Business, BusinessSettings } from '../../../shared/schemas/business';
import type { Caller } from '../identity/caller';
import { assertCanManageBusiness } from '../identity/access';
import { notFound } from '../lib/errors';
import { cardBusinessOf } from './card-snapshot';
import { toBusinessDto } from './dto';
import { getBusiness, getBusinessScanTotal } from './repository';
import { fanOutBusinessToCards, saveBusinessSettings } from './settings-repository';

export async function updateBusinessSettings(caller: Caller, businessId: string, settings: BusinessSettings): Promise<Business> {
  await assertCanManageBusiness(caller, businessId);
  const before = await getBusiness(businessId);
  if (!before) throw notFound('Business not found.');

  const version = await saveBusinessSettings(before, settings);
  const after = await getBusiness(businessId);
  if (!after) throw notFound('Business not found.');
  await fanOutBusinessToCards(businessId, cardBusinessOf(after), version);
  return toBusinessDto(after, await getBusinessScanTotal(businessId));
}
