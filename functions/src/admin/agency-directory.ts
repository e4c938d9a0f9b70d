// The admin Agencies view: each agency with the plan that bills it, its clients and this month's figures (the same
// computation as the agency's own dashboard, agency/figures.ts), and the admin's choice of an agency's plan. A page is
// 25 agencies, newest first: one Query of the agencies listing, one of the plans, then per agency its links (Query),
// last month's figures (GetItem) and its clients (BatchGetItem per 100), agencies five at a time.
import { DEFAULT_CURRENCY } from '../../../shared/format';
import { messages } from '../../../shared/messages';
import type { AdminAgencyPage, AdminAgencyQuery, AdminAgencyRow, AgencyPlanInput } from '../../../shared/schemas/admin';
import type { PricingPlan } from '../../../shared/schemas/plan';
import { figuresWith, monthOf, previousMonth } from '../agency/figures';
import { getAgency, getAgencyMonth, getBusinesses, listClientLinks, setAgencyPlan, type AgencyRecord } from '../agency/repository';
import { db } from '../data/entities';
import { AppError, notFound } from '../lib/errors';
import { filteredListingPage } from '../lib/filtered-listing';
import { listActivePlans } from '../plans/repository';

const AGENCIES_PER_PAGE = 25;
const AGENCIES_IN_FLIGHT = 5;

function listingKey(): string {
  return db().agency.query.all({ listing: 'agencies' }).params<{ ExpressionAttributeValues: Record<string, string> }>().ExpressionAttributeValues[':pk']!;
}

export async function listAdminAgencies(query: AdminAgencyQuery): Promise<AdminAgencyPage> {
  // The listing page helper checks the cursor is one it handed out for this listing (else 400).
  const [page, plans] = await Promise.all([
    filteredListingPage<AgencyRecord>({ listingKey: listingKey(), filter: { values: {} }, cursor: query.cursor, rows: AGENCIES_PER_PAGE, maxExamined: AGENCIES_PER_PAGE }),
    listActivePlans(),
  ]);
  const agencies: AdminAgencyRow[] = [];
  for (let i = 0; i < page.items.length; i += AGENCIES_IN_FLIGHT) {
    agencies.push(...(await Promise.all(page.items.slice(i, i + AGENCIES_IN_FLIGHT).map((agency) => rowOf(agency, plans)))));
  }
  return { agencies, plans: agencyPlans(plans), nextCursor: page.nextCursor };
}

/**
 * Assigns the agency its plan: an active agency plan (its volume tiers bill the agency from the next monthly run), or
 * null for the default. Answers the agency's row as it now stands.
 */
export async function assignAgencyPlan(agencyId: string, input: AgencyPlanInput): Promise<AdminAgencyRow> {
  const plans = await listActivePlans();
  if (input.planId !== null && !agencyPlans(plans).some((plan) => plan.id === input.planId)) {
    throw new AppError('VALIDATION_FAILED', messages.adminAgencies.planNotFound, { planId: messages.adminAgencies.planNotFound });
  }
  if (!(await setAgencyPlan(agencyId, input.planId))) throw notFound(messages.adminAgencies.agencyNotFound);
  const agency = await getAgency(agencyId);
  if (!agency) throw notFound(messages.adminAgencies.agencyNotFound);
  return rowOf(agency, plans);
}

const agencyPlans = (plans: readonly PricingPlan[]) => plans.filter((plan) => plan.planType === 'agency').map((plan) => ({ id: plan.id, name: plan.name }));

async function rowOf(agency: AgencyRecord, plans: readonly PricingPlan[]): Promise<AdminAgencyRow> {
  const [links, lastMonth] = await Promise.all([listClientLinks(agency.agencyId), getAgencyMonth(agency.agencyId, previousMonth(monthOf(new Date())))]);
  const businesses = await getBusinesses(links.map((link) => link.businessId));
  const figures = figuresWith(agency, links, businesses, plans, lastMonth?.revenueCents ?? null);
  const { monthlyRevenueCents, costsCents, netProfitCents, growthRate } = figures.financials;
  return {
    id: agency.agencyId,
    name: agency.name,
    plan: figures.plan && { id: figures.plan.id, name: figures.plan.name },
    planAssigned: figures.plan !== null && figures.plan.id === agency.planId,
    clientCount: figures.clientCount,
    billableUsers: figures.billableUsers,
    revenueCents: monthlyRevenueCents,
    costsCents,
    netProfitCents,
    growthRate,
    currency: DEFAULT_CURRENCY,
  };
}
