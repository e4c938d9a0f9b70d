// Billing rules (spec 2 §9): per-user monthly rates chosen from pricing plans, the agency and admin
// figures, and the amount the monthly invoice job bills. Money is computed in integer cents.
import type { PricingPlan } from './schemas/plan';

/** The fields of a plan that pricing reads (the public pricing query selects only a few columns). */
export type RatePlan = Pick<PricingPlan, 'price' | 'userRange' | 'planType' | 'isActive'>;

export const FALLBACK_BUSINESS_RATE = 1.99;
export const AGENCY_RATES = { upTo20: 1.99, upTo200: 1.49, above200: 0.99 } as const;
export const AGENCY_COST_SHARE = 0.5;
export const ADMIN_RATE_LABELS = { upTo20: '1-20 users', upTo200: '21-200 users', above200: '200+ users' } as const;
export const ADMIN_FALLBACK_RATES = { upTo20: 2, upTo200: 1.5, above200: 1 } as const;

/** Whole cents, rounding half away from zero. toPrecision first strips binary drift (1.005 * 100 = 100.49999999999999). */
export function toCents(amount: number): number {
  const cents = Math.round(Number((Math.abs(amount) * 100).toPrecision(15)));
  return amount < 0 && cents !== 0 ? -cents : cents;
}

export function fromCents(cents: number): number {
  return cents / 100;
}

/** Rounds a money amount to cents (3 × 1.99 → 5.97, 1.005 → 1.01). */
export function roundMoney(amount: number): number {
  return fromCents(toCents(amount));
}

export interface UserRange {
  min: number;
  /** null for an open-ended range such as '200+'. */
  max: number | null;
}

/** Reads a plan's user_range text: '1-20 users', '21 – 200', '1,000+ users'. Anything else → null. */
export function parseUserRange(text: string): UserRange | null {
  const normalised = text.replace(/(\d),(?=\d{3}(?!\d))/g, '$1');
  const bounded = /(\d+)\s*(?:-|–|—|to)\s*(\d+)/i.exec(normalised);
  if (bounded) {
    const min = Number(bounded[1]);
    const max = Number(bounded[2]);
    return min <= max ? { min, max } : null;
  }
  const open = /(\d+)\s*\+/.exec(normalised);
  return open ? { min: Number(open[1]), max: null } : null;
}

function assertEmployeeCount(count: number): void {
  if (!Number.isInteger(count) || count < 0) {
    throw new RangeError(`Employee count must be a non-negative integer, got ${count}`);
  }
}

/**
 * The per-user rate a business pays (spec 2 §9): among active business plans, the one whose user range
 * holds the count; a bounded range wins over an open one, so 200 is '21-200' and 201 is '200+'.
 * No match → the first plan; no plans → 1.99. A count of 0 is rated like 1 (the smallest tier).
 */
export function businessRatePerUser(plans: readonly RatePlan[], employeeCount: number): number {
  assertEmployeeCount(employeeCount);
  const candidates = plans.filter((plan) => plan.planType === 'business' && plan.isActive);
  const first = candidates[0];
  if (!first) return FALLBACK_BUSINESS_RATE;
  const n = Math.max(1, employeeCount);
  const ranged = candidates.map((plan) => ({ plan, range: parseUserRange(plan.userRange) }));
  const bounded = ranged.find(({ range }) => range !== null && range.max !== null && n >= range.min && n <= range.max);
  const open = ranged.find(({ range }) => range !== null && range.max === null && n >= range.min);
  return (bounded ?? open)?.plan.price ?? first.price;
}

function costInCents(rate: number, count: number): number {
  return count === 0 ? 0 : toCents(rate * count);
}

/** Monthly cost shown on the business dashboard: 0 employees → 0, else rate × count in cents. */
export function businessMonthlyCost(plans: readonly RatePlan[], billableEmployees: number): number {
  return fromCents(costInCents(businessRatePerUser(plans, billableEmployees), billableEmployees));
}

/** What the monthly invoice job bills a business: the business rate rule × billable employees. */
export function monthlyInvoiceAmount(plans: readonly RatePlan[], billableEmployees: number): number {
  return businessMonthlyCost(plans, billableEmployees);
}

/** The fixed agency view rates (spec 2 §9); 0 employees falls in the first tier. */
export function agencyRatePerUser(employeeCount: number): number {
  assertEmployeeCount(employeeCount);
  if (employeeCount <= 20) return AGENCY_RATES.upTo20;
  if (employeeCount <= 200) return AGENCY_RATES.upTo200;
  return AGENCY_RATES.above200;
}

export interface AgencyFinancials {
  activeClients: number;
  totalUsers: number;
  monthlyRevenue: number;
  costs: number;
  netProfit: number;
  growthRate: number;
}

/** The agency dashboard tiles: revenue per client at its own tier, costs 50% of revenue, growth fixed at 0. */
export function agencyFinancials(clients: readonly { billableEmployees: number }[]): AgencyFinancials {
  let totalUsers = 0;
  let revenueCents = 0;
  for (const { billableEmployees } of clients) {
    totalUsers += billableEmployees;
    revenueCents += costInCents(agencyRatePerUser(billableEmployees), billableEmployees);
  }
  const costsCents = Math.round(revenueCents * AGENCY_COST_SHARE);
  return {
    activeClients: clients.length,
    totalUsers,
    monthlyRevenue: fromCents(revenueCents),
    costs: fromCents(costsCents),
    // Subtracting the rounded costs keeps costs + netProfit equal to revenue to the cent.
    netProfit: fromCents(revenueCents - costsCents),
    growthRate: 0,
  };
}

/**
 * The admin views' rate (spec 2 §9): active business plans matched by the exact labels '1-20 users',
 * '21-200 users', '200+ users'; fallbacks 2, 1.5, 1.
 */
export function adminRatePerUser(plans: readonly RatePlan[], employeeCount: number): number {
  assertEmployeeCount(employeeCount);
  const tier = employeeCount <= 20 ? 'upTo20' : employeeCount <= 200 ? 'upTo200' : 'above200';
  const plan = plans.find((p) => p.planType === 'business' && p.isActive && p.userRange === ADMIN_RATE_LABELS[tier]);
  return plan ? plan.price : ADMIN_FALLBACK_RATES[tier];
}

export function adminMonthlyAmount(plans: readonly RatePlan[], billableEmployees: number): number {
  return fromCents(costInCents(adminRatePerUser(plans, billableEmployees), billableEmployees));
}

/** Draft employees are not billed (spec 2 §9). */
export function billableEmployeeCount(employees: readonly { status: 'draft' | 'active' | 'inactive' }[]): number {
  return employees.filter((employee) => employee.status !== 'draft').length;
}
