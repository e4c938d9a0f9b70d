// The plans tab (spec 2 §2): every plan, active or not, and the Edit Plan save. The pricing page and the billing
// rates read the same items, so a saved plan shows everywhere at once.
import { volumeTierMessages, type PlanUpdate, type PricingPlan } from '../../../shared/schemas/plan';
import { isConditionalFailure } from '../data/conditional';
import { db } from '../data/entities';
import { AppError, notFound } from '../lib/errors';
import { listPlans } from '../plans/repository';

export { listPlans as listAllPlans };

export async function updatePlan(planId: string, update: PlanUpdate): Promise<PricingPlan> {
  const { description, ...rest } = update;
  // Volume tiers are an agency plan's (issue 20 §2): a business plan's rate already falls with its user range.
  if (update.volumeTiers) {
    const { data } = await db().plan.get({ planId }).go({ attributes: ['planType'] });
    if (!data) throw notFound('Plan not found.');
    if (data.planType !== 'agency') throw new AppError('VALIDATION_FAILED', volumeTierMessages.agencyOnly, { volumeTiers: volumeTierMessages.agencyOnly });
  }
  try {
    await db()
      .plan.patch({ planId })
      .set({ ...rest, ...(description ? { description } : {}) })
      .remove(description ? [] : ['description'])
      .go();
  } catch (error) {
    if (isConditionalFailure(error)) throw notFound('Plan not found.');
    throw error;
  }
  const plan = (await listPlans()).find((p) => p.id === planId);
  if (!plan) throw notFound('Plan not found.');
  return plan;
}
