// The agency dashboard read (spec 2 §2, issue 9 §1, §6): the agency, every client and the five stat cards. Its cost is
// bounded whatever the agency's size: one GetItem (the agency), one Query (its client links with their prices; a 1 MB
// page holds thousands), one Query of the plans (the agency's plan's tiers), one GetItem (last month's figures) and one
// BatchGetItem per 100 clients, reading only the client's own counters. No query per client.
import type { AgencyDashboard } from '../../../shared/schemas/agency';
import { DEFAULT_CURRENCY } from '../../../shared/format';
import { agencyFinancials, type AgencyFinancials } from '../../../shared/pricing';
import type { Caller } from '../identity/caller';
import { listActivePlans } from '../plans/repository';
import { agencyIdOf } from './agency-access';
import { toAgencyDto, toClientSummary } from './dto';
import { figuresOf, monthOf, previousMonth } from './figures';
import { getAgency, getAgencyMonth, getBusinesses, listClientLinks } from './repository';

export async function getAgencyDashboard(caller: Caller): Promise<AgencyDashboard> {
  const agencyId = agencyIdOf(caller);
  if (!agencyId) return { agency: null, stats: statsOf(agencyFinancials([]), false), clients: [] };

  const [agency, links, plans, lastMonth] = await Promise.all([getAgency(agencyId), listClientLinks(agencyId), listActivePlans(), getAgencyMonth(agencyId, previousMonth(monthOf(new Date())))]);
  const linkOf = new Map(links.map((link) => [link.businessId, link]));
  const businesses = await getBusinesses(links.map((link) => link.businessId));
  // Newest client first: the one just added is where the agency looks.
  const clients = [...businesses].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map((b) => toClientSummary(b, linkOf.get(b.businessId) ?? { agencyId }));
  // An inactive client (switched off by an admin) is listed, but earns and counts nothing (docs/decisions.md).
  // Billable employees, as the monthly invoice counts them: drafts are not billed (spec 2 §9, issue 27 §4).
  // A client billed directly earns the agency nothing (issue 40): its revenue is the platform's.
  const financials = figuresOf(businesses, linkOf, plans, agency, lastMonth?.revenueCents ?? null);
  return { agency: agency ? toAgencyDto(agency) : null, stats: statsOf(financials, lastMonth !== null), clients };
}

function statsOf(f: AgencyFinancials, hasLastMonth: boolean): AgencyDashboard['stats'] {
  return {
    activeClients: f.activeClients,
    totalUsers: f.totalUsers,
    monthlyRevenueCents: f.monthlyRevenueCents,
    costsCents: f.costsCents,
    netProfitCents: f.netProfitCents,
    growthRate: f.growthRate,
    hasLastMonth,
    currency: DEFAULT_CURRENCY,
  };
}
