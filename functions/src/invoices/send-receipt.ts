// The payment receipt (issue 27 §1), exactly once per paid invoice: whichever of the webhook, its retries and the
// return-URL verify records the payment, each then calls this; a claim on the invoice lets one of them send. The payment
// is stored before (it is what the receipt reports); a mail failure gives the claim back and is reported, so the next
// delivery of the webhook (Stripe retries a 5xx) sends it. It never undoes the payment.
import { sendMail } from '../adapters/mail';
import { stripe } from '../adapters/stripe';
import { logger } from '../lib/logger';
import { receiptMail } from '../mail/receipt-mail';
import { billingRecipientOf, claimReceipt, settleReceipt } from './payment-store';
import type { InvoiceRecord } from './repository';
import { invoiceMailBasics, invoicePdfLink } from './send-invoice-mail';

export type ReceiptOutcome = 'sent' | 'notMine' | 'noAddress' | 'failed';

/** 'Visa ending in 4242' from the payment's charge, when Stripe gives the card; null otherwise (never fails the receipt). */
async function cardOf(paymentIntentId: string | undefined): Promise<string | null> {
  if (!paymentIntentId) return null;
  try {
    const intent = await (await stripe()).paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge'] });
    const charge = intent.latest_charge;
    const card = typeof charge === 'object' && charge ? charge.payment_method_details?.card : null;
    if (!card?.last4) return null;
    const brand = card.brand ? card.brand.charAt(0).toUpperCase() + card.brand.slice(1) : 'Card';
    return `${brand} ending in ${card.last4}`;
  } catch (error) {
    logger.warn('the card of a payment could not be read for its receipt', { paymentIntentId, error: (error as Error).message });
    return null;
  }
}

export async function sendReceiptOnce(invoice: InvoiceRecord, now = new Date()): Promise<ReceiptOutcome> {
  if (invoice.status !== 'paid' || invoice.receiptSentAt || !(await claimReceipt(invoice.invoiceId, now))) return 'notMine';
  try {
    const recipient = await billingRecipientOf(invoice);
    if (!recipient) {
      logger.warn('a paid invoice has no address for its receipt', { invoiceId: invoice.invoiceId });
      await settleReceipt(invoice.invoiceId, false);
      return 'noAddress';
    }
    await sendMail(
      receiptMail({
        // The amount Stripe took, which a paid invoice records.
        ...invoiceMailBasics({ ...invoice, amountCents: invoice.paidAmountCents ?? invoice.amountCents }, recipient),
        paidAt: invoice.paidAt ?? now.toISOString(),
        card: await cardOf(invoice.stripePaymentIntentId),
        pdfLink: invoicePdfLink(recipient.siteOrigin, invoice.invoiceId),
      }),
    );
    await settleReceipt(invoice.invoiceId, true);
    return 'sent';
  } catch (error) {
    logger.error('a receipt was not sent; the next webhook delivery tries again', { invoiceId: invoice.invoiceId, error: error as Error });
    await settleReceipt(invoice.invoiceId, false).catch(() => undefined);
    return 'failed';
  }
}
