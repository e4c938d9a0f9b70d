// Add Client (spec 2 §2, §7 create_agency_client_business): a new business managed by the caller's agency.
// The client's owner of record is the agency's owner and it has no billing e-mail; the client's own owner can take
// over later through an Owner invitation (docs/decisions.md).
import { messages } from '../../../shared/messages';
import type { AddClient, AgencyClientSummary } from '../../../shared/schemas/agency';
import { getBusiness } from '../business/repository';
import { searchFieldsOf } from '../business/search-fields';
import type { Caller } from '../identity/caller';
import { AppError } from '../lib/errors';
import { newId } from '../lib/ids';
import { compact } from '../lib/values';
import { brandOfAgency } from './brand';
import { applyBrandToClient } from './client-brand';
import { agencyIdOf } from './agency-access';
import { toClientSummary } from './dto';
import { createClientBusiness, getAgency } from './repository';

export async function addClient(caller: Caller, input: AddClient): Promise<AgencyClientSummary> {
  const agencyId = agencyIdOf(caller);
  const agency = agencyId ? await getAgency(agencyId) : null;
  if (!agencyId || !agency) throw new AppError('CONFLICT', messages.agency.setUpFirst);

  const businessId = newId();
  const fields = compact(input);
  await createClientBusiness(agencyId, { businessId, ownerId: agency.ownerId, ownerEmail: caller.email, ...fields, ...searchFieldsOf({ ...fields, ownerEmail: caller.email }) }, agency.name);
  const brand = brandOfAgency(agency);
  if (brand) await applyBrandToClient(agencyId, businessId, brand);
  const stored = await getBusiness(businessId);
  if (!stored) throw new AppError('INTERNAL', messages.agency.addClientFailed);
  return toClientSummary(stored, { agencyId });
}
