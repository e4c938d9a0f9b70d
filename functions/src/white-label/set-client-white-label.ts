// The per-client white-label override (issue 21 §1 "a per-client override in its client list"): the agency managing a
// client (or an admin) sets it to follow the agency's switch, on, or off. Kept on the agency–client link; the client's
// business item then gets the agency's brand or loses it at once (still one agency brands a client).
import { messages } from '../../../shared/messages';
import type { ClientWhiteLabelInput, ClientWhiteLabelResult } from '../../../shared/schemas/agency';
import { agencyIdOf } from '../agency/agency-access';
import { getAgency, linksOfBusiness, setClientWhiteLabel as storeOverride } from '../agency/repository';
import { getBusiness } from '../business/repository';
import type { Caller } from '../identity/caller';
import { AppError, forbidden, notFound } from '../lib/errors';
import { recordAudit } from '../audit/audit-entry';
import { brandOfAgencyFor } from '../agency/brand';
import { applyBrandToClient } from '../agency/client-brand';

export async function setClientWhiteLabel(caller: Caller, businessId: string, input: ClientWhiteLabelInput): Promise<ClientWhiteLabelResult> {
  const links = await linksOfBusiness(businessId);
  // An admin changes the link of the agency whose brand the client shows, else of the oldest (the one that bills it).
  const brandedBy = caller.isAdmin ? (await getBusiness(businessId))?.whiteLabelAgencyId : undefined;
  const link = caller.isAdmin ? (links.find((l) => l.agencyId === brandedBy) ?? links[0]) : links.find((l) => l.agencyId === agencyIdOf(caller));
  if (!link) throw caller.isAdmin ? notFound(messages.agencyBilling.notAClient) : forbidden();
  const agency = await getAgency(link.agencyId);
  if (!agency) throw notFound(messages.agencyBilling.notAClient);
  if (input.whiteLabel === 'on' && !agency.supportEmail) {
    throw new AppError('VALIDATION_FAILED', messages.agency.clientWhiteLabelNeedsSupport, { whiteLabel: messages.agency.clientWhiteLabelNeedsSupport });
  }
  const saved = await storeOverride(link, input.whiteLabel);
  if (!saved) throw notFound(messages.agencyBilling.notAClient);
  const branded = await applyBrandToClient(link.agencyId, businessId, brandOfAgencyFor(agency, saved.whiteLabel));
  await recordAudit({ businessId, action: 'business.whiteLabelChanged', target: { type: 'business', id: businessId, label: agency.name }, fields: ['whiteLabel'] });
  return { businessId, agencyId: link.agencyId, whiteLabel: saved.whiteLabel ?? 'agency', branded };
}
