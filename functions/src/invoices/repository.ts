// Access patterns of invoices that stay with ElectroDB (docs/access-patterns.md #33, #35): the gsi2 `invoices` listing
// newest first, and deletion with its monthly guard. Reading one invoice, status changes, payments and webhook event
// deduplication are in payment-store.ts (the payments Lambda's plain-client data access, used by every caller).
import type { EntityItem } from 'electrodb';
import { db, type Db } from '../data/entities';
import { AppError } from '../lib/errors';

export type InvoiceRecord = EntityItem<Db['invoice']>;

export function invoiceListingKey(): string {
  return db().invoice.query.all({ listing: 'invoices' }).params<{ ExpressionAttributeValues: Record<string, string> }>().ExpressionAttributeValues[':pk']!;
}

export function invoiceSearchText(invoiceNumber: string, businessName: string): string {
  return `${invoiceNumber}\n${businessName}`.toLowerCase();
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
  if (!result.canceled) {
    if (invoice.billingPeriod && invoice.lines?.length) await releaseClientGuards(invoice.lines.map((line) => line.businessId), invoice.billingPeriod, invoice.invoiceId);
    return true;
  }
  if (result.data[0]?.rejected) return false;
  throw new AppError('CONFLICT', 'The invoice changed meanwhile. Reload and try again.');
}

/**
 * After an agency invoice is deleted, its clients' guards for the period go too, so the next run bills them again;
 * a guard that names another invoice (the client was billed elsewhere) stays.
 */
async function releaseClientGuards(clientIds: string[], period: string, invoiceId: string): Promise<void> {
  const { data } = await db()
    .invoiceGuard.get(clientIds.map((businessId) => ({ businessId, period })))
    .go({ consistent: true, concurrency: 5 });
  const ours = data.filter((guard) => guard.invoiceId === invoiceId);
  if (ours.length > 0) await db().invoiceGuard.delete(ours.map(({ businessId }) => ({ businessId, period }))).go({ concurrency: 5 });
}
