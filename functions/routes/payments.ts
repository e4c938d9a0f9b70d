// Everything that talks to Stripe: the payment page, Stripe Checkout, verify on return and the Stripe webhook (public),
// and the admins' invoice status changes (Void expires open Checkout Sessions) and unapplied payments with their
// refunds: the `payments` area's routes (functions/routes.ts combines every area's).
import { checkoutRequestSchema, checkoutSchema, invoicePaymentViewSchema, invoiceSchema, invoiceStatusUpdateSchema, paymentVerifiedSchema, paymentVerifySchema, stripeSessionIdSchema } from '../../shared/schemas/invoice';
import { unappliedPaymentListQuerySchema, unappliedPaymentPageSchema, unappliedPaymentSchema } from '../../shared/schemas/unapplied-payment';
import * as z from '../../shared/zod';
import { defineRoutes } from './define';

export const paymentsRoutes = defineRoutes('payments', {
  getInvoicePayment: { method: 'GET', path: '/api/public/invoices/{invoiceId}', auth: 'public', throttle: 'strict', summary: "The invoice payment page: number, business, status, due date, amount, notes, billing contact, and the agency's brand for a white-labelled client's invoice (404 for an unknown id)", response: invoicePaymentViewSchema, scoped: true },
  createCheckout: { method: 'POST', path: '/api/public/invoices/{invoiceId}/checkout', auth: 'public', throttle: 'strict', summary: 'Pay: a Stripe Checkout Session for the stored amount; the browser goes to its url', body: checkoutRequestSchema, response: checkoutSchema, scoped: true },
  verifyPayment: { method: 'POST', path: '/api/public/payments/verify', auth: 'public', throttle: 'strict', summary: 'Back from Stripe: confirms the session with Stripe and records the payment once', body: paymentVerifySchema, response: paymentVerifiedSchema },
  stripeWebhook: { method: 'POST', path: '/api/webhooks/stripe', auth: 'public', throttle: 'public', summary: 'Stripe events (signature checked on the raw body, each event once): a completed checkout pays its invoice', produces: 'application/json' },
  setInvoiceStatus: { method: 'PUT', path: '/api/admin/invoices/{invoiceId}/status', auth: 'admin', throttle: 'standard', summary: "Admins: Mark Paid, Mark Overdue or Void, only from a status that allows it (409 otherwise); Void expires the invoice's open Checkout Sessions", body: invoiceStatusUpdateSchema, response: invoiceSchema, scoped: true },
  listUnappliedPayments: { method: 'GET', path: '/api/admin/unapplied-payments', auth: 'admin', throttle: 'standard', summary: 'Admins: payments Stripe took that no invoice could take (void, cancelled or paid already, another amount, gone), newest first, 25 per page', query: unappliedPaymentListQuerySchema, response: unappliedPaymentPageSchema },
  refundUnappliedPayment: { method: 'POST', path: '/api/admin/unapplied-payments/{stripeSessionId}/refund', auth: 'admin', throttle: 'strict', summary: 'Admins: refunds an unapplied payment through Stripe, once (409 when refunded already)', params: z.strictObject({ stripeSessionId: stripeSessionIdSchema }), response: unappliedPaymentSchema },
});
