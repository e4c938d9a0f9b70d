// The one-off backfill of the sparse `unpaid` index (gsi3) the dunning job reads: invoices written before it existed
// carry no gsi3 keys, so an unpaid one would never be found. Reads the whole invoice listing once (an operator's run,
// never on a request path; docs/decisions.md 'Dunning reads only unpaid invoices'); idempotent, safe beside live traffic.
import { unpaidInvoiceKeys } from '../data/payment-keys';
import { indexUnpaidInvoice, listUnpaidInvoicesWithKeys, type InvoiceWithIndexKeys } from '../invoices/billing-repository';

export interface UnpaidIndexBackfillResult {
  /** Pending or overdue invoices looked at. */
  unpaid: number;
  /** Of those, the ones given their keys by this run. */
  indexed: number;
  /** Had their keys already (written since the index exists, or by an earlier run). */
  alreadyIndexed: number;
  /** Paid, voided or moved to overdue between the read and the write (each such write sets the keys itself). */
  changedMeanwhile: number;
}

const hasItsKeys = (invoice: InvoiceWithIndexKeys) => {
  const keys = unpaidInvoiceKeys(invoice);
  return invoice.gsi3pk === keys.gsi3pk && invoice.gsi3sk === keys.gsi3sk;
};

/** Every pending or overdue invoice without the `unpaid` index keys of its status and due date gets them. */
export async function backfillUnpaidInvoiceIndex(options: { onProgress?: (result: UnpaidIndexBackfillResult) => void } = {}): Promise<UnpaidIndexBackfillResult> {
  const result: UnpaidIndexBackfillResult = { unpaid: 0, indexed: 0, alreadyIndexed: 0, changedMeanwhile: 0 };
  let cursor: string | null = null;
  do {
    const page: Awaited<ReturnType<typeof listUnpaidInvoicesWithKeys>> = await listUnpaidInvoicesWithKeys(cursor);
    result.unpaid += page.data.length;
    const missing = page.data.filter((invoice) => !hasItsKeys(invoice));
    result.alreadyIndexed += page.data.length - missing.length;
    for (const written of await Promise.all(missing.map((invoice) => indexUnpaidInvoice(invoice)))) {
      if (written) result.indexed += 1;
      else result.changedMeanwhile += 1;
    }
    options.onProgress?.(result);
    cursor = page.cursor;
  } while (cursor);
  return result;
}
