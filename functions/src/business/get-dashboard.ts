// The business dashboard read: one collection Query, then the stat tiles from the business counters.
import type { Dashboard } from '../../../shared/schemas/dashboard';
import { businessMonthlyCost, businessRatePerUser } from '../../../shared/pricing';
import type { Caller } from '../identity/caller';
import { assertCanManageBusiness } from '../identity/access';
import { notFound } from '../lib/errors';
import { listPlans } from '../plans/repository';
import { toBusinessDto, toEmployeeDto } from './dto';
import { getDashboardCollection } from './repository';

export async function getDashboard(caller: Caller, businessId: string): Promise<Dashboard> {
  await assertCanManageBusiness(caller, businessId);
  const [collection, plans] = await Promise.all([getDashboardCollection(businessId), listPlans()]);
  if (!collection.business) throw notFound('Business not found.');

  const cardByEmployee = new Map(collection.cards.map((c) => [c.employeeId, c]));
  const employees = collection.employees
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map((e) => toEmployeeDto(e, cardByEmployee.get(e.employeeId) ?? null));
  const business = toBusinessDto(collection.business);
  const activePlans = plans.filter((p) => p.isActive);

  return {
    business,
    employees,
    stats: {
      totalEmployees: business.employeeCount,
      cardsCreated: business.cardCount,
      activeCards: business.activeCardCount,
      monthlyCost: businessMonthlyCost(activePlans, business.billableEmployeeCount),
      ratePerUser: businessRatePerUser(activePlans, business.billableEmployeeCount),
    },
    nextCursor: null,
  };
}
