// Mails an invoice to the business's billing e-mail, or else its owner (spec 2 §8). A mail failure never undoes
// the invoice: the outcome is reported ('failed') and logged.
import type { InvoiceMailOutcome } from '../../../shared/schemas/invoice';
import { sendMail } from '../adapters/mail';
import { getBusiness } from '../business/repository';
import { siteConfig } from '../config';
import { db } from '../data/entities';
import { logger } from '../lib/logger';
import { invoiceMail } from '../mail/invoice-mail';
import type { InvoiceRecord } from './repository';

export function invoicePaymentLink(invoiceId: string): string {
  return `${siteConfig().PUBLIC_ORIGIN.replace(/\/$/, '')}/invoice-payment/${invoiceId}`;
}

/** The billing e-mail, else the owner's (on the business, or their profile). */
export async function billingContactOf(businessId: string): Promise<string | null> {
  const business = await getBusiness(businessId);
  if (!business) return null;
  if (business.billingEmail) return business.billingEmail;
  if (business.ownerEmail) return business.ownerEmail;
  const { data: owner } = await db().profile.get({ userId: business.ownerId }).go();
  return owner?.email ?? null;
}

export async function sendInvoiceMail(invoice: InvoiceRecord): Promise<InvoiceMailOutcome> {
  try {
    const to = await billingContactOf(invoice.businessId);
    if (!to) return 'noAddress';
    await sendMail(
      invoiceMail({
        to,
        businessName: invoice.businessName,
        invoiceNumber: invoice.invoiceNumber,
        amountCents: invoice.amountCents,
        currency: invoice.currency ?? 'USD',
        dueDate: invoice.dueDate,
        notes: invoice.notes ?? null,
        link: invoicePaymentLink(invoice.invoiceId),
      }),
    );
    return 'sent';
  } catch (error) {
    logger.warn('invoice mail was not sent', { invoiceId: invoice.invoiceId, error: error as Error });
    return 'failed';
  }
}
