// Unapplied payments for admins (issue 26 §1): the Billing tab lists what Stripe took that no invoice could take, newest
// first with its Stripe ids, and refunds one through Stripe. Served by the payments Lambda, the one with the Stripe keys.
import type { UnappliedPayment, UnappliedPaymentPage } from '../../../shared/schemas/unapplied-payment';
import { stripe } from '../adapters/stripe';
import { keyPart } from '../data/key-format';
import { filteredListingPage } from '../lib/filtered-listing';
import type { Caller } from '../identity/caller';
import { getUnappliedPayment, markUnappliedPaymentRefunded, type UnappliedPaymentRecord } from '../invoices/payment-store';
import { AppError, notFound } from '../lib/errors';
import { logger } from '../lib/logger';
import { orNull } from '../lib/values';

const PAGE_ROWS = 25;

export function toUnappliedPaymentDto(p: UnappliedPaymentRecord): UnappliedPayment {
  return {
    stripeSessionId: p.stripeSessionId,
    stripePaymentIntentId: orNull(p.stripePaymentIntentId),
    stripeRefundId: orNull(p.stripeRefundId),
    invoiceId: p.invoiceId,
    invoiceNumber: orNull(p.invoiceNumber),
    businessName: orNull(p.businessName),
    amountCents: p.amountCents,
    currency: p.currency,
    reason: p.reason,
    status: p.status,
    receivedAt: p.createdAt,
    refundedAt: orNull(p.refundedAt),
  };
}

/** Newest first, 25 to a page (docs/access-patterns.md). */
export async function listUnappliedPayments(cursor: string | undefined): Promise<UnappliedPaymentPage> {
  const page = await filteredListingPage<UnappliedPaymentRecord>({ listingKey: keyPart('listing', 'unappliedPayments'), filter: { values: {} }, cursor, rows: PAGE_ROWS, maxExamined: PAGE_ROWS });
  return { payments: page.items.map(toUnappliedPaymentDto), nextCursor: page.nextCursor };
}

/**
 * Gives the payer their money back through Stripe, once: the idempotency key makes a double click or two admins at
 * once one refund at Stripe, and the conditional update records it once.
 */
export async function refundUnappliedPayment(stripeSessionId: string, caller: Caller, now = new Date()): Promise<UnappliedPayment> {
  const payment = await getUnappliedPayment(stripeSessionId);
  if (!payment) throw notFound('Payment not found.');
  if (payment.status === 'refunded') throw new AppError('CONFLICT', 'This payment has been refunded already.');
  if (!payment.stripePaymentIntentId) throw new AppError('CONFLICT', 'Stripe named no payment to refund: refund it in the Stripe dashboard.');
  let refundId: string;
  try {
    const refund = await (await stripe()).refunds.create(
      { payment_intent: payment.stripePaymentIntentId, reason: 'requested_by_customer', metadata: { stripeSessionId, invoiceId: payment.invoiceId } },
      { idempotencyKey: `refund-unapplied-${stripeSessionId}` },
    );
    refundId = refund.id;
  } catch (error) {
    const stripeError = error as { type?: string; message?: string };
    if (stripeError.type !== 'StripeInvalidRequestError') throw error;
    logger.warn('Stripe refused a refund', { stripeSessionId, message: stripeError.message });
    throw new AppError('CONFLICT', `Stripe refused the refund: ${stripeError.message ?? 'no reason given'}`);
  }
  // False only when another admin's identical request recorded the same refund first.
  await markUnappliedPaymentRefunded(stripeSessionId, { stripeRefundId: refundId, refundedAt: now.toISOString(), refundedBy: caller.userId });
  return toUnappliedPaymentDto((await getUnappliedPayment(stripeSessionId))!);
}
