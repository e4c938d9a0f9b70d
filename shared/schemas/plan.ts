// Pricing plans (spec 1 §3, spec 2 §3): the DTO, the admin edit input and the display order.
import * as z from '../zod';
import { DEFAULT_CURRENCY } from '../format';
import { toCents } from '../pricing';
import { optionalText, requiredText } from './common';

export const planTypes = ['business', 'agency'] as const;
export type PlanType = (typeof planTypes)[number];

/** In dollars: the admin form's bound (the stored price is cents). */
export const MAX_PLAN_PRICE = 100_000;

export const pricingPlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Per user per period, in integer minor units (cents) of `currency`. */
  priceCents: z.int().check(z.gte(0)),
  currency: z._default(z.string().check(z.length(3)), DEFAULT_CURRENCY),
  period: z.string(),
  description: z.nullable(z.string()),
  /** Free text such as '1-20 users' or '200+ users'; see parseUserRange in shared/pricing. */
  userRange: z.string(),
  features: z.array(z.string()),
  isPopular: z.boolean(),
  isActive: z.boolean(),
  planType: z.enum(planTypes),
});
export type PricingPlan = z.infer<typeof pricingPlanSchema>;
export const pricingPlanListSchema = z.array(pricingPlanSchema);

const decimalPattern = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** Spec 2 §5: the price is parsed as a decimal and becomes 0 when it is not a number. */
export function parseDecimal(value: number | string): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  const text = value.trim();
  return decimalPattern.test(text) ? Number(text) : 0;
}

/**
 * The admin Edit Plan form (spec 2 §2 Plans tab). The price is typed in dollars (a number input, so a numeric
 * string is accepted too) and leaves the schema as integer `priceCents`.
 */
const dollarPrice = z.pipe(
  z.pipe(z.union([z.number(), z.string().check(z.maxLength(32))], { error: 'Price must be a number' }), z.transform(parseDecimal)),
  z.number().check(z.gte(0, 'Price cannot be negative'), z.lte(MAX_PLAN_PRICE, `Price must be at most ${MAX_PLAN_PRICE.toLocaleString('en-US')}`)),
);

export const planUpdateSchema = z.pipe(
  z.strictObject({
    price: z.pipe(dollarPrice, z.transform(toCents)),
    description: optionalText(500, { multiLine: true }),
    userRange: requiredText('User range is required', 50),
    isPopular: z.boolean({ error: 'Popular must be true or false' }),
    isActive: z.boolean({ error: 'Active must be true or false' }),
  }),
  z.transform(({ price, ...rest }) => ({ ...rest, priceCents: price })),
);
export type PlanUpdateInput = z.input<typeof planUpdateSchema>;
export type PlanUpdate = z.output<typeof planUpdateSchema>;

/** Spec 1 §3: plan_type ascending, then price descending. Returns a new array; equal keys keep their order. */
export function sortPlansForDisplay<T extends Pick<PricingPlan, 'planType' | 'priceCents'>>(plans: readonly T[]): T[] {
  return [...plans].sort((a, b) => {
    if (a.planType !== b.planType) return a.planType < b.planType ? -1 : 1;
    return b.priceCents - a.priceCents;
  });
}
