// Access patterns of invoices (docs/access-patterns.md #33–36): by id, the gsi2 `invoices` listing newest first,
// status changes and payments as conditional updates (the table refuses an illegal change, whatever the caller
// saw), deletion with its monthly guard, and webhook event deduplication.
import type { EntityItem } from 'electrodb';
import { canTransition, invoiceStatuses, type InvoiceStatus } from '../../../shared/schemas/invoice';
import { db, type Db } from '../data/entities';
import { AppError } from '../lib/errors';
import { isConditionalFailure } from '../data/conditional';

export type InvoiceRecord = EntityItem<Db['invoice']>;

export async function getInvoice(invoiceId: string): Promise<InvoiceRecord | null> {
  const { data } = await db().invoice.get({ invoiceId }).go({ consistent: true });
  return data;
}

export function invoiceListingKey(): string {
  return db().invoice.query.all({ listing: 'invoices' }).params<{ ExpressionAttributeValues: Record<string, string> }>().ExpressionAttributeValues[':pk']!;
}

export function invoiceSearchText(invoiceNumber: string, businessName: string): string {
  return `${invoiceNumber}\n${businessName}`.toLowerCase();
}

/** The statuses from which `to` may be reached (spec 2 §4). */
export function statusesLeadingTo(to: InvoiceStatus): InvoiceStatus[] {
  return invoiceStatuses.filter((from) => canTransition(from, to));
}

/** Sets `to` (and `set`) only if the stored status may lead to it; false when it may not (another change came first). */
async function moveStatus(invoiceId: string, to: InvoiceStatus, set: Record<string, unknown> = {}): Promise<boolean> {
  const from = statusesLeadingTo(to);
  try {
    await db()
      .invoice.patch({ invoiceId })
      .set({ ...set, status: to })
      .where((attr, { eq }) => from.map((status) => eq(attr.status, status)).join(' OR '))
      .go();
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
}

/** Mark Overdue, Void: false when the stored status does not allow it. */
export function transitionInvoice(invoiceId: string, to: Exclude<InvoiceStatus, 'paid'>): Promise<boolean> {
  return moveStatus(invoiceId, to);
}

export interface PaymentRecord {
  paidAt: string;
  paidAmountCents: number;
  stripeSessionId?: string;
  stripePaymentIntentId?: string;
}

/**
 * Marks the invoice paid with its payment, once: only from a status that may become paid. False when it was not
 * (already paid — by this payment or another — or void); the caller reads the invoice to tell which.
 */
export function markInvoicePaid(invoiceId: string, payment: PaymentRecord): Promise<boolean> {
  return moveStatus(invoiceId, 'paid', { ...payment });
}

/** Deletes an invoice that is not paid, with its monthly guard (so the month can be billed again). */
export async function deleteUnpaidInvoice(invoice: InvoiceRecord): Promise<boolean> {
  const result = await db()
    .service.transaction.write(({ invoice: inv, invoiceGuard }) => [
      inv
        .delete({ invoiceId: invoice.invoiceId })
        .where((attr, { eq, ne }) => `${eq(attr.status, invoice.status)} AND ${ne(attr.status, 'paid')}`)
        .commit(),
      ...(invoice.billingPeriod
        ? [invoiceGuard.delete({ businessId: invoice.businessId, period: invoice.billingPeriod }).where((attr, { eq }) => eq(attr.invoiceId, invoice.invoiceId)).commit()]
        : []),
    ])
    .go();
  if (!result.canceled) return true;
  if (result.data[0]?.rejected) return false;
  throw new AppError('CONFLICT', 'The invoice changed meanwhile. Reload and try again.');
}

/** Records that a webhook event was handled; false when it had been already (a retry or a replay). */
export async function claimPaymentEvent(eventId: string, type: string, invoiceId: string | undefined, now = new Date()): Promise<boolean> {
  try {
    await db()
      .paymentEvent.create({ eventId, type, invoiceId, expiresAt: Math.floor(now.getTime() / 1000) + 30 * 86400 })
      .go();
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
}

/** Lets a failed handling be retried by Stripe: the event is forgotten again. */
export async function releasePaymentEvent(eventId: string): Promise<void> {
  await db().paymentEvent.delete({ eventId }).go();
}
