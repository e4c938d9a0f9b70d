// Pricing plans (spec 1 §3, spec 2 §3): the DTO, the admin edit input and the display order.
import * as z from '../zod';
import { DEFAULT_CURRENCY, groupDigits } from '../format';
import { planTypes, toCents, type VolumeTier } from '../pricing';
import { optionalText, requiredText } from './common';

export { planTypes, type PlanType } from '../pricing';

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
  /** An agency plan's volume discounts (issue 20 §2), lowest first; null for a business plan. */
  volumeTiers: z.nullable(z.array(z.object({ fromUsers: z.int(), discountPercent: z.number() }))),
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
  z.number().check(z.gte(0, 'Price cannot be negative'), z.lte(MAX_PLAN_PRICE, `Price must be at most ${groupDigits(MAX_PLAN_PRICE)}`)),
);

/** What the Edit Plan form says under a volume tier's fields (issue 20 §2). */
export const volumeTierMessages = {
  fromUsersWhole: 'Enter a whole number of users',
  firstFromZero: 'The first tier starts at 0 users',
  increasing: 'Start above the tier before',
  fromUsersMissing: 'Enter the number of users this tier starts from',
  percentMissing: "Enter this tier's discount",
  discountFalls: 'Use at least the discount of the tier before',
  percentRange: 'Enter a discount from 0 to 100',
  percentDecimals: 'Use at most two decimals',
  tiersCount: 'Use 1 to 10 tiers',
  agencyOnly: 'Only agency plans have volume tiers',
} as const;
export const MAX_VOLUME_TIERS = 10;
export const MAX_TIER_USERS = 1_000_000;
const vt = volumeTierMessages;

/** A number, or a number typed as text; empty text (a new tier's untouched field) is missing, said as `missing`. */
const numberInput = (message: string, missing: string) =>
  z.pipe(
    z.union([z.number(), z.string().check(z.maxLength(32), z.refine((text) => text.trim() !== '', missing))], { error: message }),
    z.transform(parseDecimal),
  );

/**
 * Volume tiers as the admin types them: each tier starts at a whole number of billable users and runs to the next
 * tier's start (the last is open), so tiers cannot overlap or leave gaps as long as the starts increase from 0; the
 * discount never falls as volume grows (issue 40: a larger agency never pays more per user for growing). A broken rule
 * is reported under the field that breaks it, and an empty field says it is missing.
 */
export const volumeTiersSchema = z
  .array(
    z.strictObject({
      fromUsers: z.pipe(numberInput(vt.fromUsersWhole, vt.fromUsersMissing), z.number().check(z.int(vt.fromUsersWhole), z.gte(0, vt.fromUsersWhole), z.lte(MAX_TIER_USERS, vt.fromUsersWhole))),
      discountPercent: z.pipe(
        numberInput(vt.percentRange, vt.percentMissing),
        z.number().check(z.gte(0, vt.percentRange), z.lte(100, vt.percentRange), z.refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, vt.percentDecimals)),
      ),
    }),
  )
  .check(
    z.minLength(1, vt.tiersCount),
    z.maxLength(MAX_VOLUME_TIERS, vt.tiersCount),
    z.superRefine((tiers: VolumeTier[], ctx) => {
      tiers.forEach((tier, index) => {
        // A field refused on its own (empty, not a number) was said under it already: compare only numbers.
        const previous = tiers[index - 1];
        const number = (value: unknown) => typeof value === 'number';
        if (index === 0 && number(tier.fromUsers) && tier.fromUsers !== 0) ctx.addIssue({ code: 'custom', message: vt.firstFromZero, path: [0, 'fromUsers'], input: tier.fromUsers });
        if (previous && number(tier.fromUsers) && number(previous.fromUsers) && tier.fromUsers <= previous.fromUsers) ctx.addIssue({ code: 'custom', message: vt.increasing, path: [index, 'fromUsers'], input: tier.fromUsers });
        if (previous && number(tier.discountPercent) && number(previous.discountPercent) && tier.discountPercent < previous.discountPercent) ctx.addIssue({ code: 'custom', message: vt.discountFalls, path: [index, 'discountPercent'], input: tier.discountPercent });
      });
    }),
  );

export const planUpdateSchema = z.pipe(
  z.strictObject({
    price: z.pipe(dollarPrice, z.transform(toCents)),
    description: optionalText(500, { multiLine: true }),
    userRange: requiredText('User range is required', 50),
    isPopular: z.boolean({ error: 'Popular must be true or false' }),
    isActive: z.boolean({ error: 'Active must be true or false' }),
    /** Agency plans only (the API refuses tiers on a business plan). */
    volumeTiers: z.optional(volumeTiersSchema),
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
