// Agency Settings (spec 2 §2, §5, §7): insert the agency on its first save, update it afterwards. A logo of ours
// that the save replaced or removed is deleted from storage. The agency's white-label brand, and its name, follow onto
// its clients.
import type { Agency, AgencySettings } from '../../../shared/schemas/agency';
import { deleteMediaObjects } from '../adapters/media';
import type { Caller } from '../identity/caller';
import { notFound } from '../lib/errors';
import { newId } from '../lib/ids';
import { logger } from '../lib/logger';
import { imageOwnerFolder, storedImageKeys } from '../adapters/media-keys';
import { applyBrandToClients } from './client-brand';
import { agencyIdOf } from './agency-access';
import { toAgencyDto } from './dto';
import { clearLogoFavicon, createAgency, getAgency, renameAgencyOnClients, updateAgency } from './repository';

export async function saveAgencySettings(caller: Caller, settings: AgencySettings): Promise<Agency> {
  const existingId = agencyIdOf(caller);
  const agencyId = existingId ?? newId();
  if (existingId) {
    const before = await getAgency(existingId);
    if (!before) throw notFound('Agency not found.');
    await updateAgency(existingId, settings);
    // The clients' copies of the name (what the admin businesses tab shows) follow a rename.
    if (before.name !== settings.name) await renameAgencyOnClients(existingId, settings.name);
    // The favicon derived from a replaced logo lives (and is deleted) in that logo's folder.
    if (before.logoFaviconUrl && before.logoUrl !== settings.logoUrl) await clearLogoFavicon(existingId);
    if (before.logoUrl && before.logoUrl !== settings.logoUrl) {
      await deleteMediaObjects(storedImageKeys(before.logoUrl, imageOwnerFolder('logo', existingId))).catch((error: Error) =>
        logger.warn('replaced agency logo was not deleted', { agencyId: existingId, error }),
      );
    }
  } else {
    await createAgency({ agencyId, ownerId: caller.userId, ...settings });
  }
  const stored = await getAgency(agencyId);
  if (!stored) throw notFound('Agency not found.');
  await applyBrandToClients(stored);
  return toAgencyDto(stored);
}
