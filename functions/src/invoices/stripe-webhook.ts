// The Stripe webhook (issue 10 §7): the signature is checked on the raw body with the endpoint secret and Stripe's
// 300 s tolerance; each event id is handled once (a replay or a retry is acknowledged and ignored); a completed
// Checkout Session records the payment exactly as the verify call does, so the order they arrive in does not matter.
import type Stripe from 'stripe';
import { stripe, stripeKeys } from '../adapters/stripe';
import { AppError } from '../lib/errors';
import { logger } from '../lib/logger';
import { recordCheckoutPayment } from './payment';
import { claimPaymentEvent, releasePaymentEvent } from './payment-store';

const TOLERANCE_SECONDS = 300;

export async function handleStripeWebhook(rawBody: string, signature: string | undefined): Promise<{ received: true; duplicate?: true }> {
  if (!signature) throw new AppError('VALIDATION_FAILED', 'Missing Stripe-Signature header.');
  const client = await stripe();
  let event: Stripe.Event;
  try {
    event = client.webhooks.constructEvent(rawBody, signature, (await stripeKeys()).webhookSecret, TOLERANCE_SECONDS);
  } catch {
    throw new AppError('VALIDATION_FAILED', 'The webhook signature is not valid.');
  }
  const session = event.type.startsWith('checkout.session.') ? (event.data.object as Stripe.Checkout.Session) : null;
  if (!(await claimPaymentEvent(event.id, event.type, session?.metadata?.invoiceId))) return { received: true, duplicate: true };
  try {
    if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') await recordCheckoutPayment(session!);
    // checkout.session.expired and others change nothing: an unpaid invoice stays payable.
  } catch (error) {
    // Forget the event so Stripe's retry is handled, not ignored as a duplicate.
    await releasePaymentEvent(event.id).catch(() => undefined);
    logger.error('stripe webhook failed', { eventId: event.id, error: error as Error });
    throw error;
  }
  return { received: true };
}
