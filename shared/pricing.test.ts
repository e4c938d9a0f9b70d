import { describe, expect, it } from 'vitest';
import {
  adminMonthlyAmount,
  adminRatePerUser,
  agencyClientCost,
  agencyClientRevenue,
  agencyFinancials,
  agencyInvoiceAmounts,
  agencyPlanOf,
  agencyVolumeTiers,
  growthRatePercent,
  DEFAULT_VOLUME_TIERS,
  discountCents,
  divideRoundingHalfUp,
  isBillableBusiness,
  volumeTierFor,
  agencyRatePerUser,
  billableEmployeeCount,
  businessMonthlyCost,
  businessRatePerUser,
  monthlyInvoiceAmount,
  parseUserRange,
  toCents,
} from './pricing';
import type { PricingPlan } from './schemas/plan';

let nextId = 1;
function makePlan(overrides: Partial<PricingPlan> = {}): PricingPlan {
  return {
    id: `plan-${nextId++}`,
    name: 'Starter',
    priceCents: 199,
    currency: 'USD',
    period: 'per user/month',
    description: null,
    userRange: '1-20 users',
    features: [],
    isPopular: false,
    isActive: true,
    planType: 'business',
    volumeTiers: null,
    ...overrides,
  };
}

// Ordered by price descending, as the public pricing query returns them.
const standardPlans = [
  makePlan({ name: 'Starter', priceCents: 199, userRange: '1-20 users' }),
  makePlan({ name: 'Growth', priceCents: 149, userRange: '21-200 users' }),
  makePlan({ name: 'Enterprise', priceCents: 99, userRange: '200+ users' }),
];

describe('toCents (dollars typed in a form → cents)', () => {
  it('rounds to cents without float drift', () => {
    expect(toCents(3 * 1.99)).toBe(597);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1.005)).toBe(101);
    expect(toCents(2.675)).toBe(268);
  });

  it('rounds half away from zero for negative amounts', () => {
    expect(toCents(-1.005)).toBe(-101);
    expect(toCents(-0.004)).toBe(0);
  });

  it('converts to whole cents', () => {
    expect(toCents(1.99)).toBe(199);
    expect(toCents(0)).toBe(0);
  });
});

describe('parseUserRange', () => {
  it.each([
    ['1-20', { min: 1, max: 20 }],
    ['1-20 users', { min: 1, max: 20 }],
    ['21-200 users', { min: 21, max: 200 }],
    ['21 – 200', { min: 21, max: 200 }],
    ['21 to 200 users', { min: 21, max: 200 }],
    ['Users: 1 - 20', { min: 1, max: 20 }],
    ['200+ users', { min: 200, max: null }],
    ['200+', { min: 200, max: null }],
    ['1,000+ users', { min: 1000, max: null }],
    ['1,001-5,000', { min: 1001, max: 5000 }],
  ])('reads %j', (text, expected) => {
    expect(parseUserRange(text)).toEqual(expected);
  });

  it.each(['', 'unlimited', 'Enterprise', 'users', '50 users', '200-21'])('returns null for %j', (text) => {
    expect(parseUserRange(text)).toBeNull();
  });
});

describe('businessRatePerUser', () => {
  it.each([
    [1, 199],
    [20, 199],
    [21, 149],
    [200, 149],
    [201, 99],
    [5000, 99],
  ])('charges the plan whose user range holds %i employees', (count, rate) => {
    expect(businessRatePerUser(standardPlans, count)).toBe(rate);
  });

  it('does not depend on the order of the plans', () => {
    const reversed = [...standardPlans].reverse();
    expect(businessRatePerUser(reversed, 20)).toBe(199);
    expect(businessRatePerUser(reversed, 200)).toBe(149);
    expect(businessRatePerUser(reversed, 201)).toBe(99);
  });

  it('matches range text written without the word users', () => {
    const plans = [
      makePlan({ priceCents: 300, userRange: '1-20' }),
      makePlan({ priceCents: 200, userRange: '21-200' }),
      makePlan({ priceCents: 100, userRange: '200+' }),
    ];
    expect(businessRatePerUser(plans, 21)).toBe(200);
    expect(businessRatePerUser(plans, 500)).toBe(100);
  });

  it('rates zero employees at the smallest tier', () => {
    expect(businessRatePerUser([...standardPlans].reverse(), 0)).toBe(199);
  });

  it('falls back to 199 cents when there are no plans', () => {
    expect(businessRatePerUser([], 10)).toBe(199);
  });

  it('uses the first plan in the order given when no range matches', () => {
    const plans = [makePlan({ priceCents: 450, userRange: 'Enterprise' }), makePlan({ priceCents: 300, userRange: 'Custom' })];
    expect(businessRatePerUser(plans, 10)).toBe(450);
  });

  it('uses the first plan when the count is outside every range', () => {
    const plans = [
      makePlan({ priceCents: 250, userRange: '1-20 users' }),
      makePlan({ priceCents: 150, userRange: '21-200 users' }),
    ];
    expect(businessRatePerUser(plans, 500)).toBe(250);
  });

  it('ignores agency plans and inactive plans', () => {
    const plans = [
      makePlan({ planType: 'agency', priceCents: 0, userRange: '1-20 users' }),
      makePlan({ isActive: false, priceCents: 900, userRange: '1-20 users' }),
      makePlan({ priceCents: 179, userRange: '1-20 users' }),
    ];
    expect(businessRatePerUser(plans, 5)).toBe(179);
  });

  it('falls back to 199 cents when only agency or inactive plans exist', () => {
    const plans = [makePlan({ planType: 'agency', priceCents: 0 }), makePlan({ isActive: false, priceCents: 900 })];
    expect(businessRatePerUser(plans, 5)).toBe(199);
  });

  it('keeps a free business plan free', () => {
    expect(businessRatePerUser([makePlan({ priceCents: 0, userRange: '1-20 users' })], 5)).toBe(0);
  });

  it.each([-1, 1.5, Number.NaN])('refuses an employee count of %s', (count) => {
    expect(() => businessRatePerUser(standardPlans, count)).toThrow(RangeError);
  });
});

describe('businessMonthlyCost', () => {
  it('bills nothing for zero employees', () => {
    expect(businessMonthlyCost(standardPlans, 0)).toBe(0);
    expect(businessMonthlyCost([], 0)).toBe(0);
  });

  it('multiplies the rate by the employee count exactly to the cent', () => {
    expect(businessMonthlyCost(standardPlans, 3)).toBe(597);
    expect(businessMonthlyCost(standardPlans, 20)).toBe(3980);
    expect(businessMonthlyCost(standardPlans, 21)).toBe(3129);
    expect(businessMonthlyCost(standardPlans, 200)).toBe(29800);
    expect(businessMonthlyCost(standardPlans, 201)).toBe(19899);
  });

  it('bills 199 cents per user without plans', () => {
    expect(businessMonthlyCost([], 7)).toBe(1393);
  });

  it('stays an exact integer of cents for large teams', () => {
    expect(businessMonthlyCost(standardPlans, 2500)).toBe(247_500);
    expect(Number.isInteger(businessMonthlyCost([makePlan({ priceCents: 7, userRange: '1-20' })], 13))).toBe(true);
  });
});

describe('monthlyInvoiceAmount', () => {
  it('bills the business rate times billable employees', () => {
    expect(monthlyInvoiceAmount(standardPlans, 3)).toBe(597);
    expect(monthlyInvoiceAmount(standardPlans, 250)).toBe(24750);
    expect(monthlyInvoiceAmount([], 10)).toBe(1990);
  });

  it('bills nothing for zero employees', () => {
    expect(monthlyInvoiceAmount(standardPlans, 0)).toBe(0);
  });
});

describe('agencyRatePerUser', () => {
  it.each([
    [0, 199],
    [1, 199],
    [20, 199],
    [21, 149],
    [200, 149],
    [201, 99],
  ])('charges %i employees at %d per user', (count, rate) => {
    expect(agencyRatePerUser(count)).toBe(rate);
  });
});

describe('agencyFinancials', () => {
  it('reports zeros with no clients', () => {
    expect(agencyFinancials([])).toEqual({
      activeClients: 0,
      totalUsers: 0,
      monthlyRevenueCents: 0,
      costsCents: 0,
      netProfitCents: 0,
      growthRate: 0,
    });
  });

  it.each([
    // employees, revenue at the list price, costs (50 % of list, less the volume discount of 5 % from 100 users), net profit (cents)
    [20, 3980, 1990, 1990],
    [21, 3129, 1565, 1564],
    [99, 14751, 7376, 7375], // 99 × 1.49 = 147.51 → 73.755 → 73.76, no discount below 100
    [200, 29800, 14155, 15645], // 149.00 less 5 % (7.45)
    [201, 19899, 9452, 10447], // 99.495 → 99.50 less 5 % (4.975 → 4.98)
  ])('bills a client of %i employees %i cents at the list price, costs %i, net profit %i', (employees, revenue, costs, profit) => {
    expect(agencyClientRevenue(employees)).toBe(revenue);
    expect(agencyFinancials([{ employees }])).toEqual({
      activeClients: 1,
      totalUsers: employees,
      monthlyRevenueCents: revenue,
      costsCents: costs,
      netProfitCents: profit,
      growthRate: 0,
    });
  });

  it('rates each client at its own tier and sums the revenue', () => {
    // 3 × 1.99 + 21 × 1.49 + 201 × 0.99 = 5.97 + 31.29 + 198.99
    const result = agencyFinancials([{ employees: 3 }, { employees: 21 }, { employees: 201 }]);
    expect(result.activeClients).toBe(3);
    expect(result.totalUsers).toBe(225);
    expect(result.monthlyRevenueCents).toBe(23625);
  });

  it('counts revenue at the price the agency set for a client, and costs at 50 % of the list price whatever it charges', () => {
    // 10 users at 4.50 = 45.00 charged; CardCrew bills 50 % of 10 × 1.99 = 9.95.
    const result = agencyFinancials([{ employees: 10, pricePerUserCents: 450 }]);
    expect(result).toMatchObject({ monthlyRevenueCents: 4500, costsCents: 995, netProfitCents: 3505 });
    expect(agencyClientRevenue(10, 450)).toBe(4500);
    expect(agencyClientRevenue(10, null)).toBe(1990);
  });

  it('shows a loss when the agency charges less than CardCrew bills it, and nothing charged at a price of 0', () => {
    expect(agencyFinancials([{ employees: 10, pricePerUserCents: 50 }])).toMatchObject({ monthlyRevenueCents: 500, costsCents: 995, netProfitCents: -495 });
    expect(agencyFinancials([{ employees: 10, pricePerUserCents: 0 }])).toMatchObject({ monthlyRevenueCents: 0, costsCents: 995, netProfitCents: -995 });
  });

  it('keeps costs plus net profit equal to revenue when half a cent is rounded', () => {
    const result = agencyFinancials([{ employees: 1 }]);
    expect(result.monthlyRevenueCents).toBe(199);
    expect(result.costsCents).toBe(100);
    expect(result.netProfitCents).toBe(99);
    expect(result.costsCents + result.netProfitCents).toBe(result.monthlyRevenueCents);
  });

  it('earns nothing from a client with zero employees but still counts the client', () => {
    const result = agencyFinancials([{ employees: 0, pricePerUserCents: 999 }]);
    expect(result).toMatchObject({ activeClients: 1, totalUsers: 0, monthlyRevenueCents: 0, costsCents: 0, netProfitCents: 0 });
  });

  it('has a growth rate of 0 without last month’s figures, and measures this month’s revenue against them otherwise', () => {
    expect(agencyFinancials([{ employees: 50 }]).growthRate).toBe(0);
    expect(agencyFinancials([{ employees: 50 }], { lastMonthRevenueCents: null }).growthRate).toBe(0);
    // 50 × 1.49 = 74.50 against 50.00 last month: +49 %.
    expect(agencyFinancials([{ employees: 50 }], { lastMonthRevenueCents: 5000 }).growthRate).toBe(49);
  });

  it('costs the consolidated invoice’s total: per-client costs, less the discount of the tiers given (issue 20 §1, §2)', () => {
    // 3 × 1.99 = 5.97 → 2.985 → 2.99; 21 × 1.49 = 31.29 → 15.645 → 15.65; 201 × 0.99 = 198.99 → 99.495 → 99.50.
    // 225 users: 5 % off 118.14 = 5.907 → 5.91.
    const clients = [3, 21, 201];
    const result = agencyFinancials(clients.map((employees) => ({ employees })));
    const invoice = agencyInvoiceAmounts(clients.map((n, i) => ({ businessId: `b${i}`, businessName: `Client ${i}`, billableEmployees: n })), DEFAULT_VOLUME_TIERS);
    expect(invoice.subtotalCents).toBe(299 + 1565 + 9950);
    expect(result.costsCents).toBe(11814 - 591);
    expect(result.costsCents).toBe(invoice.totalCents);
    expect(result.netProfitCents).toBe(23625 - 11223);
    // The agency's plan's own tiers: 20 % from 200 users.
    const tiers = [{ fromUsers: 0, discountPercent: 0 }, { fromUsers: 200, discountPercent: 20 }];
    expect(agencyFinancials(clients.map((employees) => ({ employees })), { tiers }).costsCents).toBe(11814 - 2363);
  });

  it('counts no money for a client billed directly, but still counts it and its users (issue 40)', () => {
    const result = agencyFinancials([{ employees: 3, billedTo: 'agency' }, { employees: 21, billedTo: 'direct', pricePerUserCents: 500 }]);
    expect(result).toEqual({ activeClients: 2, totalUsers: 24, monthlyRevenueCents: 597, costsCents: 299, netProfitCents: 298, growthRate: 0 });
    expect(agencyFinancials([{ employees: 21, billedTo: 'direct' }])).toMatchObject({ monthlyRevenueCents: 0, costsCents: 0, netProfitCents: 0 });
  });
});

describe('growthRatePercent', () => {
  it.each([
    [1000, null, 0], // no history
    [1000, 0, 0], // nothing to grow from
    [0, 0, 0],
    [1500, 1000, 50],
    [500, 1000, -50],
    [0, 1000, -100],
    [1000, 1000, 0],
    [1001, 3000, -66.6], // -66.633… → -66.6
    [2000, 3000, -33.3], // -33.333… → -33.3
    [10005, 10000, 0.1], // 0.05 → 0.1: half away from zero
    [9995, 10000, -0.1],
  ])('this month %i cents against %s last month: %d %%', (current, previous, rate) => {
    expect(growthRatePercent(current, previous)).toBe(rate);
  });
});

describe('money rounding (issue 20 §2)', () => {
  it.each([
    [0, 2, 0],
    [1, 2, 1], // 0.5 → 1: half up
    [3, 2, 2], // 1.5 → 2
    [5, 4, 1], // 1.25 → 1
    [7, 4, 2], // 1.75 → 2
    [15_655, 100, 157], // 156.55 → 157
  ])('divides %i by %i to %i', (n, d, q) => {
    expect(divideRoundingHalfUp(n, d)).toBe(q);
  });

  it('refuses what is not a whole non-negative amount', () => {
    expect(() => divideRoundingHalfUp(1.5, 2)).toThrow(RangeError);
    expect(() => divideRoundingHalfUp(-1, 2)).toThrow(RangeError);
    expect(() => divideRoundingHalfUp(1, 0)).toThrow(RangeError);
  });

  it('owes half of a client at its tier, rounded per client: 1.49 × 21 users at 50 % is 15.65', () => {
    expect(agencyClientCost(21)).toEqual({ ratePerUserCents: 149, revenueCents: 3129, costCents: 1565 });
    expect(agencyClientCost(1)).toEqual({ ratePerUserCents: 199, revenueCents: 199, costCents: 100 });
    expect(agencyClientCost(0)).toEqual({ ratePerUserCents: 199, revenueCents: 0, costCents: 0 });
  });

  it('takes a percentage once on the total, half up: 5 % of 16.65 is 0.83, 5 % of 31.31 is 1.57, 12.25 % of 10.00 is 1.23', () => {
    expect(discountCents(1665, 5)).toBe(83); // 83.25
    expect(discountCents(3131, 5)).toBe(157); // 156.55
    expect(discountCents(1000, 12.25)).toBe(123); // 122.5
    expect(discountCents(999, 0)).toBe(0);
    expect(discountCents(999, 100)).toBe(999);
  });
});

describe('volume tiers (issue 20 §2)', () => {
  it.each([
    [0, 0, 100],
    [99, 0, 100],
    [100, 5, 500],
    [499, 5, 500],
    [500, 10, null],
    [5000, 10, null],
  ])('puts %i billable users in the %i %% tier (next from %s)', (users, percent, nextFrom) => {
    const { tier, next } = volumeTierFor(DEFAULT_VOLUME_TIERS, users);
    expect(tier.discountPercent).toBe(percent);
    expect(next?.fromUsers ?? null).toBe(nextFrom);
  });

  it('reads tiers in order whatever order they are stored in, and falls back to the defaults without any', () => {
    const tiers = [{ fromUsers: 50, discountPercent: 7.5 }, { fromUsers: 0, discountPercent: 0 }];
    expect(volumeTierFor(tiers, 60).tier).toEqual({ fromUsers: 50, discountPercent: 7.5 });
    expect(volumeTierFor([], 150).tier).toEqual({ fromUsers: 100, discountPercent: 5 });
  });

  it("bills by the first active agency plan's tiers, else the defaults", () => {
    const tiers = [{ fromUsers: 0, discountPercent: 1 }];
    expect(agencyVolumeTiers([makePlan({ planType: 'agency', isActive: false, volumeTiers: [{ fromUsers: 0, discountPercent: 9 }] }), makePlan({ planType: 'agency', volumeTiers: tiers })])).toBe(tiers);
    expect(agencyVolumeTiers([makePlan()])).toBe(DEFAULT_VOLUME_TIERS);
  });

  it("bills by the agency's assigned plan while it is active, else the first active agency plan", () => {
    const first = makePlan({ planType: 'agency', volumeTiers: [{ fromUsers: 0, discountPercent: 1 }] });
    const assigned = makePlan({ planType: 'agency', volumeTiers: [{ fromUsers: 0, discountPercent: 2 }] });
    const retired = makePlan({ planType: 'agency', isActive: false, volumeTiers: [{ fromUsers: 0, discountPercent: 3 }] });
    const plans = [first, assigned, retired, makePlan()];
    expect(agencyPlanOf(plans, assigned.id)).toBe(assigned);
    expect(agencyVolumeTiers(plans, assigned.id)).toBe(assigned.volumeTiers);
    expect(agencyPlanOf(plans, retired.id)).toBe(first);
    expect(agencyPlanOf(plans, 'no-such-plan')).toBe(first);
    expect(agencyPlanOf(plans, null)).toBe(first);
    // A business plan is never an agency's plan.
    expect(agencyPlanOf(plans, plans[3]!.id)).toBe(first);
    expect(agencyPlanOf([makePlan()], null)).toBeNull();
  });
});

describe('agencyInvoiceAmounts', () => {
  const client = (name: string, billableEmployees: number) => ({ businessId: `id-${name}`, businessName: name, billableEmployees });

  it('has a line per client with billable employees, a subtotal, the discount of the tier reached and the total', () => {
    const clients = [client('Big', 150), client('Odd', 21), client('Empty', 0)];
    const result = agencyInvoiceAmounts(clients, DEFAULT_VOLUME_TIERS);
    expect(result.lines).toEqual([
      { businessId: 'id-Big', businessName: 'Big', billableEmployees: 150, ratePerUserCents: 149, sharePercent: 50, amountCents: 11175 },
      { businessId: 'id-Odd', businessName: 'Odd', billableEmployees: 21, ratePerUserCents: 149, sharePercent: 50, amountCents: 1565 },
    ]);
    expect(result).toMatchObject({ billableEmployees: 171, subtotalCents: 12740, tier: { fromUsers: 100, discountPercent: 5 }, discountCents: 637, totalCents: 12103 });
    expect(result.totalCents + result.discountCents).toBe(result.subtotalCents);
  });

  it('has no lines when no client has billable employees', () => {
    expect(agencyInvoiceAmounts([client('Empty', 0)], DEFAULT_VOLUME_TIERS)).toMatchObject({ lines: [], subtotalCents: 0, discountCents: 0, totalCents: 0 });
  });
});

describe('isBillableBusiness', () => {
  it('bills an active, subscribed business only', () => {
    expect(isBillableBusiness({ isActive: true, subscriptionStatus: 'active' })).toBe(true);
    expect(isBillableBusiness({ subscriptionStatus: 'active' })).toBe(true);
    expect(isBillableBusiness({ isActive: false, subscriptionStatus: 'active' })).toBe(false);
    expect(isBillableBusiness({ isActive: true, subscriptionStatus: 'past_due' })).toBe(false);
    expect(isBillableBusiness({ isActive: true })).toBe(false);
  });
});

describe('adminRatePerUser', () => {
  const adminPlans = [
    makePlan({ priceCents: 249, userRange: '1-20 users' }),
    makePlan({ priceCents: 179, userRange: '21-200 users' }),
    makePlan({ priceCents: 109, userRange: '200+ users' }),
  ];

  it.each([
    [0, 249],
    [20, 249],
    [21, 179],
    [200, 179],
    [201, 109],
  ])('matches the exact range label for %i employees', (count, rate) => {
    expect(adminRatePerUser(adminPlans, count)).toBe(rate);
  });

  it.each([
    [20, 200],
    [200, 150],
    [201, 100],
  ])('falls back to the fixed admin rate for %i employees without plans', (count, rate) => {
    expect(adminRatePerUser([], count)).toBe(rate);
  });

  it('does not match labels that only look alike', () => {
    const plans = [
      makePlan({ priceCents: 900, userRange: '1-20' }),
      makePlan({ priceCents: 900, userRange: '21-200 Users' }),
      makePlan({ priceCents: 900, userRange: ' 200+ users' }),
    ];
    expect(adminRatePerUser(plans, 5)).toBe(200);
    expect(adminRatePerUser(plans, 50)).toBe(150);
    expect(adminRatePerUser(plans, 500)).toBe(100);
  });

  it('does not fall back to the first plan', () => {
    expect(adminRatePerUser([makePlan({ priceCents: 900, userRange: 'Custom' })], 5)).toBe(200);
  });

  it('ignores agency and inactive plans', () => {
    const plans = [
      makePlan({ planType: 'agency', priceCents: 0, userRange: '1-20 users' }),
      makePlan({ isActive: false, priceCents: 700, userRange: '1-20 users' }),
    ];
    expect(adminRatePerUser(plans, 5)).toBe(200);
  });
});

describe('adminMonthlyAmount', () => {
  it('bills nothing for zero employees', () => {
    expect(adminMonthlyAmount([], 0)).toBe(0);
  });

  it('multiplies the admin rate by the count to the cent', () => {
    expect(adminMonthlyAmount([], 21)).toBe(3150);
    expect(adminMonthlyAmount([makePlan({ priceCents: 199, userRange: '1-20 users' })], 3)).toBe(597);
  });
});

describe('billableEmployeeCount', () => {
  it('counts active and inactive employees but not drafts', () => {
    const employees = [
      { status: 'draft' as const },
      { status: 'active' as const },
      { status: 'inactive' as const },
      { status: 'active' as const },
    ];
    expect(billableEmployeeCount(employees)).toBe(3);
  });

  it('is 0 for an empty list or only drafts', () => {
    expect(billableEmployeeCount([])).toBe(0);
    expect(billableEmployeeCount([{ status: 'draft' }, { status: 'draft' }])).toBe(0);
  });
});
