// The business dashboard read: one page of employees with their cards (one Query), the business and the
// stat tiles from the business counters (and who pays: the business or its agency), on every page.
import type { Dashboard } from '../../../shared/schemas/dashboard';
import { DEFAULT_CURRENCY } from '../../../shared/format';
import { businessMonthlyCost, businessRatePerUser } from '../../../shared/pricing';
import type { Caller } from '../identity/caller';
import { assertMay } from '../identity/access';
import { notFound } from '../lib/errors';
import { listActivePlans } from '../plans/repository';
import { toBusinessDto, toEmployeeDto } from './dto';
import { payingAgencyName } from './paying-agency';
import { DASHBOARD_PAGE_SIZE, getDashboardPage } from './repository';

export async function getDashboard(caller: Caller, businessId: string, cursor?: string, pageSize: number = DASHBOARD_PAGE_SIZE): Promise<Dashboard> {
  await assertMay(caller, businessId, 'employees');
  const [page, plans, billedByAgency] = await Promise.all([getDashboardPage(businessId, cursor || undefined, pageSize), listActivePlans(), payingAgencyName(businessId)]);
  if (!page.business) throw notFound('Business not found.');

  const business = toBusinessDto(page.business, page.businessScanCount);
  return {
    business,
    employees: page.entries.map(({ employee, card, cardScanCount }) => toEmployeeDto(employee, card, cardScanCount)),
    stats: {
      totalEmployees: business.employeeCount,
      cardsCreated: business.cardCount,
      activeCards: business.activeCardCount,
      // A client billed to its agency pays CardCrew nothing; the agency's price is its own business.
      monthlyCostCents: billedByAgency ? 0 : businessMonthlyCost(plans, business.billableEmployeeCount),
      ratePerUserCents: billedByAgency ? 0 : businessRatePerUser(plans, business.billableEmployeeCount),
      currency: DEFAULT_CURRENCY,
      billedByAgency,
    },
    nextCursor: page.nextCursor,
  };
}
