// Access patterns of the monthly invoice job: active businesses, the invoice-number sequence, the guarded write.
import type { EntityItem } from 'electrodb';
import { db, type Db } from '../data/entities';

export type InvoiceRecord = EntityItem<Db['invoice']>;

/** Every business, oldest first, from the gsi2 `businesses` listing (the job bills the active ones). */
export async function listAllBusinesses() {
  const { data } = await db().business.query.all({ listing: 'businesses' }).go({ pages: 'all' });
  return data;
}

/** True when the business already has its invoice for this period (cheap pre-check; the guard decides). */
export async function hasInvoiceForPeriod(businessId: string, period: string): Promise<boolean> {
  const { data } = await db().invoiceGuard.get({ businessId, period }).go({ consistent: true });
  return data !== null;
}

/** Next value of a named sequence: one atomic ADD. */
export async function nextSequenceValue(name: string): Promise<number> {
  const { data } = await db().sequence.update({ name }).add({ value: 1 }).go({ response: 'updated_new' });
  return data.value ?? 0;
}

/** Writes the invoice and its period guard in one transaction; false when the guard already existed. */
export async function createInvoiceWithGuard(invoice: Parameters<Db['invoice']['create']>[0], period: string): Promise<boolean> {
  const result = await db()
    .service.transaction.write(({ invoice: inv, invoiceGuard }) => [
      invoiceGuard.create({ businessId: invoice.businessId, period, invoiceId: invoice.invoiceId }).commit(),
      inv.create(invoice).commit(),
    ])
    .go();
  if (!result.canceled) return true;
  if (result.data[0]?.rejected) return false;
  throw new Error(`Invoice transaction was cancelled: ${JSON.stringify(result.data.map((d) => d.code))}`);
}

export async function listInvoicesOfBusiness(businessId: string): Promise<InvoiceRecord[]> {
  const { data } = await db().invoice.query.byBusiness({ businessId }).go({ pages: 'all' });
  return data;
}
