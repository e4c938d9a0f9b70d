// The agency's own price for a client, per user per month: only the agency that manages the client sets it (not the
// client, its people, another agency, nor an admin: it is the agency's commercial choice). The price is kept on the
// agency–client link; the agency's figures for this month are recorded again at once, so next month's Growth Rate is
// measured against what the agency charges now.
import { messages } from '../../../shared/messages';
import type { ClientPrice, ClientPriceInput } from '../../../shared/schemas/agency-billing';
import { agencyIdOf } from '../agency/agency-access';
import { recordAgencyMonth } from '../agency/figures';
import { linksOfBusiness } from '../agency/repository';
import { recordAudit } from '../audit/audit-entry';
import type { Caller } from '../identity/caller';
import { forbidden, notFound } from '../lib/errors';
import { logger } from '../lib/logger';
import { setClientPrice as storeClientPrice, type AgencyClientLink } from './repository';

export async function setClientPrice(caller: Caller, businessId: string, input: ClientPriceInput): Promise<ClientPrice> {
  const agencyId = agencyIdOf(caller);
  if (!agencyId) throw forbidden(messages.agencyBilling.priceOnlyAgency);
  const link = (await linksOfBusiness(businessId)).find((l) => l.agencyId === agencyId);
  if (!link) throw forbidden(messages.agencyBilling.priceOnlyAgency);
  const saved = await storeClientPrice(link, input.pricePerUserCents, caller.userId);
  if (!saved) throw notFound(messages.agencyBilling.notAClient);
  await recordAudit({ businessId, action: 'billing.priceChanged', target: { type: 'business', id: businessId, label: 'Agency price per user' }, fields: ['pricePerUserCents'] });
  // The price stands whatever happens here: a month not recorded now is recorded by the next change or monthly run.
  await recordAgencyMonth(agencyId).catch((error: unknown) => logger.warn("agency's month not recorded after a price change", { agencyId, error: error as Error }));
  return toClientPrice(saved);
}

function toClientPrice(link: AgencyClientLink): ClientPrice {
  return {
    businessId: link.businessId,
    agencyId: link.agencyId,
    pricePerUserCents: link.pricePerUserCents ?? null,
    changedBy: link.priceChangedBy ?? null,
    changedAt: link.priceChangedAt ?? null,
  };
}
