// The Stripe webhook (issue 10 §7): the signature is checked on the raw body with the endpoint secret and Stripe's
// 300 s tolerance; each event id is handled once (a replay or a retry is acknowledged and ignored); a completed
// Checkout Session records the payment exactly as the verify call does, so the order they arrive in does not matter.
// A signed event of a shape we do not expect is acknowledged and logged (issue 26 §2): Stripe would retry a 5xx for days.
import { stripe, stripeKeys } from '../adapters/stripe';
import { AppError } from '../lib/errors';
import { logger } from '../lib/logger';
import { recordCheckoutPayment } from './payment';
import { claimPaymentEvent, releasePaymentEvent } from './payment-store';
import { checkoutSessionSchema, paidSessionEvents, stripeEventSchema } from './stripe-event';

const TOLERANCE_SECONDS = 300;

export type WebhookAnswer = { received: true; duplicate?: true; ignored?: true };

export async function handleStripeWebhook(rawBody: string, signature: string | undefined): Promise<WebhookAnswer> {
  if (!signature) throw new AppError('VALIDATION_FAILED', 'Missing Stripe-Signature header.');
  const client = await stripe();
  let signed: unknown;
  try {
    signed = client.webhooks.constructEvent(rawBody, signature, (await stripeKeys()).webhookSecret, TOLERANCE_SECONDS);
  } catch {
    throw new AppError('VALIDATION_FAILED', 'The webhook signature is not valid.');
  }
  const event = stripeEventSchema.safeParse(signed);
  if (!event.success) {
    logger.warn('a signed Stripe event of an unexpected shape; acknowledged, not handled', { issues: event.error.issues.slice(0, 5) });
    return { received: true, ignored: true };
  }
  const { id, type, data } = event.data;
  const paid = paidSessionEvents.includes(type);
  const session = paid ? checkoutSessionSchema.safeParse(data.object) : null;
  if (session && !session.success) {
    logger.warn('a signed checkout event whose session has an unexpected shape; acknowledged, not handled', { eventId: id, type, issues: session.error.issues.slice(0, 5) });
    return { received: true, ignored: true };
  }
  if (!(await claimPaymentEvent(id, type, session?.data.metadata?.invoiceId))) return { received: true, duplicate: true };
  try {
    // A receipt that could not be mailed is retried with the event: the payment itself is stored either way.
    if (session && (await recordCheckoutPayment(session.data)).receipt === 'failed') throw new Error('the receipt was not sent');
    // checkout.session.expired and others change nothing: an unpaid invoice stays payable.
  } catch (error) {
    // Forget the event so Stripe's retry is handled, not ignored as a duplicate.
    await releasePaymentEvent(id).catch(() => undefined);
    logger.error('stripe webhook failed', { eventId: id, error: error as Error });
    throw error;
  }
  return { received: true };
}
