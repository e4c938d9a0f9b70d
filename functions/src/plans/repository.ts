// Access patterns of pricing plans: all plans in one Query of the gsi2 `plans` listing.
import type { PricingPlan } from '../../../shared/schemas/plan';
import { sortPlansForDisplay } from '../../../shared/schemas/plan';
import { DEFAULT_CURRENCY } from '../../../shared/format';
import { DEFAULT_VOLUME_TIERS } from '../../../shared/pricing';
import { db } from '../data/entities';
import { orNull } from '../lib/values';

/** Every plan (active or not), in display order: plan type ascending, then price descending. */
export async function listPlans(): Promise<PricingPlan[]> {
  const { data } = await db().plan.query.all({ listing: 'plans' }).go({ pages: 'all' });
  return sortPlansForDisplay(
    data.map((p) => ({
      id: p.planId,
      name: p.name,
      priceCents: p.priceCents,
      currency: p.currency ?? DEFAULT_CURRENCY,
      period: p.period,
      description: orNull(p.description),
      userRange: p.userRange,
      features: p.features ?? [],
      isPopular: p.isPopular ?? false,
      isActive: p.isActive ?? true,
      planType: p.planType,
      volumeTiers: p.planType === 'agency' ? (p.volumeTiers ?? DEFAULT_VOLUME_TIERS.map((tier) => ({ ...tier }))) : null,
    })),
  );
}

/** The plans shown and billed (spec 1 §3, spec 2 §9): the active ones, in display order. */
export async function listActivePlans(): Promise<PricingPlan[]> {
  return (await listPlans()).filter((plan) => plan.isActive);
}
