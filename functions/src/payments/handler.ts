// The `payments` area Lambda, everything that talks to Stripe: the public invoice payment page, Stripe Checkout, verify
// on return, the Stripe webhook, and the admins' invoice status changes and unapplied payments. Its signed-in routes are
// admin-only, so with adminHttpHandler and payment-store.ts the bundle holds no ElectroDB.
import { adminHttpHandler } from '../http/admin-http-handler';
import { raw } from '../http/http';
import { paymentsRoutes } from '../../routes/payments';
import { listUnappliedPayments, refundUnappliedPayment } from '../unapplied-payments/unapplied-payments';
import { createCheckout, getInvoicePaymentView, verifyPayment } from '../invoices/payment';
import { setInvoiceStatus } from '../invoices/set-invoice-status';
import { handleStripeWebhook } from '../invoices/stripe-webhook';

export const handler = adminHttpHandler(paymentsRoutes, {
  getInvoicePayment: async ({ params }) => getInvoicePaymentView(params.invoiceId),
  createCheckout: async ({ params, body }) => createCheckout(params.invoiceId, body.returnTo),
  verifyPayment: async ({ body }) => verifyPayment(body.sessionId),
  stripeWebhook: async ({ event }) => {
    // Stripe signs the exact bytes it sent: the body is read raw, never parsed before the check.
    const rawBody = event.body ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body) : '';
    const result = await handleStripeWebhook(rawBody, event.headers?.['stripe-signature']);
    return raw({ headers: { 'content-type': 'application/json', 'cache-control': 'no-store' }, body: JSON.stringify(result) });
  },
  setInvoiceStatus: async ({ params, body }) => setInvoiceStatus(params.invoiceId, body),
  listUnappliedPayments: async ({ query }) => listUnappliedPayments(query.cursor),
  refundUnappliedPayment: async ({ params, caller }) => refundUnappliedPayment(params.stripeSessionId, caller),
});
