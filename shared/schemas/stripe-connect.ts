// Stripe Connect for agencies (Agency Settings → Payments): the state of the agency's connected account, as the
// `account.updated` events of Stripe last told it, and the onboarding link the browser goes to.
import * as z from '../zod';

/**
 * not_connected: no connected account yet. details_needed: onboarding not finished (details not submitted).
 * charges_enabled: Stripe takes charges for it. restricted: details submitted, but Stripe needs more before it takes
 * charges (or paused them).
 */
export const connectStateSchema = z.enum(['not_connected', 'details_needed', 'charges_enabled', 'restricted']);
export type ConnectState = z.infer<typeof connectStateSchema>;

export const stripeConnectSchema = z.object({
  state: connectStateSchema,
  /** The connected account (acct_…), null before the first Connect with Stripe. */
  accountId: z.nullable(z.string()),
  /** How many pieces of information Stripe asks for now (its requirements.currently_due). */
  requirementsDue: z.int(),
  /** When the state last changed (the event's time, ISO 8601); null before any event. */
  updatedAt: z.nullable(z.string()),
});
export type StripeConnect = z.infer<typeof stripeConnectSchema>;

/** Connect with Stripe: the account link to send the browser to (single-use, minutes long). */
export const stripeOnboardingSchema = z.object({ url: z.url() });
export type StripeOnboarding = z.infer<typeof stripeOnboardingSchema>;
