// Paying an invoice (spec 1 §2 'Invoice payment', spec 2 §4; issue 10 §6–7): the public page's view, a Stripe
// Checkout Session for the stored amount (never one from the browser), and the payment recorded once — from the
// verify call when the payer returns, or the webhook, whichever comes first; the other finds it done.
import type Stripe from 'stripe';
import { messages } from '../../../shared/messages';
import type { InvoicePaymentView, PaymentVerified } from '../../../shared/schemas/invoice';
import { canPayInvoice } from '../../../shared/schemas/invoice';
import { stripe } from '../adapters/stripe';
import { siteConfig } from '../config';
import { AppError, notFound } from '../lib/errors';
import { logger } from '../lib/logger';
import { recordMetric } from '../lib/metrics';
import { billingContactOf, getInvoice, markInvoicePaid } from './payment-store';
import type { InvoiceRecord } from './repository';

/** The page shows nothing for an id that names no invoice: the same 404 as a made-up one. */
async function invoiceOrNotFound(invoiceId: string): Promise<InvoiceRecord> {
  const invoice = await getInvoice(invoiceId);
  if (!invoice) throw notFound(messages.invoicePayment.notFoundTitle);
  return invoice;
}

export async function getInvoicePaymentView(invoiceId: string): Promise<InvoicePaymentView> {
  const invoice = await invoiceOrNotFound(invoiceId);
  return {
    invoiceNumber: invoice.invoiceNumber,
    businessName: invoice.businessName,
    status: invoice.status,
    dueDate: invoice.dueDate,
    amountCents: invoice.amountCents,
    currency: invoice.currency ?? 'USD',
    notes: invoice.notes ?? null,
    billingContact: await billingContactOf(invoice.businessId),
  };
}

export async function createCheckout(invoiceId: string, returnTo: 'invoice' | 'admin'): Promise<{ url: string }> {
  const invoice = await invoiceOrNotFound(invoiceId);
  if (!canPayInvoice(invoice.status)) throw new AppError('CONFLICT', invoice.status === 'paid' ? messages.invoicePayment.paid : 'This invoice can no longer be paid.');
  const origin = siteConfig().PUBLIC_ORIGIN.replace(/\/$/, '');
  const back = returnTo === 'admin' ? `${origin}/admin?tab=billing` : `${origin}/invoice-payment/${invoiceId}`;
  const separator = back.includes('?') ? '&' : '?';
  const session = await (await stripe()).checkout.sessions.create({
    mode: 'payment',
    line_items: [
      {
        quantity: 1,
        price_data: { currency: (invoice.currency ?? 'USD').toLowerCase(), unit_amount: invoice.amountCents, product_data: { name: `Invoice ${invoice.invoiceNumber}`, description: invoice.businessName } },
      },
    ],
    metadata: { invoiceId },
    client_reference_id: invoiceId,
    success_url: `${back}${separator}payment=success&session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${back}${separator}payment=cancelled`,
  });
  if (!session.url) throw new AppError('INTERNAL', messages.invoicePayment.paymentFailed);
  return { url: session.url };
}

/**
 * Records a completed Checkout Session as the invoice's payment: only when Stripe says it is paid, for this
 * invoice, for the stored amount and currency. Idempotent: a second call (or the webhook) finds it paid.
 */
export async function recordCheckoutPayment(session: Stripe.Checkout.Session, now = new Date()): Promise<InvoiceRecord | null> {
  const invoiceId = session.metadata?.invoiceId;
  if (!invoiceId) return null;
  const invoice = await getInvoice(invoiceId);
  if (!invoice) return null;
  if (session.payment_status !== 'paid') return invoice;
  if (session.amount_total !== invoice.amountCents || session.currency?.toUpperCase() !== (invoice.currency ?? 'USD').toUpperCase()) {
    logger.error('a checkout session does not match its invoice; not recorded', { invoiceId, sessionId: session.id, amount: session.amount_total, currency: session.currency });
    return invoice;
  }
  const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
  const paid = await markInvoicePaid(invoiceId, { paidAt: now.toISOString(), paidAmountCents: session.amount_total, stripeSessionId: session.id, ...(paymentIntent ? { stripePaymentIntentId: paymentIntent } : {}) });
  // Once per invoice: the webhook and the return-URL verify race to the same conditional update.
  if (paid) recordMetric('InvoicesPaid');
  return getInvoice(invoiceId);
}

/** The payer is back with a session id (spec 2 §4 verify-payment): confirmed with Stripe, never taken on trust. */
export async function verifyPayment(sessionId: string): Promise<PaymentVerified> {
  let session: Stripe.Checkout.Session;
  try {
    session = await (await stripe()).checkout.sessions.retrieve(sessionId);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) throw notFound('Payment not found.');
    throw error;
  }
  const invoice = await recordCheckoutPayment(session);
  if (!invoice) throw notFound('Payment not found.');
  return { invoiceId: invoice.invoiceId, status: invoice.status, amountCents: invoice.amountCents, currency: invoice.currency ?? 'USD' };
}
