// The billing tab (spec 2 §2 'Billing & Invoices', §4): the invoices newest first with filters, Create Invoice (numbered
// in its own write, then the mail), Generate monthly invoices (the scheduled job's own code) and Delete.
// The status actions of §4 are in set-invoice-status.ts (the payments Lambda: Void expires Checkout Sessions).
import { invoiceMessages } from '../../../shared/messages/invoice';
import type { InvoiceCreate, InvoiceCreated, InvoiceListQuery, InvoicePage } from '../../../shared/schemas/invoice';
import { getBusiness } from '../business/repository';
import { filteredListingPage, type ListingFilter } from '../lib/filtered-listing';
import { createNumberedInvoice } from './billing-repository';
import { AppError, notFound } from '../lib/errors';
import { newId } from '../lib/ids';
import { recordMetric } from '../lib/metrics';
import { toInvoiceDto } from './dto';
import { getInvoice } from './payment-store';
import { deleteUnpaidInvoice, invoiceListingKey, type InvoiceRecord } from './repository';
import { sendInvoiceMail } from './send-invoice-mail';

const PAGE_ROWS = 25;
const MAX_EXAMINED = 1_000;

function filterOf(query: InvoiceListQuery): ListingFilter {
  const parts: string[] = [];
  const values: Record<string, unknown> = {};
  if (query.status !== 'all') {
    parts.push('#status = :status');
    values[':status'] = query.status;
  }
  // A business's invoice may predate payerType (stored absent): 'business' matches those too.
  if (query.payer === 'agency') {
    parts.push('payerType = :payer');
    values[':payer'] = 'agency';
  } else if (query.payer === 'business') {
    parts.push('(attribute_not_exists(payerType) OR payerType = :payer)');
    values[':payer'] = 'business';
  }
  if (query.q) {
    parts.push('contains(searchText, :q)');
    values[':q'] = query.q.toLowerCase();
  }
  return { expression: parts.length ? parts.join(' AND ') : undefined, values, names: parts.some((p) => p.includes('#status')) ? { '#status': 'status' } : undefined };
}

export async function listInvoices(query: InvoiceListQuery): Promise<InvoicePage> {
  const page = await filteredListingPage<InvoiceRecord>({ listingKey: invoiceListingKey(), filter: filterOf(query), cursor: query.cursor, rows: PAGE_ROWS, maxExamined: MAX_EXAMINED });
  return { invoices: page.items.map(toInvoiceDto), nextCursor: page.nextCursor, examined: page.examined };
}

export async function createInvoice(input: InvoiceCreate, now = new Date()): Promise<InvoiceCreated> {
  const business = await getBusiness(input.businessId);
  if (!business) throw new AppError('VALIDATION_FAILED', 'Business not found.', { businessId: 'Business not found.' });
  const invoiceId = newId();
  // Numbered in the invoice's own write: a number is taken only with the invoice (no gaps, issue 26 §3).
  await createNumberedInvoice(
    {
      invoiceId,
      businessId: business.businessId,
      businessName: business.name,
      amountCents: input.amountCents,
      currency: input.currency,
      dueDate: input.dueDate,
      ...(input.notes ? { notes: input.notes } : {}),
      status: 'pending',
    },
    { year: now.getUTCFullYear() },
  );
  recordMetric('InvoicesCreated');
  const stored = await getInvoice(invoiceId);
  if (!stored) throw new AppError('INTERNAL', invoiceMessages.createFailed);
  return { invoice: toInvoiceDto(stored), mail: await sendInvoiceMail(stored) };
}

/** Delete, for any status but paid (spec 2 §4): paid invoices are kept for the accounts. */
export async function deleteInvoice(invoiceId: string): Promise<void> {
  const invoice = await getInvoice(invoiceId);
  if (!invoice) throw notFound('Invoice not found.');
  if (invoice.status === 'paid' || !(await deleteUnpaidInvoice(invoice))) throw new AppError('CONFLICT', 'A paid invoice cannot be deleted.');
}
