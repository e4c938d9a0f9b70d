// Mails an invoice to the business's billing e-mail, or else its owner (spec 2 §8). A mail failure never undoes
// the invoice: the outcome is reported ('failed') and logged.
import { invoicePdfPath, type InvoiceMailOutcome } from '../../../shared/schemas/invoice';
import { sendMail } from '../adapters/mail';
import { siteConfig } from '../config';
import { logger } from '../lib/logger';
import { invoiceMail, type InvoiceMailBasics } from '../mail/invoice-mail';
import { invoiceBreakdownOf } from './breakdown';
import type { ClientBrand } from '../agency/brand';
import { billingRecipientOf } from './payment-store';
import type { InvoiceRecord } from './repository';

export function invoicePaymentLink(invoiceId: string): string {
  return `${siteConfig().PUBLIC_ORIGIN.replace(/\/$/, '')}/invoice-payment/${invoiceId}`;
}

/** The invoice's PDF on the site (the invoice-documents Lambda redirects it to a short-lived download link). */
export function invoicePdfLink(invoiceId: string): string {
  return `${siteConfig().PUBLIC_ORIGIN.replace(/\/$/, '')}${invoicePdfPath(invoiceId)}`;
}

/** The fields every mail about the invoice starts from (invoice, reminder and receipt mails), to the recipient given (address and brand). */
export function invoiceMailBasics(
  invoice: Pick<InvoiceRecord, 'invoiceId' | 'businessName' | 'invoiceNumber' | 'amountCents'> & { currency?: string | undefined },
  { to, brand }: { to: string; brand: ClientBrand | null },
): InvoiceMailBasics {
  return {
    to,
    brand,
    businessName: invoice.businessName,
    invoiceNumber: invoice.invoiceNumber,
    amountCents: invoice.amountCents,
    currency: invoice.currency ?? 'USD',
    link: invoicePaymentLink(invoice.invoiceId),
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
        pdfLink: invoicePdfLink(invoice.invoiceId),
      }),
    );
    return 'sent';
  } catch (error) {
    logger.warn('invoice mail was not sent', { invoiceId: invoice.invoiceId, error: error as Error });
    return 'failed';
  }
}
