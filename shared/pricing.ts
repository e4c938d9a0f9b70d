// Billing rules (spec 2 §9): per-user monthly rates chosen from pricing plans, the agency and admin
// figures, and the amount the monthly invoice job bills. Money is integer cents in and out; formatting
// to dollars happens only at the edge (shared/format.ts formatMoney).

export const planTypes = ['business', 'agency'] as const;
export type PlanType = (typeof planTypes)[number];

/** The fields of a plan that pricing reads (the public pricing query selects only a few columns). */
export interface RatePlan {
  /** Per user per month, in cents. */
  priceCents: number;
  /** Free text such as '1-20 users' or '200+ users' (parseUserRange). */
  userRange: string;
  planType: PlanType;
  isActive: boolean;
}

/** Rates in cents per user per month. */
export const FALLBACK_BUSINESS_RATE_CENTS = 199;
export const AGENCY_RATES_CENTS = { upTo20: 199, upTo200: 149, above200: 99 } as const;
/** The agency's share of what it charges a client, which it owes CardCrew (spec 2 §9: 50 %), as a whole percentage. */
export const AGENCY_COST_SHARE_PERCENT = 50;
export const ADMIN_RATE_LABELS = { upTo20: '1-20 users', upTo200: '21-200 users', above200: '200+ users' } as const;
export const ADMIN_FALLBACK_RATES_CENTS = { upTo20: 200, upTo200: 150, above200: 100 } as const;

/**
 * Dollars (a form's decimal input) to whole cents, rounding half away from zero. toPrecision first strips
 * binary drift (1.005 * 100 = 100.49999999999999).
 */
export function toCents(amount: number): number {
  const cents = Math.round(Number((Math.abs(amount) * 100).toPrecision(15)));
  return amount < 0 && cents !== 0 ? -cents : cents;
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
 * The per-user rate in cents a business pays (spec 2 §9): among active business plans, the one whose user range
 * holds the count; a bounded range wins over an open one, so 200 is '21-200' and 201 is '200+'.
 * No match → the first plan; no plans → 199 cents. A count of 0 is rated like 1 (the smallest tier).
 */
export function businessRatePerUser(plans: readonly RatePlan[], employeeCount: number): number {
  assertEmployeeCount(employeeCount);
  const candidates = plans.filter((plan) => plan.planType === 'business' && plan.isActive);
  const first = candidates[0];
  if (!first) return FALLBACK_BUSINESS_RATE_CENTS;
  const n = Math.max(1, employeeCount);
  const ranged = candidates.map((plan) => ({ plan, range: parseUserRange(plan.userRange) }));
  const bounded = ranged.find(({ range }) => range !== null && range.max !== null && n >= range.min && n <= range.max);
  const open = ranged.find(({ range }) => range !== null && range.max === null && n >= range.min);
  return (bounded ?? open)?.plan.priceCents ?? first.priceCents;
}

function costInCents(rateCents: number, count: number): number {
  return rateCents * count;
}

/** Monthly cost in cents shown on the business dashboard: rate × billable employees (0 employees → 0). */
export function businessMonthlyCost(plans: readonly RatePlan[], billableEmployees: number): number {
  return costInCents(businessRatePerUser(plans, billableEmployees), billableEmployees);
}

/** What the monthly invoice job bills a business, in cents: the business rate rule × billable employees. */
export function monthlyInvoiceAmount(plans: readonly RatePlan[], billableEmployees: number): number {
  return businessMonthlyCost(plans, billableEmployees);
}

/** The fixed agency view rates in cents (spec 2 §9); 0 employees falls in the first tier. */
export function agencyRatePerUser(employeeCount: number): number {
  assertEmployeeCount(employeeCount);
  if (employeeCount <= 20) return AGENCY_RATES_CENTS.upTo20;
  if (employeeCount <= 200) return AGENCY_RATES_CENTS.upTo200;
  return AGENCY_RATES_CENTS.above200;
}

/** A volume discount tier of an agency plan: from this many billable users (inclusive) up to the next tier's start. */
export interface VolumeTier {
  fromUsers: number;
  /** 0–100 with at most two decimals. */
  discountPercent: number;
}

/** Issue 20 §2: 0 % below 100 billable users, 5 % from 100, 10 % from 500 (above 1,000 the pricing page sends to sales). */
export const DEFAULT_VOLUME_TIERS: readonly VolumeTier[] = [
  { fromUsers: 0, discountPercent: 0 },
  { fromUsers: 100, discountPercent: 5 },
  { fromUsers: 500, discountPercent: 10 },
];

export interface AgencyFinancials {
  activeClients: number;
  totalUsers: number;
  monthlyRevenueCents: number;
  costsCents: number;
  netProfitCents: number;
  growthRate: number;
}

/** Integer division rounding half away from zero (both operands non-negative integers): money's one rounding rule. */
export function divideRoundingHalfUp(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || numerator < 0 || denominator <= 0) {
    throw new RangeError(`Cannot divide ${numerator} by ${denominator} in whole cents`);
  }
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** The most an agency may charge a client per user per month, in cents ($1,000: a typo guard, not a business rule). */
export const MAX_AGENCY_PRICE_CENTS = 100_000;

/**
 * The price per user per month an agency charges a client, in cents: the price it set for that client, or the list
 * price of the client's tier (spec 2 §9's agency view rates) while it has set none.
 */
export function agencyClientPrice(employees: number, pricePerUserCents?: number | null): number {
  assertEmployeeCount(employees);
  return pricePerUserCents ?? agencyRatePerUser(employees);
}

/** What an agency charges one client per month: its billable employees at the agency's price for it (or the list price). */
export function agencyClientRevenue(employees: number, pricePerUserCents?: number | null): number {
  return costInCents(agencyClientPrice(employees, pricePerUserCents), employees);
}

/**
 * What an agency owes CardCrew for one client per month before the volume discount: 50 % of the client's billable
 * employees at the list rate of its tier, whatever the agency charges it, rounded per client half up
 * (1.49 × 21 = 31.29 → 15.645 → 15.65). The dashboard's Costs and the agency invoice both take their lines from here.
 */
export function agencyClientCost(employees: number): { ratePerUserCents: number; revenueCents: number; costCents: number } {
  const listRevenueCents = agencyClientRevenue(employees);
  return { ratePerUserCents: agencyRatePerUser(employees), revenueCents: listRevenueCents, costCents: divideRoundingHalfUp(listRevenueCents * AGENCY_COST_SHARE_PERCENT, 100) };
}

/**
 * This month's revenue against last month's, in percent with one decimal, rounded half away from zero. Without last
 * month's figure, or when it was 0 (no base to grow from), the rate is 0.
 */
export function growthRatePercent(currentCents: number, previousCents: number | null): number {
  if (previousCents === null || previousCents <= 0) return 0;
  const tenths = divideRoundingHalfUp(Math.abs(currentCents - previousCents) * 1000, previousCents);
  return (currentCents < previousCents ? -tenths : tenths) / 10;
}

export interface AgencyFinancialsClient {
  /** Billable (non-draft) employees, the count its invoice bills. */
  employees: number;
  billedTo?: 'agency' | 'direct';
  /** The agency's price for this client per user per month; absent or null: the list price. */
  pricePerUserCents?: number | null;
}

/**
 * The agency dashboard tiles. Pass each active client (inactive ones earn and count nothing). Revenue is what the
 * agency charges: each client billed to it, its billable employees at the agency's price for it. Costs are what
 * CardCrew bills the agency for them, the consolidated invoice's total: per-client costs (agencyClientCost), less the
 * volume discount of the agency's tiers. Net Profit is Revenue − Costs, so it may be negative when the agency charges
 * less than it pays. Growth compares the revenue with last month's stored figure (growthRatePercent). A client billed
 * directly pays the platform itself: it earns the agency nothing and costs it nothing, though it is still one of its
 * clients and its users are still the agency's to manage.
 */
export function agencyFinancials(
  clients: readonly AgencyFinancialsClient[],
  { tiers = DEFAULT_VOLUME_TIERS, lastMonthRevenueCents = null }: { tiers?: readonly VolumeTier[]; lastMonthRevenueCents?: number | null } = {},
): AgencyFinancials {
  const billed = clients.filter((client) => client.billedTo !== 'direct');
  const revenueCents = billed.reduce((sum, client) => sum + agencyClientRevenue(client.employees, client.pricePerUserCents), 0);
  const costsCents = agencyCostTotals(billed.map((client) => client.employees), tiers).totalCents;
  return {
    activeClients: clients.length,
    totalUsers: clients.reduce((sum, client) => sum + client.employees, 0),
    monthlyRevenueCents: revenueCents,
    costsCents,
    netProfitCents: revenueCents - costsCents,
    growthRate: growthRatePercent(revenueCents, lastMonthRevenueCents),
  };
}

/** The agency plan that bills an agency: its assigned plan while that is active, else the first active agency plan. */
export function agencyPlanOf<P extends Pick<RatePlan, 'planType' | 'isActive'> & { id: string }>(plans: readonly P[], assignedPlanId?: string | null): P | null {
  const active = plans.filter((plan) => plan.planType === 'agency' && plan.isActive);
  return active.find((plan) => plan.id === assignedPlanId) ?? active[0] ?? null;
}

/** The tiers an agency is billed by: its plan's (agencyPlanOf), else the defaults. */
export function agencyVolumeTiers(plans: readonly (Pick<RatePlan, 'planType' | 'isActive'> & { id: string; volumeTiers: readonly VolumeTier[] | null })[], assignedPlanId?: string | null): readonly VolumeTier[] {
  return agencyPlanOf(plans, assignedPlanId)?.volumeTiers ?? DEFAULT_VOLUME_TIERS;
}

/** The tier that holds `users` and the next one up (null at the top). Tiers are sorted and start at 0 (the schema's rules). */
export function volumeTierFor(tiers: readonly VolumeTier[], users: number): { tier: VolumeTier; next: VolumeTier | null } {
  assertEmployeeCount(users);
  const sorted = [...(tiers.length > 0 ? tiers : DEFAULT_VOLUME_TIERS)].sort((a, b) => a.fromUsers - b.fromUsers);
  let index = 0;
  sorted.forEach((tier, i) => {
    if (users >= tier.fromUsers) index = i;
  });
  return { tier: sorted[index]!, next: sorted[index + 1] ?? null };
}

/** A percentage's discount on an amount in cents, rounded half up once on the total (5 % of 3,131 = 156.55 → 157). */
export function discountCents(amountCents: number, discountPercent: number): number {
  const basisPoints = Math.round(discountPercent * 100);
  return divideRoundingHalfUp(amountCents * basisPoints, 10_000);
}

export interface AgencyInvoiceLine {
  businessId: string;
  businessName: string;
  billableEmployees: number;
  /** The agency-view rate of the client's tier (1.99 / 1.49 / 0.99). */
  ratePerUserCents: number;
  /** The agency's share of that rate it owes (50). */
  sharePercent: number;
  amountCents: number;
}

export interface AgencyInvoiceAmounts {
  lines: AgencyInvoiceLine[];
  billableEmployees: number;
  subtotalCents: number;
  tier: VolumeTier;
  discountCents: number;
  totalCents: number;
}

/** The consolidated invoice's totals for clients with these billable employees: per-client costs, then the volume discount. */
export function agencyCostTotals(billableCounts: readonly number[], tiers: readonly VolumeTier[]): { billableEmployees: number; subtotalCents: number; tier: VolumeTier; discountCents: number; totalCents: number } {
  const billableEmployees = billableCounts.reduce((sum, n) => sum + n, 0);
  const subtotalCents = billableCounts.reduce((sum, n) => sum + agencyClientCost(n).costCents, 0);
  const { tier } = volumeTierFor(tiers, billableEmployees);
  const discount = discountCents(subtotalCents, tier.discountPercent);
  return { billableEmployees, subtotalCents, tier, discountCents: discount, totalCents: subtotalCents - discount };
}

/**
 * The agency's monthly invoice (issue 20 §1, §2): one line per client billed to it with billable employees (a client
 * with none gets no line), each line the client's agency cost (rounded per line), the subtotal, the volume discount of
 * the tier the total billable users reach (rounded once on the subtotal) and the total (agencyCostTotals).
 */
export function agencyInvoiceAmounts(clients: readonly { businessId: string; businessName: string; billableEmployees: number }[], tiers: readonly VolumeTier[]): AgencyInvoiceAmounts {
  const lines = clients
    .filter((client) => client.billableEmployees > 0)
    .map((client) => {
      const cost = agencyClientCost(client.billableEmployees);
      return { ...client, ratePerUserCents: cost.ratePerUserCents, sharePercent: AGENCY_COST_SHARE_PERCENT, amountCents: cost.costCents };
    });
  return { lines, ...agencyCostTotals(lines.map((line) => line.billableEmployees), tiers) };
}

/**
 * The admin views' rate in cents (spec 2 §9): active business plans matched by the exact labels '1-20 users',
 * '21-200 users', '200+ users'; fallbacks 200, 150, 100 cents.
 */
export function adminRatePerUser(plans: readonly RatePlan[], employeeCount: number): number {
  assertEmployeeCount(employeeCount);
  const tier = employeeCount <= 20 ? 'upTo20' : employeeCount <= 200 ? 'upTo200' : 'above200';
  const plan = plans.find((p) => p.planType === 'business' && p.isActive && p.userRange === ADMIN_RATE_LABELS[tier]);
  return plan ? plan.priceCents : ADMIN_FALLBACK_RATES_CENTS[tier];
}

/** The admin views' monthly amount in cents. */
export function adminMonthlyAmount(plans: readonly RatePlan[], billableEmployees: number): number {
  return costInCents(adminRatePerUser(plans, billableEmployees), billableEmployees);
}

/** A business the monthly run bills at all (itself, or on its agency's invoice): switched on and subscribed. */
export function isBillableBusiness(business: { isActive?: boolean | undefined; subscriptionStatus?: string | undefined }): boolean {
  return business.isActive !== false && business.subscriptionStatus === 'active';
}

/** Draft employees are not billed (spec 2 §9). */
export function billableEmployeeCount(employees: readonly { status: 'draft' | 'active' | 'inactive' }[]): number {
  return employees.filter((employee) => employee.status !== 'draft').length;
}
