// What a connected account's state is, from the account object Stripe sends in `account.updated` (and returns from
// accounts.retrieve). Only the fields read here are checked; Stripe's others pass through unread.
import * as z from '../../../shared/zod';
import type { ConnectState } from '../../../shared/schemas/stripe-connect';

export const connectedAccountSchema = z.object({
  id: z.string().check(z.startsWith('acct_'), z.maxLength(255)),
  charges_enabled: z.boolean(),
  details_submitted: z.boolean(),
  requirements: z.optional(z.nullable(z.object({ currently_due: z.optional(z.nullable(z.array(z.string()))) }))),
  metadata: z.optional(z.nullable(z.record(z.string(), z.string()))),
});
export type ConnectedAccount = z.infer<typeof connectedAccountSchema>;

/**
 * Charges enabled whenever Stripe takes charges for it (requirements may come due later; Stripe says when); before the
 * details are submitted, details needed; submitted but no charges, restricted (Stripe wants more, or paused it).
 */
export function connectStateOf(account: Pick<ConnectedAccount, 'charges_enabled' | 'details_submitted'>): Exclude<ConnectState, 'not_connected'> {
  if (account.charges_enabled) return 'charges_enabled';
  return account.details_submitted ? 'restricted' : 'details_needed';
}

/** How many pieces of information Stripe asks for now. */
export const requirementsDueOf = (account: ConnectedAccount): number => account.requirements?.currently_due?.length ?? 0;
