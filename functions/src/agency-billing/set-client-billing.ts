// Who pays for a client (issue 20 §1): the agency managing it chooses, and so may an admin. The choice is kept on the
// agency–client link with who made it and when (and on the business item's copy of its managing agency); the next
// monthly run bills accordingly. A client billed directly is billed at its own billing e-mail, never the agency's
// (issue 40): one the agency created has none, so switching it asks for one, written in the same transaction.
import { messages } from '../../../shared/messages';
import type { ClientBilling, ClientBillingInput } from '../../../shared/schemas/agency-billing';
import { agencyIdOf } from '../agency/agency-access';
import type { Caller } from '../identity/caller';
import { AppError, forbidden, notFound } from '../lib/errors';
import { getAgency, linksOfBusiness } from '../agency/repository';
import { getBusiness } from '../business/repository';
import { setBilledTo, type AgencyClientLink, type BillingEmailStep } from './repository';
import { recordAudit } from '../audit/audit-entry';

export async function setClientBilling(caller: Caller, businessId: string, input: ClientBillingInput): Promise<ClientBilling> {
  const links = await linksOfBusiness(businessId);
  // An admin changes the link of the agency that bills the business (the oldest, as the monthly run reads it).
  const link = caller.isAdmin ? links[0] : links.find((l) => l.agencyId === agencyIdOf(caller));
  if (!link) throw caller.isAdmin ? notFound(messages.agencyBilling.notAClient) : forbidden();
  const business = await getBusiness(businessId);
  if (!business) throw notFound(messages.agencyBilling.notAClient);
  const emailStep = billingEmailStep(input, business.billingEmail ?? null);
  // The oldest link is the managing one: the business item keeps a copy of it for the admin businesses tab.
  const managing = link === links[0] ? await getAgency(link.agencyId) : null;
  const saved = await setBilledTo(link, input.billedTo, caller.userId, managing && { agencyName: managing.name }, emailStep);
  if (!saved) throw notFound(messages.agencyBilling.notAClient);
  const billingEmail = emailStep && 'set' in emailStep ? emailStep.set : (business.billingEmail ?? null);
  await recordAudit({
    businessId,
    action: 'billing.payerChanged',
    target: { type: 'business', id: businessId, label: input.billedTo === 'agency' ? 'Billed to the agency' : 'Billed directly' },
    fields: emailStep && 'set' in emailStep ? ['billedTo', 'billingEmail'] : ['billedTo'],
  });
  return toClientBilling(saved, billingEmail);
}

/**
 * What 'direct' needs of the business's billing e-mail: one it has is kept (and checked still there when written), a
 * client without one must be given one, and one it has is not replaced here (its owner changes it in Company Settings).
 */
function billingEmailStep(input: ClientBillingInput, stored: string | null): BillingEmailStep {
  if (input.billedTo !== 'direct') return null;
  if (stored) {
    if (input.billingEmail !== undefined && input.billingEmail !== stored) throw new AppError('CONFLICT', messages.agencyBilling.billingEmailKept, { billingEmail: messages.agencyBilling.billingEmailKept });
    return { keep: true };
  }
  if (input.billingEmail === undefined) throw new AppError('VALIDATION_FAILED', messages.agencyBilling.billingEmailRequired, { billingEmail: messages.agencyBilling.billingEmailRequired });
  return { set: input.billingEmail };
}

export function toClientBilling(link: AgencyClientLink, billingEmail: string | null): ClientBilling {
  return {
    businessId: link.businessId,
    agencyId: link.agencyId,
    billedTo: link.billedTo ?? 'agency',
    billingEmail,
    changedBy: link.billingChangedBy ?? null,
    changedAt: link.billingChangedAt ?? null,
  };
}
