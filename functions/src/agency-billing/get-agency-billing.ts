// The agency dashboard's Billing section (issue 20 §1, §2): the agency's invoices and its volume tier. The tier is
// chosen by the billable employees of the active clients billed to the agency, among the tiers of the agency's plan,
// as the monthly run chooses it.
import type { AgencyBilling } from '../../../shared/schemas/agency-billing';
import { agencyVolumeTiers, isBillableBusiness, volumeTierFor } from '../../../shared/pricing';
import { agencyIdOf } from '../agency/agency-access';
import { getAgency, getBusinesses, listClientLinks } from '../agency/repository';
import type { Caller } from '../identity/caller';
import { toInvoiceDto } from '../invoices/dto';
import { listActivePlans } from '../plans/repository';
import { listAgencyInvoices } from './repository';

export async function getAgencyBilling(caller: Caller): Promise<AgencyBilling> {
  const agencyId = agencyIdOf(caller);
  const [invoices, links, plans, agency] = await Promise.all([agencyId ? listAgencyInvoices(agencyId) : [], agencyId ? listClientLinks(agencyId) : [], listActivePlans(), agencyId ? getAgency(agencyId) : null]);
  const billedToAgency = links.filter((link) => link.billedTo === 'agency').map((link) => link.businessId);
  const clients = (await getBusinesses(billedToAgency)).filter(isBillableBusiness);
  const billableEmployees = clients.reduce((sum, client) => sum + (client.billableEmployeeCount ?? 0), 0);
  const { tier, next } = volumeTierFor(agencyVolumeTiers(plans, agency?.planId), billableEmployees);
  return {
    invoices: invoices.map(toInvoiceDto),
    volume: { billableEmployees, tier, next, usersToNext: next ? next.fromUsers - billableEmployees : null },
  };
}
