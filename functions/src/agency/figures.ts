// An agency's money figures (Monthly Revenue, Costs, Net Profit, Growth Rate): what it charges its clients at its own
// prices, what CardCrew bills it (its plan's volume tiers), and this month's revenue against last month's stored figure.
// One computation for the dashboard, the admin Agencies view and the months recorded for Growth Rate.
import { agencyClientRevenue, agencyFinancials, agencyPlanOf, agencyVolumeTiers, isBillableBusiness, type AgencyFinancials } from '../../../shared/pricing';
import type { PricingPlan } from '../../../shared/schemas/plan';
import type { BusinessRecord } from '../business/repository';
import { listActivePlans } from '../plans/repository';
import { clientPricesOf, getAgency, getAgencyMonth, getBusinesses, listClientLinks, putAgencyMonth, type AgencyRecord, type ClientLink } from './repository';

/** The UTC month of a moment, 'YYYY-MM': the key of the stored figures. */
export const monthOf = (date: Date): string => date.toISOString().slice(0, 7);

/** The month before 'YYYY-MM'. */
export function previousMonth(month: string): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return monthOf(new Date(Date.UTC(year, mon - 2, 1)));
}

/**
 * The figures of an agency from what was read: its clients (the businesses, each with its link) and its plan's tiers.
 * An inactive or unsubscribed client earns and costs nothing (the monthly run does not bill it), though an inactive
 * one is still listed; the counts follow the clients an admin has not switched off, as before.
 */
export function figuresOf(
  businesses: readonly Pick<BusinessRecord, 'businessId' | 'isActive' | 'subscriptionStatus' | 'billableEmployeeCount'>[],
  linkOf: ReadonlyMap<string, Pick<ClientLink, 'billedTo' | 'pricePerUserCents'>>,
  plans: readonly PricingPlan[],
  agency: Pick<AgencyRecord, 'planId'> | null,
  lastMonthRevenueCents: number | null,
): AgencyFinancials {
  const active = businesses.filter((b) => b.isActive !== false);
  const clients = active.map((b) => {
    const link = linkOf.get(b.businessId);
    // A switched-on client the run does not bill (not subscribed) is counted but earns and costs nothing.
    const billed = isBillableBusiness(b) && link?.billedTo !== 'direct';
    return { employees: b.billableEmployeeCount ?? 0, billedTo: billed ? ('agency' as const) : ('direct' as const), pricePerUserCents: link?.pricePerUserCents ?? null };
  });
  return agencyFinancials(clients, { tiers: agencyVolumeTiers(plans, agency?.planId), lastMonthRevenueCents });
}

export interface AgencyFigures {
  financials: AgencyFinancials;
  /** The plan that bills the agency (null: none active; the default tiers apply). */
  plan: PricingPlan | null;
  clientCount: number;
  billableUsers: number;
  hasLastMonth: boolean;
}

/** An agency's figures now, read whole: the agency, its links, plans, last month's stored figures, its clients. */
export async function currentAgencyFigures(agencyId: string, now = new Date()): Promise<AgencyFigures | null> {
  const [agency, links, plans, lastMonth] = await Promise.all([getAgency(agencyId), listClientLinks(agencyId), listActivePlans(), getAgencyMonth(agencyId, previousMonth(monthOf(now)))]);
  if (!agency) return null;
  const businesses = await getBusinesses(links.map((link) => link.businessId));
  return figuresWith(agency, links, businesses, plans, lastMonth?.revenueCents ?? null);
}

/** The figures of an agency from its records already read (the admin view reads plans once for every agency). */
export function figuresWith(agency: AgencyRecord, links: readonly ClientLink[], businesses: readonly BusinessRecord[], plans: readonly PricingPlan[], lastMonthRevenueCents: number | null): AgencyFigures {
  const linkOf = new Map(links.map((link) => [link.businessId, link]));
  const financials = figuresOf(businesses, linkOf, plans, agency, lastMonthRevenueCents);
  const billableUsers = businesses
    .filter((b) => isBillableBusiness(b) && linkOf.get(b.businessId)?.billedTo !== 'direct')
    .reduce((sum, b) => sum + (b.billableEmployeeCount ?? 0), 0);
  return { financials, plan: agencyPlanOf(plans, agency.planId), clientCount: links.length, billableUsers, hasLastMonth: lastMonthRevenueCents !== null };
}

/**
 * Records the agency's figures for the month of `now`, as they stand: a change of a client's price does. Next month's
 * Growth Rate is measured against the last one recorded in this month.
 */
export async function recordAgencyMonth(agencyId: string, now = new Date()): Promise<void> {
  const figures = await currentAgencyFigures(agencyId, now);
  if (!figures) return;
  const { monthlyRevenueCents, costsCents, netProfitCents } = figures.financials;
  await putAgencyMonth({ agencyId, month: monthOf(now), revenueCents: monthlyRevenueCents, costsCents, netProfitCents, billableUsers: figures.billableUsers });
}

/**
 * Records the month the monthly run billed the agency for, from its invoice: Costs are the invoice's total, Revenue its
 * lines' billable users at the agency's prices (one BatchGetItem of the links: the billing worker reads no index).
 */
export async function recordBilledAgencyMonth(invoice: { businessId: string; amountCents: number; billableEmployees?: number; lines?: readonly { businessId: string; billableEmployees: number }[] }, period: string): Promise<void> {
  const lines = invoice.lines ?? [];
  const prices = await clientPricesOf(invoice.businessId, lines.map((line) => line.businessId));
  const revenueCents = lines.reduce((sum, line) => sum + agencyClientRevenue(line.billableEmployees, prices.get(line.businessId)), 0);
  await putAgencyMonth({ agencyId: invoice.businessId, month: period, revenueCents, costsCents: invoice.amountCents, netProfitCents: revenueCents - invoice.amountCents, billableUsers: invoice.billableEmployees ?? 0 });
}
