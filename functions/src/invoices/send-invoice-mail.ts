// Mails an invoice to the business's billing e-mail, or else its owner (spec 2 §8). A mail failure never undoes
// the invoice: the outcome is reported ('failed') and logged.
import { invoicePdfPath, type InvoiceMailOutcome } from '../../../shared/schemas/invoice';
import { sendMail } from '../adapters/mail';
import { logger } from '../lib/logger';
import { invoiceMail, type InvoiceMailBasics } from '../mail/invoice-mail';
import { invoiceBreakdownOf } from './breakdown';
import { billingRecipientOf, type BillingRecipient } from './payment-store';
import type { InvoiceRecord } from './repository';

/** The invoice's payment page at `siteOrigin` (the recipient's: a white-labelled client's agency domain or the platform). */
export function invoicePaymentLink(siteOrigin: string, invoiceId: string): string {
  return `${siteOrigin}/invoice-payment/${invoiceId}`;
}

/** The invoice's PDF at `siteOrigin` (the invoice-documents Lambda redirects it to a short-lived download link). */
export function invoicePdfLink(siteOrigin: string, invoiceId: string): string {
  return `${siteOrigin}${invoicePdfPath(invoiceId)}`;
}

/** The fields every mail about the invoice starts from (invoice, reminder and receipt mails), to the recipient given (address, brand, links' origin). */
export function invoiceMailBasics(
  invoice: Pick<InvoiceRecord, 'invoiceId' | 'businessName' | 'invoiceNumber' | 'amountCents'> & { currency?: string | undefined },
  { to, brand, siteOrigin }: BillingRecipient,
): InvoiceMailBasics {
  return {
    to,
    brand,
    businessName: invoice.businessName,
    invoiceNumber: invoice.invoiceNumber,
    amountCents: invoice.amountCents,
    currency: invoice.currency ?? 'USD',
    link: invoicePaymentLink(siteOrigin, invoice.invoiceId),
  };
}

/** What an invoice mail reads of an invoice (the monthly run mails one before reading it back). */
export type MailedInvoice = Pick<InvoiceRecord, 'invoiceId' | 'businessId' | 'businessName' | 'invoiceNumber' | 'amountCents' | 'dueDate'> &
  Partial<Pick<InvoiceRecord, 'payerType' | 'currency' | 'notes' | 'billingPeriod' | 'lines' | 'subtotalCents' | 'discountPercent' | 'discountCents' | 'discountTierFromUsers'>>;

export async function sendInvoiceMail(invoice: MailedInvoice): Promise<InvoiceMailOutcome> {
  try {
    const recipient = await billingRecipientOf(invoice);
    if (!recipient) return 'noAddress';
    await sendMail(
      invoiceMail({
        ...invoiceMailBasics(invoice, recipient),
        dueDate: invoice.dueDate,
        notes: invoice.notes ?? null,
        breakdown: invoiceBreakdownOf(invoice),
        pdfLink: invoicePdfLink(recipient.siteOrigin, invoice.invoiceId),
      }),
    );
    return 'sent';
  } catch (error) {
    logger.warn('invoice mail was not sent', { invoiceId: invoice.invoiceId, error: error as Error });
    return 'failed';
  }
}
