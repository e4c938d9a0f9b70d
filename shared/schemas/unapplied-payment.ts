// Unapplied payments (issue 26 §1): money Stripe took for an invoice that could not be applied to it — the invoice was
// void, cancelled or already paid, the amount differed, or the invoice is gone. Admins see them in the Billing tab
// with their Stripe ids and refund them there.
import * as z from '../zod';
import { pageCursor } from './common';

export const unappliedReasons = ['invoiceVoid', 'invoiceCancelled', 'invoicePaidAlready', 'amountMismatch', 'invoiceMissing'] as const;
export type UnappliedReason = (typeof unappliedReasons)[number];

/** What the Billing tab says of each reason. */
export const unappliedReasonLabels: Record<UnappliedReason, string> = {
  invoiceVoid: 'Invoice was void',
  invoiceCancelled: 'Invoice was cancelled',
  invoicePaidAlready: 'Invoice was paid already',
  amountMismatch: 'Amount differs from the invoice',
  invoiceMissing: 'Invoice no longer exists',
};

export const unappliedPaymentStatuses = ['unapplied', 'refunded'] as const;

export const unappliedPaymentSchema = z.object({
  stripeSessionId: z.string(),
  stripePaymentIntentId: z.nullable(z.string()),
  stripeRefundId: z.nullable(z.string()),
  invoiceId: z.string(),
  invoiceNumber: z.nullable(z.string()),
  businessName: z.nullable(z.string()),
  /** Integer minor units of `currency` (ISO 4217): what Stripe took. */
  amountCents: z.int(),
  currency: z.string().check(z.length(3)),
  reason: z.enum(unappliedReasons),
  status: z.enum(unappliedPaymentStatuses),
  receivedAt: z.string(),
  refundedAt: z.nullable(z.string()),
});
export type UnappliedPayment = z.infer<typeof unappliedPaymentSchema>;

export const unappliedPaymentListQuerySchema = z.object({ cursor: pageCursor(1024) });
export const unappliedPaymentPageSchema = z.object({ payments: z.array(unappliedPaymentSchema), nextCursor: z.nullable(z.string()) });
export type UnappliedPaymentPage = z.infer<typeof unappliedPaymentPageSchema>;
