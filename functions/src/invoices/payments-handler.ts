// The `payments` area Lambda: the public invoice payment page, Stripe Checkout, verify on return, the Stripe webhook.
// Every route is public, so no caller is resolved and, with payment-store.ts, the bundle holds no ElectroDB.
import { publicHttpHandler, raw } from '../lib/http';
import { paymentsRoutes } from '../../routes/payments';
import { createCheckout, getInvoicePaymentView, verifyPayment } from './payment';
import { handleStripeWebhook } from './stripe-webhook';

export const handler = publicHttpHandler(paymentsRoutes, {
  getInvoicePayment: async ({ params }) => getInvoicePaymentView(params.invoiceId),
  createCheckout: async ({ params, body }) => createCheckout(params.invoiceId, body.returnTo),
  verifyPayment: async ({ body }) => verifyPayment(body.sessionId),
  stripeWebhook: async ({ event }) => {
    // Stripe signs the exact bytes it sent: the body is read raw, never parsed before the check.
    const rawBody = event.body ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body) : '';
    const result = await handleStripeWebhook(rawBody, event.headers?.['stripe-signature']);
    return raw({ headers: { 'content-type': 'application/json', 'cache-control': 'no-store' }, body: JSON.stringify(result) });
  },
});
