// The shape of the Stripe events CardCrew acts on, checked after the signature: a signed event that is malformed (no
// `data`, a metadata value that is not a string) is acknowledged and logged, never thrown, because Stripe retries
// every 5xx for days. Only the fields the payment code reads are checked; Stripe's others pass through unread.
import * as z from '../../../shared/zod';
import { stripeSessionIdSchema } from '../../../shared/schemas/invoice';

export const stripeEventSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(255)),
  type: z.string().check(z.minLength(1), z.maxLength(255)),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

/** A Checkout Session as the webhook and `checkout.sessions.retrieve` give it. */
export const checkoutSessionSchema = z.object({
  id: stripeSessionIdSchema,
  payment_status: z.string(),
  amount_total: z.nullable(z.int()),
  currency: z.nullable(z.string().check(z.length(3))),
  metadata: z.nullable(z.record(z.string(), z.string())),
  payment_intent: z.nullable(z.union([z.string(), z.object({ id: z.string() })])),
});
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

/** The events that mean a Checkout Session was paid. */
export const paidSessionEvents: readonly string[] = ['checkout.session.completed', 'checkout.session.async_payment_succeeded'];
