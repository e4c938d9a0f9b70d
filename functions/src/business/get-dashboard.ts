// The business dashboard read: one page of employees with their cards (one Query), the business and the
// stat tiles from the business counters, on every page.
import type { Dashboard } from '../../../shared/schemas/dashboard';
import { DEFAULT_CURRENCY } from '../../../shared/format';
import { businessMonthlyCost, businessRatePerUser } from '../../../shared/pricing';
import type { Caller } from '../identity/caller';
import { assertCanManageBusiness } from '../identity/access';
import { notFound } from '../lib/errors';
import { listActivePlans } from '../plans/repository';
import { toBusinessDto, toEmployeeDto } from './dto';
import { DASHBOARD_PAGE_SIZE, getDashboardPage } from './repository';

export async function getDashboard(caller: Caller, businessId: string, cursor?: string, pageSize: number = DASHBOARD_PAGE_SIZE): Promise<Dashboard> {
  await assertCanManageBusiness(caller, businessId);
  const [page, plans] = await Promise.all([getDashboardPage(businessId, cursor || undefined, pageSize), listActivePlans()]);
  if (!page.business) throw notFound('Business not found.');

  const business = toBusinessDto(page.business, page.businessScanCount);
  return {
    business,
    employees: page.entries.map(({ employee, card, cardScanCount }) => toEmployeeDto(employee, card, cardScanCount)),
    stats: {
      totalEmployees: business.employeeCount,
      cardsCreated: business.cardCount,
      activeCards: business.activeCardCount,
      monthlyCostCents: businessMonthlyCost(plans, business.billableEmployeeCount),
      ratePerUserCents: businessRatePerUser(plans, business.billableEmployeeCount),
      currency: DEFAULT_CURRENCY,
    },
    nextCursor: page.nextCursor,
  };
}
