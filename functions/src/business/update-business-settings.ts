// Company Settings (spec 2 §2, §5): the business's information, billing details, brand colours and logo. Emptied
// optional fields are stored as absent (shown as null). The card copies of the business's public fields are
// brought in step before the call answers, so every public card shows the new look at once.
import type { Business, BusinessSettings } from '../../../shared/schemas/business';
import type { Caller } from '../identity/caller';
import { assertMay } from '../identity/access';
import { AppError, notFound } from '../lib/errors';
import { messages } from '../../../shared/messages';
import { cardBusinessOf } from './card-snapshot';
import { toBusinessDto } from './dto';
import { getBusiness, getBusinessScanTotal, type BusinessRecord } from './repository';
import { deleteMediaObjects } from '../adapters/media';
import { logger } from '../lib/logger';
import { imageOwnerFolder, storedImageKeys } from '../adapters/media-keys';
import { fanOutBusinessToCards, saveBusinessSettings, type BusinessChanges } from './settings-repository';

export async function updateBusinessSettings(caller: Caller, businessId: string, settings: BusinessSettings): Promise<Business> {
  await assertMay(caller, businessId, 'settings');
  const before = await getBusiness(businessId);
  if (!before) throw notFound('Business not found.');
  // A client billed directly is billed at its billing e-mail, never its agency's (issue 40): it may change, not go.
  if (settings.billingEmail === null && before.managingAgencyBilledTo === 'direct') {
    throw new AppError('VALIDATION_FAILED', messages.agencyBilling.billingEmailNeeded, { billingEmail: messages.agencyBilling.billingEmailNeeded });
  }
  const business = await applyBusinessChanges(before, settings);
  // A logo of ours that the settings replaced or removed is only storage now.
  if (before.logoUrl && before.logoUrl !== business.logoUrl) {
    await deleteMediaObjects(storedImageKeys(before.logoUrl, imageOwnerFolder('logo', businessId))).catch((error: Error) => logger.warn('replaced logo was not deleted', { businessId, error }));
  }
  const coverBefore = before.cardDesign?.coverUrl;
  if (coverBefore && coverBefore !== business.cardDesign.coverUrl) {
    await deleteMediaObjects(storedImageKeys(coverBefore, imageOwnerFolder('cover', businessId))).catch((error: Error) => logger.warn('replaced cover was not deleted', { businessId, error }));
  }
  return business;
}

/** Saves (some of) the settings, or the active flag, then brings every card's copy of the business in step. */
export async function applyBusinessChanges(before: BusinessRecord, settings: BusinessChanges): Promise<Business> {
  const { businessId } = before;
  const version = await saveBusinessSettings(before, settings);
  const after = await getBusiness(businessId);
  if (!after) throw notFound('Business not found.');
  await fanOutBusinessToCards(businessId, cardBusinessOf(after), version);
  return toBusinessDto(after, await getBusinessScanTotal(businessId));
}
