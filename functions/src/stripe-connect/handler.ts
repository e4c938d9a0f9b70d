// The `stripeConnect` area Lambda: an agency's Stripe connected account (Agency Settings → Payments) and the Connect
// webhook. With the payments area, the only Lambdas holding the Stripe keys.
import { raw } from '../http/http';
import { httpHandler } from '../http/http-handler';
import { stripeConnectRoutes } from '../../routes/stripe-connect';
import { getStripeConnect, startStripeOnboarding } from './connect-account';
import { handleConnectWebhook } from './connect-webhook';

export const handler = httpHandler(stripeConnectRoutes, {
  getStripeConnect: async ({ caller, params }) => getStripeConnect(caller, params.agencyId),
  startStripeOnboarding: async ({ caller, params }) => startStripeOnboarding(caller, params.agencyId),
  stripeConnectWebhook: async ({ event }) => {
    // Stripe signs the exact bytes it sent: the body is read raw, never parsed before the check.
    const rawBody = event.body ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body) : '';
    const result = await handleConnectWebhook(rawBody, event.headers?.['stripe-signature']);
    return raw({ headers: { 'content-type': 'application/json', 'cache-control': 'no-store' }, body: JSON.stringify(result) });
  },
});
