import { describe, expect, it } from 'vitest';
import {
  adminMonthlyAmount,
  adminRatePerUser,
  agencyFinancials,
  agencyRatePerUser,
  billableEmployeeCount,
  businessMonthlyCost,
  businessRatePerUser,
  monthlyInvoiceAmount,
  parseUserRange,
  roundMoney,
  toCents,
} from './pricing';
import type { PricingPlan } from './schemas/plan';

let nextId = 1;
function makePlan(overrides: Partial<PricingPlan> = {}): PricingPlan {
  return {
    id: `plan-${nextId++}`,
    name: 'Starter',
    price: 1.99,
    period: 'per user/month',
    description: null,
    userRange: '1-20 users',
    features: [],
    isPopular: false,
    isActive: true,
    planType: 'business',
    ...overrides,
  };
}

// Ordered by price descending, as the public pricing query returns them.
const standardPlans = [
  makePlan({ name: 'Starter', price: 1.99, userRange: '1-20 users' }),
  makePlan({ name: 'Growth', price: 1.49, userRange: '21-200 users' }),
  makePlan({ name: 'Enterprise', price: 0.99, userRange: '200+ users' }),
];

describe('roundMoney', () => {
  it('rounds to cents without float drift', () => {
    expect(roundMoney(3 * 1.99)).toBe(5.97);
    expect(roundMoney(0.1 + 0.2)).toBe(0.3);
    expect(roundMoney(1.005)).toBe(1.01);
    expect(roundMoney(2.675)).toBe(2.68);
  });

  it('rounds half away from zero for negative amounts', () => {
    expect(roundMoney(-1.005)).toBe(-1.01);
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
    [1, 1.99],
    [20, 1.99],
    [21, 1.49],
    [200, 1.49],
    [201, 0.99],
    [5000, 0.99],
  ])('charges the plan whose user range holds %i employees', (count, rate) => {
    expect(businessRatePerUser(standardPlans, count)).toBe(rate);
  });

  it('does not depend on the order of the plans', () => {
    const reversed = [...standardPlans].reverse();
    expect(businessRatePerUser(reversed, 20)).toBe(1.99);
    expect(businessRatePerUser(reversed, 200)).toBe(1.49);
    expect(businessRatePerUser(reversed, 201)).toBe(0.99);
  });

  it('matches range text written without the word users', () => {
    const plans = [
      makePlan({ price: 3, userRange: '1-20' }),
      makePlan({ price: 2, userRange: '21-200' }),
      makePlan({ price: 1, userRange: '200+' }),
    ];
    expect(businessRatePerUser(plans, 21)).toBe(2);
    expect(businessRatePerUser(plans, 500)).toBe(1);
  });

  it('rates zero employees at the smallest tier', () => {
    expect(businessRatePerUser([...standardPlans].reverse(), 0)).toBe(1.99);
  });

  it('falls back to 1.99 when there are no plans', () => {
    expect(businessRatePerUser([], 10)).toBe(1.99);
  });

  it('uses the first plan in the order given when no range matches', () => {
    const plans = [makePlan({ price: 4.5, userRange: 'Enterprise' }), makePlan({ price: 3, userRange: 'Custom' })];
    expect(businessRatePerUser(plans, 10)).toBe(4.5);
  });

  it('uses the first plan when the count is outside every range', () => {
    const plans = [
      makePlan({ price: 2.5, userRange: '1-20 users' }),
      makePlan({ price: 1.5, userRange: '21-200 users' }),
    ];
    expect(businessRatePerUser(plans, 500)).toBe(2.5);
  });

  it('ignores agency plans and inactive plans', () => {
    const plans = [
      makePlan({ planType: 'agency', price: 0, userRange: '1-20 users' }),
      makePlan({ isActive: false, price: 9, userRange: '1-20 users' }),
      makePlan({ price: 1.79, userRange: '1-20 users' }),
    ];
    expect(businessRatePerUser(plans, 5)).toBe(1.79);
  });

  it('falls back to 1.99 when only agency or inactive plans exist', () => {
    const plans = [makePlan({ planType: 'agency', price: 0 }), makePlan({ isActive: false, price: 9 })];
    expect(businessRatePerUser(plans, 5)).toBe(1.99);
  });

  it('keeps a free business plan free', () => {
    expect(businessRatePerUser([makePlan({ price: 0, userRange: '1-20 users' })], 5)).toBe(0);
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
    expect(businessMonthlyCost(standardPlans, 3)).toBe(5.97);
    expect(businessMonthlyCost(standardPlans, 20)).toBe(39.8);
    expect(businessMonthlyCost(standardPlans, 21)).toBe(31.29);
    expect(businessMonthlyCost(standardPlans, 200)).toBe(298);
    expect(businessMonthlyCost(standardPlans, 201)).toBe(198.99);
  });

  it('bills 1.99 per user without plans', () => {
    expect(businessMonthlyCost([], 7)).toBe(13.93);
  });

  it('rounds a fractional-cent rate to the cent after multiplying', () => {
    expect(businessMonthlyCost([makePlan({ price: 0.125, userRange: '1-20' })], 3)).toBe(0.38);
  });
});

describe('monthlyInvoiceAmount', () => {
  it('bills the business rate times billable employees', () => {
    expect(monthlyInvoiceAmount(standardPlans, 3)).toBe(5.97);
    expect(monthlyInvoiceAmount(standardPlans, 250)).toBe(247.5);
    expect(monthlyInvoiceAmount([], 10)).toBe(19.9);
  });

  it('bills nothing for zero employees', () => {
    expect(monthlyInvoiceAmount(standardPlans, 0)).toBe(0);
  });
});

describe('agencyRatePerUser', () => {
  it.each([
    [0, 1.99],
    [1, 1.99],
    [20, 1.99],
    [21, 1.49],
    [200, 1.49],
    [201, 0.99],
  ])('charges %i employees at %d per user', (count, rate) => {
    expect(agencyRatePerUser(count)).toBe(rate);
  });
});

describe('agencyFinancials', () => {
  it('reports zeros with no clients', () => {
    expect(agencyFinancials([])).toEqual({
      activeClients: 0,
      totalUsers: 0,
      monthlyRevenue: 0,
      costs: 0,
      netProfit: 0,
      growthRate: 0,
    });
  });

  it('rates each client at its own tier and sums the revenue', () => {
    // 3 × 1.99 + 21 × 1.49 + 201 × 0.99 = 5.97 + 31.29 + 198.99
    const result = agencyFinancials([{ billableEmployees: 3 }, { billableEmployees: 21 }, { billableEmployees: 201 }]);
    expect(result.activeClients).toBe(3);
    expect(result.totalUsers).toBe(225);
    expect(result.monthlyRevenue).toBe(236.25);
  });

  it('counts costs as 50% of revenue and net profit as the rest', () => {
    const result = agencyFinancials([{ billableEmployees: 10 }]);
    expect(result.monthlyRevenue).toBe(19.9);
    expect(result.costs).toBe(9.95);
    expect(result.netProfit).toBe(9.95);
  });

  it('keeps costs plus net profit equal to revenue when half a cent is rounded', () => {
    const result = agencyFinancials([{ billableEmployees: 1 }]);
    expect(result.monthlyRevenue).toBe(1.99);
    expect(result.costs).toBe(1);
    expect(result.netProfit).toBe(0.99);
    expect(roundMoney(result.costs + result.netProfit)).toBe(result.monthlyRevenue);
  });

  it('earns nothing from a client with zero employees but still counts the client', () => {
    const result = agencyFinancials([{ billableEmployees: 0 }]);
    expect(result).toMatchObject({ activeClients: 1, totalUsers: 0, monthlyRevenue: 0, costs: 0, netProfit: 0 });
  });

  it('fixes the growth rate at 0', () => {
    expect(agencyFinancials([{ billableEmployees: 50 }]).growthRate).toBe(0);
  });
});

describe('adminRatePerUser', () => {
  const adminPlans = [
    makePlan({ price: 2.49, userRange: '1-20 users' }),
    makePlan({ price: 1.79, userRange: '21-200 users' }),
    makePlan({ price: 1.09, userRange: '200+ users' }),
  ];

  it.each([
    [0, 2.49],
    [20, 2.49],
    [21, 1.79],
    [200, 1.79],
    [201, 1.09],
  ])('matches the exact range label for %i employees', (count, rate) => {
    expect(adminRatePerUser(adminPlans, count)).toBe(rate);
  });

  it.each([
    [20, 2],
    [200, 1.5],
    [201, 1],
  ])('falls back to the fixed admin rate for %i employees without plans', (count, rate) => {
    expect(adminRatePerUser([], count)).toBe(rate);
  });

  it('does not match labels that only look alike', () => {
    const plans = [
      makePlan({ price: 9, userRange: '1-20' }),
      makePlan({ price: 9, userRange: '21-200 Users' }),
      makePlan({ price: 9, userRange: ' 200+ users' }),
    ];
    expect(adminRatePerUser(plans, 5)).toBe(2);
    expect(adminRatePerUser(plans, 50)).toBe(1.5);
    expect(adminRatePerUser(plans, 500)).toBe(1);
  });

  it('does not fall back to the first plan', () => {
    expect(adminRatePerUser([makePlan({ price: 9, userRange: 'Custom' })], 5)).toBe(2);
  });

  it('ignores agency and inactive plans', () => {
    const plans = [
      makePlan({ planType: 'agency', price: 0, userRange: '1-20 users' }),
      makePlan({ isActive: false, price: 7, userRange: '1-20 users' }),
    ];
    expect(adminRatePerUser(plans, 5)).toBe(2);
  });
});

describe('adminMonthlyAmount', () => {
  it('bills nothing for zero employees', () => {
    expect(adminMonthlyAmount([], 0)).toBe(0);
  });

  it('multiplies the admin rate by the count to the cent', () => {
    expect(adminMonthlyAmount([], 21)).toBe(31.5);
    expect(adminMonthlyAmount([makePlan({ price: 1.99, userRange: '1-20 users' })], 3)).toBe(5.97);
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
