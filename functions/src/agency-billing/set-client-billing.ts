// Who pays for a client (issue 20 §1): the agency managing it chooses, and so may an admin. The choice is kept on the
// agency–client link with who made it and when (and on the business item's copy of its managing agency); the next
// monthly run bills accordingly.
import { messages } from '../../../shared/messages';
import type { ClientBilling, ClientBillingInput } from '../../../shared/schemas/agency-billing';
import { agencyIdOf } from '../agency/agency-access';
import type { Caller } from '../identity/caller';
import { forbidden, notFound } from '../lib/errors';
import { getAgency, linksOfBusiness } from '../agency/repository';
import { setBilledTo, type AgencyClientLink } from './repository';
import { recordAudit } from '../audit/audit-entry';

export async function setClientBilling(caller: Caller, businessId: string, input: ClientBillingInput): Promise<ClientBilling> {
  const links = await linksOfBusiness(businessId);
  // An admin changes the link of the agency that bills the business (the oldest, as the monthly run reads it).
  const link = caller.isAdmin ? links[0] : links.find((l) => l.agencyId === agencyIdOf(caller));
  if (!link) throw caller.isAdmin ? notFound(messages.agencyBilling.notAClient) : forbidden();
  // The oldest link is the managing one: the business item keeps a copy of it for the admin businesses tab.
  const managing = link === links[0] ? await getAgency(link.agencyId) : null;
  const saved = await setBilledTo(link, input.billedTo, caller.userId, managing && { agencyName: managing.name });
  if (!saved) throw notFound(messages.agencyBilling.notAClient);
  await recordAudit({ businessId, action: 'billing.payerChanged', target: { type: 'business', id: businessId, label: input.billedTo === 'agency' ? 'Billed to the agency' : 'Billed directly' }, fields: ['billedTo'] });
  return toClientBilling(saved);
}

export function toClientBilling(link: AgencyClientLink): ClientBilling {
  return {
    businessId: link.businessId,
    agencyId: link.agencyId,
    billedTo: link.billedTo ?? 'agency',
    changedBy: link.billingChangedBy ?? null,
    changedAt: link.billingChangedAt ?? null,
  };
}
