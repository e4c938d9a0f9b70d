// Access patterns of an agency's Stripe connected account (docs/access-patterns.md "CONNECT-1, CONNECT-2"): the
// agency item's `stripeAccountId` (set once) and the state the newest applied `account.updated` event gave it.
import type { ConnectState } from '../../../shared/schemas/stripe-connect';
import { isConditionalFailure } from '../data/conditional';
import { db } from '../data/entities';

/**
 * Points the agency at its connected account, only if it has none: two Connect with Stripe at once asked Stripe with
 * one idempotency key, so both got the same account and either write leaves the same id. The stored id is returned.
 */
export async function setStripeAccount(agencyId: string, accountId: string): Promise<string> {
  try {
    await db()
      .agency.patch({ agencyId })
      .set({ stripeAccountId: accountId })
      .where(({ stripeAccountId }, { notExists }) => notExists(stripeAccountId))
      .go();
    return accountId;
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
    const { data } = await db().agency.get({ agencyId }).go({ consistent: true, attributes: ['stripeAccountId'] });
    if (!data?.stripeAccountId) throw error;
    return data.stripeAccountId;
  }
}

/**
 * Records the state an `account.updated` event gives the agency's account, only if the agency's account is that one
 * and no newer event was applied (`connectEventAt`): Stripe does not promise order. False when it was not applied.
 */
export async function applyAccountState(agencyId: string, accountId: string, update: { state: Exclude<ConnectState, 'not_connected'>; requirementsDue: number; eventAt: number }): Promise<boolean> {
  try {
    await db()
      .agency.patch({ agencyId })
      .set({ connectState: update.state, connectRequirementsDue: update.requirementsDue, connectEventAt: update.eventAt })
      .where(({ stripeAccountId, connectEventAt }, { eq, notExists, lte }) => `${eq(stripeAccountId, accountId)} AND (${notExists(connectEventAt)} OR ${lte(connectEventAt, update.eventAt)})`)
      .go();
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
}
