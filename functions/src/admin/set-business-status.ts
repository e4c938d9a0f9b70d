// The Active/Inactive toggle of the businesses tab (spec 2 §4): the business and every card's copy of it follow, so
// an inactive business's cards answer 'Card Not Found' at once.
import type { AdminBusinessRow } from '../../../shared/schemas/admin';
import { applyBusinessChanges } from '../business/update-business-settings';
import { getBusiness } from '../business/repository';
import { notFound } from '../lib/errors';
import { listActivePlans } from '../plans/repository';
import { toDirectoryRow } from './business-directory';

export async function setBusinessStatus(businessId: string, isActive: boolean): Promise<AdminBusinessRow> {
  const before = await getBusiness(businessId);
  if (!before) throw notFound('Business not found.');
  await applyBusinessChanges(before, { isActive });
  const [after, plans] = await Promise.all([getBusiness(businessId), listActivePlans()]);
  if (!after) throw notFound('Business not found.');
  return toDirectoryRow(after, plans);
}
