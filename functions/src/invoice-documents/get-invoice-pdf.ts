// The invoice's PDF (issue 27 §2), for whoever holds the invoice's link — the audience of the public payment page.
// One PDF per state of the invoice (and brand), stored under the invoice in the private documents bucket: the first
// request in a state renders and stores it (the issued invoice, then the one stamped Paid), later ones only sign a link
// to it. A white-labelled client's invoice wears its agency's brand (issue 40), decided from the business item here.
import { messages } from '../../../shared/messages';
import type { InvoiceStatus } from '../../../shared/schemas/invoice';
import { documentLink, hasDocument, putDocument } from '../adapters/documents';
import type { BusinessRecord } from '../business/repository';
import { paymentKeys } from '../data/payment-keys';
import { getItemOf } from '../data/plain-item';
import { getInvoice } from '../invoices/payment-store';
import { notFound } from '../lib/errors';
import { lazy } from '../lib/lazy';
import { brandOfBusiness } from '../agency/brand';
import { agencyBrandOf, buyerOf, invoiceDocumentOf, PLATFORM_BRAND } from './invoice-document';
import { sellerOfRecord } from './seller';

/** pdf-lib (~500 KB with its fonts) loads with the first PDF this container renders, not for a link (issue 25 §3). */
const pdfRenderer = lazy(() => import('./render-invoice-pdf'));

/** How long a download link works: long enough to start the download, short enough that a leaked link goes stale. */
export const PDF_LINK_SECONDS = 300;

const safe = (part: string) => part.replace(/[^A-Za-z0-9-]/g, '_');

/**
 * `invoices/{invoiceId}/{invoiceNumber}-{status}.pdf`, and `…-{status}-{agencyId}.pdf` in an agency's brand: a new
 * document for each state and brand, never one overwritten (a client whose agency turns white-label on or off gets the
 * document in the brand it now has, not the one stored before).
 */
export function invoicePdfKey(invoice: { invoiceId: string; invoiceNumber: string; status: InvoiceStatus }, brandAgencyId?: string): string {
  return `invoices/${invoice.invoiceId}/${safe(invoice.invoiceNumber)}-${invoice.status}${brandAgencyId ? `-${safe(brandAgencyId)}` : ''}.pdf`;
}

/** A short-lived link to the PDF of the invoice as it stands now (rendered and stored first when it is not yet). */
export async function getInvoicePdfLink(invoiceId: string): Promise<string> {
  const invoice = await getInvoice(invoiceId);
  if (!invoice) throw notFound(messages.invoicePayment.notFoundTitle);
  const payer = await payerOf(invoice);
  // A business's invoice wears its agency's brand when the business is white-labelled; an agency's own, CardCrew's.
  const brand = invoice.payerType === 'agency' || !payer ? null : brandOfBusiness(payer);
  const key = invoicePdfKey(invoice, brand?.agencyId);
  if (!(await hasDocument(key))) {
    const { renderInvoicePdf } = await pdfRenderer();
    const pdf = await renderInvoicePdf(invoiceDocumentOf(invoice, buyerOf(invoice, payer), sellerOfRecord(), brand ? agencyBrandOf(brand) : PLATFORM_BRAND));
    await putDocument(key, pdf, 'application/pdf');
  }
  return documentLink(key, `${invoice.invoiceNumber}.pdf`, PDF_LINK_SECONDS);
}

type Buyer = Pick<BusinessRecord, 'name' | 'billingEmail' | 'billingAddress' | 'billingCity' | 'billingPostalCode' | 'billingCountry'>;
type Payer = Buyer & Partial<Pick<BusinessRecord, 'whiteLabelAgencyId' | 'whiteLabelName' | 'whiteLabelSupportEmail' | 'whiteLabelSupportUrl' | 'whiteLabelLogoUrl' | 'whiteLabelFaviconUrl' | 'whiteLabelPrimaryColor' | 'whiteLabelSecondaryColor' | 'whiteLabelAccentColor' | 'whiteLabelSenderDomain'>>;

/**
 * The payer's billing fields (and a business's white-label brand, on the same item): the business's, or for an agency
 * invoice the agency's (its e-mail is its billing e-mail).
 */
async function payerOf(invoice: { businessId: string; payerType?: 'business' | 'agency' | undefined }): Promise<Payer | null> {
  if (invoice.payerType !== 'agency') return getItemOf<Payer>(paymentKeys.business(invoice.businessId), 'business', false);
  const agency = await getItemOf<Omit<Buyer, 'billingEmail'> & { email?: string }>(paymentKeys.agency(invoice.businessId), 'agency', false);
  if (!agency) return null;
  const { email, ...fields } = agency;
  return { ...fields, ...(email ? { billingEmail: email } : {}) };
}
