import { describe, expect, it } from 'vitest';
import type { PricingPlan } from '../../../shared/schemas/plan';
import { figuresOf, monthOf, previousMonth } from './figures';

const agencyPlan = (id: string, discountPercent: number): PricingPlan => ({
  id,
  name: id,
  priceCents: 0,
  currency: 'USD',
  period: 'month',
  description: null,
  userRange: 'Unlimited clients',
  features: [],
  isPopular: false,
  isActive: true,
  planType: 'agency',
  volumeTiers: [{ fromUsers: 0, discountPercent }],
});

describe('agency months', () => {
  it('keys figures by the UTC month and steps back across a year', () => {
    expect(monthOf(new Date('2026-11-30T23:59:59Z'))).toBe('2026-11');
    expect(previousMonth('2026-11')).toBe('2026-10');
    expect(previousMonth('2027-01')).toBe('2026-12');
    expect(previousMonth('2026-03')).toBe('2026-02');
  });
});

describe('figuresOf', () => {
  const businesses = [
    { businessId: 'a', isActive: true, subscriptionStatus: 'active' as const, billableEmployeeCount: 10 },
    { businessId: 'b', isActive: true, subscriptionStatus: 'active' as const, billableEmployeeCount: 4 },
    { businessId: 'off', isActive: false, subscriptionStatus: 'active' as const, billableEmployeeCount: 7 },
    { businessId: 'unsubscribed', isActive: true, subscriptionStatus: 'cancelled' as const, billableEmployeeCount: 5 },
  ];
  const links = new Map([
    ['a', { billedTo: 'agency' as const, pricePerUserCents: 300 }],
    ['b', { billedTo: 'direct' as const, pricePerUserCents: 900 }],
    ['off', { billedTo: 'agency' as const }],
    ['unsubscribed', { billedTo: 'agency' as const, pricePerUserCents: 500 }],
  ]);

  it("charges only what the monthly run bills, at the agency's prices, by its assigned plan's tiers", () => {
    const plans = [agencyPlan('first', 0), agencyPlan('assigned', 10)];
    // Only 'a' is billed to the agency: 10 × 3.00 = 30.00; costs 50 % of 10 × 1.99 = 9.95, less 10 % (0.995 → 1.00).
    expect(figuresOf(businesses, links, plans, { planId: 'assigned' }, 2000)).toEqual({ activeClients: 3, totalUsers: 19, monthlyRevenueCents: 3000, costsCents: 895, netProfitCents: 2105, growthRate: 50 });
    expect(figuresOf(businesses, links, plans, null, null)).toMatchObject({ costsCents: 995, growthRate: 0 });
  });
});
