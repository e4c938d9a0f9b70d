// The invoice's PDF (issue 27 §2), for whoever holds the invoice's link — the audience of the public payment page.
// One PDF per state of the invoice, stored under the invoice in the private documents bucket: the first request in a
// state renders and stores it (the issued invoice, then the one stamped Paid), later ones only sign a link to it.
import { messages } from '../../../shared/messages';
import type { InvoiceStatus } from '../../../shared/schemas/invoice';
import { documentLink, hasDocument, putDocument } from '../adapters/documents';
import type { BusinessRecord } from '../business/repository';
import { paymentKeys } from '../data/payment-keys';
import { getItemOf } from '../data/plain-item';
import { getInvoice } from '../invoices/payment-store';
import { notFound } from '../lib/errors';
import { lazy } from '../lib/lazy';
import { buyerOf, invoiceDocumentOf } from './invoice-document';
import { SELLER } from './seller';

/** pdf-lib (~500 KB with its fonts) loads with the first PDF this container renders, not for a link (issue 25 §3). */
const pdfRenderer = lazy(() => import('./render-invoice-pdf'));

/** How long a download link works: long enough to start the download, short enough that a leaked link goes stale. */
export const PDF_LINK_SECONDS = 300;

/** `invoices/{invoiceId}/{invoiceNumber}-{status}.pdf`: a new document for each state, never one overwritten. */
export function invoicePdfKey(invoice: { invoiceId: string; invoiceNumber: string; status: InvoiceStatus }): string {
  return `invoices/${invoice.invoiceId}/${invoice.invoiceNumber.replace(/[^A-Za-z0-9-]/g, '_')}-${invoice.status}.pdf`;
}

/** A short-lived link to the PDF of the invoice as it stands now (rendered and stored first when it is not yet). */
export async function getInvoicePdfLink(invoiceId: string): Promise<string> {
  const invoice = await getInvoice(invoiceId);
  if (!invoice) throw notFound(messages.invoicePayment.notFoundTitle);
  const key = invoicePdfKey(invoice);
  if (!(await hasDocument(key))) {
    const { renderInvoicePdf } = await pdfRenderer();
    const pdf = await renderInvoicePdf(invoiceDocumentOf(invoice, buyerOf(invoice, await buyerSourceOf(invoice)), SELLER));
    await putDocument(key, pdf, 'application/pdf');
  }
  return documentLink(key, `${invoice.invoiceNumber}.pdf`, PDF_LINK_SECONDS);
}

type Buyer = Pick<BusinessRecord, 'name' | 'billingEmail' | 'billingAddress' | 'billingCity' | 'billingPostalCode' | 'billingCountry'>;

/** The payer's billing fields: the business's, or for an agency invoice the agency's (its e-mail is its billing e-mail). */
async function buyerSourceOf(invoice: { businessId: string; payerType?: 'business' | 'agency' | undefined }): Promise<Buyer | null> {
  if (invoice.payerType !== 'agency') return getItemOf<Buyer>(paymentKeys.business(invoice.businessId), 'business', false);
  const agency = await getItemOf<Omit<Buyer, 'billingEmail'> & { email?: string }>(paymentKeys.agency(invoice.businessId), 'agency', false);
  if (!agency) return null;
  const { email, ...fields } = agency;
  return { ...fields, ...(email ? { billingEmail: email } : {}) };
}
