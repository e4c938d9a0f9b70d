// Stripe Connect for agencies (Agency Settings → Payments): the agency's connected account and its onboarding, and
// the Connect webhook: the `stripeConnect` area's routes (functions/routes.ts combines every area's).
import { stripeConnectSchema, stripeOnboardingSchema } from '../../shared/schemas/stripe-connect';
import { defineRoutes } from './define';

export const stripeConnectRoutes = defineRoutes('stripeConnect', {
  getStripeConnect: {
    method: 'GET',
    path: '/api/agencies/{agencyId}/stripe-connect',
    auth: 'user',
    throttle: 'standard',
    summary: "The agency's Stripe connected account and its state (not connected, details needed, charges enabled, restricted), as Stripe's account.updated events last told it",
    response: stripeConnectSchema,
    scoped: true,
  },
  startStripeOnboarding: {
    method: 'POST',
    path: '/api/agencies/{agencyId}/stripe-connect/onboarding',
    auth: 'user',
    throttle: 'strict',
    summary: "Connect with Stripe: creates the agency's Express connected account once, then a single-use Stripe account link the browser goes to; Stripe sends it back to Agency Settings",
    response: stripeOnboardingSchema,
    scoped: true,
  },
  stripeConnectWebhook: {
    method: 'POST',
    path: '/api/webhooks/stripe-connect',
    auth: 'public',
    throttle: 'public',
    summary: "Stripe's Connect events (events of connected accounts, signed with the Connect endpoint's own secret; each event once): account.updated records the agency's account state",
    produces: 'application/json',
  },
});
