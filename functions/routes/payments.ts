// Paying an invoice: the payment page, Stripe Checkout, verify on return and the Stripe webhook: the `payments` area's routes (functions/routes.ts combines every area's).
import { checkoutRequestSchema, checkoutSchema, invoicePaymentViewSchema, paymentVerifiedSchema, paymentVerifySchema } from '../../shared/schemas/invoice';
import { defineRoutes } from './define';

export const paymentsRoutes = defineRoutes('payments', {
  getInvoicePayment: { method: 'GET', path: '/api/public/invoices/{invoiceId}', auth: 'public', throttle: 'strict', summary: 'The invoice payment page: number, business, status, due date, amount, notes, billing contact (404 for an unknown id)', response: invoicePaymentViewSchema, scoped: true },
  createCheckout: { method: 'POST', path: '/api/public/invoices/{invoiceId}/checkout', auth: 'public', throttle: 'strict', summary: 'Pay: a Stripe Checkout Session for the stored amount; the browser goes to its url', body: checkoutRequestSchema, response: checkoutSchema, scoped: true },
  verifyPayment: { method: 'POST', path: '/api/public/payments/verify', auth: 'public', throttle: 'strict', summary: 'Back from Stripe: confirms the session with Stripe and records the payment once', body: paymentVerifySchema, response: paymentVerifiedSchema },
  stripeWebhook: { method: 'POST', path: '/api/webhooks/stripe', auth: 'public', throttle: 'public', summary: 'Stripe events (signature checked on the raw body, each event once): a completed checkout pays its invoice', produces: 'application/json' },
});
