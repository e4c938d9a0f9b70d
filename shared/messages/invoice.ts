// Copy of one area, apart from shared/messages.ts so that only the bundles that show it carry it.
/** Admin Billing & Invoices tab (spec 2 §4, §8). */
export const invoiceMessages = {
  fetchFailed: 'Failed to fetch invoices',
  createFailed: 'Failed to create invoice',
  createdEmailFailed: 'Invoice created successfully, but email notification failed to send',
  createdAndSent: 'Invoice created and email sent to the billing email or business owner',
  createdNoEmail: 'Invoice created successfully (no email address available)',
  generateFailed: 'Failed to generate monthly invoices',
  generated: (count: number) => `Generated ${count} monthly invoices`,
  /** Issue 20 §3: Generate monthly invoices starts a billing run; its progress shows under Billing runs. */
  runStarted: (period: string) => `Billing run started for ${period}. Its progress is shown under Billing runs.`,
  statusFailed: 'Failed to update invoice status',
  statusUpdated: 'Invoice status updated successfully',
  deleteFailed: 'Failed to delete invoice',
  deleted: 'Invoice deleted successfully',
  paymentFailed: 'Failed to process payment',
  paymentInitiated: 'Payment Initiated',
  verifyFailed: 'Failed to verify payment',
  paymentVerified: 'Payment Verified',
  paymentCancelledTitle: 'Payment Cancelled',
  paymentCancelled: 'Payment was cancelled by the user',
  /** Issue 26 §1 (no spec wording): Stripe took the payment but the invoice could no longer take it. */
  paymentUnapplied: 'We received your payment, but this invoice could no longer be paid. The payment will be refunded.',
  unappliedFetchFailed: 'Failed to load unapplied payments',
  refunded: 'Payment refunded',
  refundFailed: 'Failed to refund payment',
} as const;
