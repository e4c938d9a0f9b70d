// The keys of the items the payments Lambda touches — the invoice, a webhook's paymentEvent, an unapplied payment, and for the billing contact
// the business or agency and its owner's profile — written out for that Lambda, which reads and writes with the plain document
// client instead of loading ElectroDB (the Stripe SDK and ElectroDB together are over its 400 KB budget). entities.ts
// still defines these items; payment-keys.test.ts proves these builders produce exactly ElectroDB's keys and attributes.
import { canPayInvoice, invoiceStatuses, type InvoiceStatus } from '../../../shared/schemas/invoice';
import { entityStamp, keyPart } from './key-format';

export const paymentKeys = {
  invoice: (invoiceId: string) => ({ pk: keyPart('invoiceid', invoiceId), sk: '$invoice_1' }),
  paymentEvent: (eventId: string) => ({ pk: keyPart('eventid', eventId), sk: '$paymentevent_1' }),
  business: (businessId: string) => ({ pk: keyPart('businessid', businessId), sk: '$business_1' }),
  agency: (agencyId: string) => ({ pk: keyPart('agencyid', agencyId), sk: '$agency_1' }),
  unappliedPayment: (stripeSessionId: string) => ({ pk: keyPart('stripesessionid', stripeSessionId), sk: '$unappliedpayment_1' }),
  /** In the `user` collection, beside the user's memberships. */
  profile: (userId: string) => ({ pk: keyPart('userid', userId), sk: '$user#profile_1' }),
};

/** The attributes ElectroDB writes with every item besides its own: on an invoice patch, its id and stamp again. */
export const paymentStamps = {
  invoicePatch: (invoiceId: string) => ({ ...entityStamp('invoice'), invoiceId }),
  paymentEvent: () => entityStamp('paymentEvent'),
  unappliedPayment: () => entityStamp('unappliedPayment'),
};

/** The unapplied payment's place in the admins' listing (gsi2, newest last by `createdAt`), as ElectroDB writes it. */
export const unappliedPaymentListingKeys = (stripeSessionId: string, createdAt: string) => ({
  listing: 'unappliedPayments',
  gsi2pk: keyPart('listing', 'unappliedPayments'),
  gsi2sk: `$unappliedpayment_1#createdat_${createdAt.toLowerCase()}#stripesessionid_${stripeSessionId.toLowerCase()}`,
});

/** An invoice in the sparse `unpaid` index (gsi3): one that can still be paid (pending or overdue). */
export const isUnpaidInvoiceStatus = (status: unknown): status is InvoiceStatus =>
  invoiceStatuses.includes(status as InvoiceStatus) && canPayInvoice(status as InvoiceStatus);

/** An unpaid invoice's keys in the `unpaid` index (gsi3: a partition per status, by due date), as ElectroDB writes them. */
export const unpaidInvoiceKeys = (invoice: { status: InvoiceStatus; dueDate: string; invoiceId: string }) => ({
  gsi3pk: keyPart('status', invoice.status),
  gsi3sk: `$invoice_1#duedate_${invoice.dueDate.toLowerCase()}#invoiceid_${invoice.invoiceId.toLowerCase()}`,
});

/** The invoice entity's attributes: what ElectroDB's get returns of a stored invoice (keys and stamps left out). */
export const invoiceAttributes = [
  'invoiceId',
  'businessId',
  'businessName',
  'payerType',
  'invoiceNumber',
  'amountCents',
  'currency',
  'dueDate',
  'notes',
  'status',
  'billingPeriod',
  'billableEmployees',
  'ratePerUserCents',
  'lines',
  'subtotalCents',
  'discountPercent',
  'discountCents',
  'discountTierFromUsers',
  'paidAt',
  'stripeSessionId',
  'stripePaymentIntentId',
  'paidAmountCents',
  'receiptClaimedAt',
  'receiptSentAt',
  'checkoutSessionIds',
  'reminderDays',
  'searchText',
  'listing',
  'createdAt',
  'updatedAt',
] as const;
