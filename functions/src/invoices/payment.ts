// Paying an invoice (spec 1 §2 'Invoice payment', spec 2 §4; issue 10 §6–7): the public page's view, a Stripe
// Checkout Session for the stored amount (never one from the browser), and the payment recorded once — from the
// verify call when the payer returns, or the webhook, whichever comes first; the other finds it done.
import { DEFAULT_CURRENCY } from '../../../shared/format';
import { isId } from '../../../shared/ids';
import { messages } from '../../../shared/messages';
import type { InvoicePaymentView, InvoiceStatus, PaymentVerified } from '../../../shared/schemas/invoice';
import { canPayInvoice } from '../../../shared/schemas/invoice';
import type { UnappliedReason } from '../../../shared/schemas/unapplied-payment';
import { stripe } from '../adapters/stripe';
import { AppError, notFound } from '../lib/errors';
import { logger } from '../lib/logger';
import { recordMetric } from '../lib/metrics';
import { invoiceBreakdownOf } from './breakdown';
import { addCheckoutSession, billingPartyOf, getInvoice, markInvoicePaid, recordUnappliedPayment } from './payment-store';
import { sendReceiptOnce, type ReceiptOutcome } from './send-receipt';
import { checkoutSessionSchema, type CheckoutSession } from './stripe-event';
import type { InvoiceRecord } from './repository';
import { brandViewOf } from '../agency/brand';
import { platformOrigin, siteOriginForBrand } from '../domain-records/client-origin';
import { recordInvoiceAudit } from '../audit/audit-entry';

/** The page shows nothing for an id that names no invoice: the same 404 as a made-up one. */
async function invoiceOrNotFound(invoiceId: string): Promise<InvoiceRecord> {
  const invoice = await getInvoice(invoiceId);
  if (!invoice) throw notFound(messages.invoicePayment.notFoundTitle);
  return invoice;
}

/** The payment page: the invoice, its billing contact, and the brand it is shown in — decided from the business here. */
export async function getInvoicePaymentView(invoiceId: string): Promise<InvoicePaymentView> {
  const invoice = await invoiceOrNotFound(invoiceId);
  const payer = await billingPartyOf(invoice);
  return {
    invoiceNumber: invoice.invoiceNumber,
    businessName: invoice.businessName,
    status: invoice.status,
    dueDate: invoice.dueDate,
    amountCents: invoice.amountCents,
    currency: invoice.currency ?? 'USD',
    notes: invoice.notes ?? null,
    billingContact: payer?.to ?? null,
    ...invoiceBreakdownOf(invoice),
    brand: brandViewOf(payer?.brand ?? null),
  };
}

export async function createCheckout(invoiceId: string, returnTo: 'invoice' | 'admin'): Promise<{ url: string }> {
  const invoice = await invoiceOrNotFound(invoiceId);
  if (!canPayInvoice(invoice.status)) throw new AppError('CONFLICT', invoice.status === 'paid' ? messages.invoicePayment.paid : 'This invoice can no longer be paid.');
  const platform = platformOrigin();
  // The payer comes back to the page the mail linked: a white-labelled client's on its agency's active domain.
  const back = returnTo === 'admin' ? `${platform}/admin?tab=billing` : `${await siteOriginForBrand((await billingPartyOf(invoice))?.brand ?? null)}/invoice-payment/${invoiceId}`;
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
  // Noted on the invoice so that voiding it expires this session; voided meanwhile, the session is expired at once.
  if (!(await addCheckoutSession(invoiceId, session.id))) {
    await expireCheckoutSessions([session.id]);
    throw new AppError('CONFLICT', 'This invoice can no longer be paid.');
  }
  if (!session.url) throw new AppError('INTERNAL', messages.invoicePayment.paymentFailed);
  return { url: session.url };
}

/**
 * Expires Checkout Sessions so they can no longer be paid (voiding an invoice, issue 26 §1). A session that is
 * complete or expired already cannot be expired (Stripe answers 400); that and any other failure is logged, never
 * thrown: a payment that slips through is kept as unapplied anyway.
 */
export async function expireCheckoutSessions(sessionIds: Iterable<string>): Promise<void> {
  const client = await stripe();
  await Promise.all(
    [...sessionIds].map((id) =>
      client.checkout.sessions.expire(id).catch((error: unknown) => {
        logger.warn('a checkout session was not expired', { sessionId: id, error: (error as Error).message });
      }),
    ),
  );
}

/** Why a payment on an invoice in this status cannot be applied to it. */
const unappliedReasonOf: Partial<Record<InvoiceStatus, UnappliedReason>> = { void: 'invoiceVoid', cancelled: 'invoiceCancelled', paid: 'invoicePaidAlready' };

interface TakenPayment {
  amountCents: number;
  currency: string;
  stripeSessionId: string;
  stripePaymentIntentId?: string;
}

/**
 * Applies a payment to its invoice: marks it paid, once. Null when it is applied (now, or before by the same session:
 * the webhook and the return-URL verify race to the same conditional update); otherwise why it cannot be.
 */
async function applyPayment(invoiceId: string, invoice: InvoiceRecord | null, payment: TakenPayment, now: Date): Promise<UnappliedReason | null> {
  if (!invoice) return 'invoiceMissing';
  if (invoice.stripeSessionId === payment.stripeSessionId) return null;
  if (payment.amountCents !== invoice.amountCents || payment.currency !== (invoice.currency ?? DEFAULT_CURRENCY).toUpperCase()) return 'amountMismatch';
  if (canPayInvoice(invoice.status)) {
    if (await markInvoicePaid(invoiceId, { paidAt: now.toISOString(), paidAmountCents: payment.amountCents, stripeSessionId: payment.stripeSessionId, stripePaymentIntentId: payment.stripePaymentIntentId })) {
      recordMetric('InvoicesPaid');
      await recordInvoiceAudit(invoice, 'invoice.paid');
      return null;
    }
  }
  // Not payable, or it stopped being payable meanwhile: what it is now says why.
  const current = await getInvoice(invoiceId);
  if (!current) return 'invoiceMissing';
  if (current.stripeSessionId === payment.stripeSessionId) return null;
  const reason = unappliedReasonOf[current.status];
  // A payable invoice that refused to be paid is a contradiction: thrown, so Stripe's retry tries again.
  if (!reason) throw new Error(`Invoice ${invoiceId} is ${current.status} but could not be marked paid`);
  return reason;
}

export interface RecordedPayment {
  invoice: InvoiceRecord | null;
  /** Kept as an unapplied payment, not applied to the invoice. */
  unapplied: boolean;
  /** What became of the receipt on this call ('failed': the webhook answers 5xx so that Stripe delivers it again). */
  receipt?: ReceiptOutcome;
}

/**
 * Records a completed Checkout Session: paid by Stripe, for one of our invoices. Every such payment is kept (issue 26
 * §1): applied to its invoice when it can be (and its receipt mailed once, issue 27 §1), else as an unapplied payment
 * that admins see and can refund, logged as an error and counted (an alarm watches the count). Idempotent: a second
 * call (the webhook or verify) finds it recorded.
 */
export async function recordCheckoutPayment(session: CheckoutSession, now = new Date()): Promise<RecordedPayment> {
  const invoiceId = session.metadata?.invoiceId;
  if (!isId(invoiceId)) {
    logger.warn('a checkout session that names no invoice of ours; ignored', { sessionId: session.id });
    return { invoice: null, unapplied: false };
  }
  const invoice = await getInvoice(invoiceId);
  if (session.payment_status !== 'paid') return { invoice, unapplied: false };
  const stripePaymentIntentId = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
  const payment: TakenPayment = { amountCents: session.amount_total ?? 0, currency: (session.currency ?? '').toUpperCase(), stripeSessionId: session.id, stripePaymentIntentId };
  const reason = await applyPayment(invoiceId, invoice, payment, now);
  if (!reason) {
    const paid = await getInvoice(invoiceId);
    // Whichever caller recorded the payment, each tries the receipt; one sends it.
    const receipt = paid?.stripeSessionId === session.id ? await sendReceiptOnce(paid, now) : 'notMine';
    return { invoice: paid, unapplied: false, receipt };
  }
  const kept = await recordUnappliedPayment({ ...payment, invoiceId, invoiceNumber: invoice?.invoiceNumber, businessId: invoice?.businessId, businessName: invoice?.businessName, reason }, now);
  if (kept) {
    logger.error('a payment could not be applied to its invoice; kept as unapplied for an admin to refund', { invoiceId, sessionId: session.id, reason, amount: payment.amountCents, currency: payment.currency });
    recordMetric('UnappliedPayments');
  }
  return { invoice: await getInvoice(invoiceId), unapplied: true };
}

/** The payer is back with a session id (spec 2 §4 verify-payment): confirmed with Stripe, never taken on trust. */
export async function verifyPayment(sessionId: string): Promise<PaymentVerified> {
  let retrieved: unknown;
  try {
    retrieved = await (await stripe()).checkout.sessions.retrieve(sessionId);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) throw notFound('Payment not found.');
    throw error;
  }
  const session = checkoutSessionSchema.safeParse(retrieved);
  if (!session.success) throw notFound('Payment not found.');
  const { invoice, unapplied } = await recordCheckoutPayment(session.data);
  if (!invoice) throw notFound('Payment not found.');
  return { invoiceId: invoice.invoiceId, status: invoice.status, amountCents: invoice.amountCents, currency: invoice.currency ?? DEFAULT_CURRENCY, unapplied };
}
