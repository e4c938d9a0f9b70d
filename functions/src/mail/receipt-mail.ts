// The payment receipt (issue 27 §1; spec 1 §2 promises "a confirmation email"): invoice number, amount and currency,
// the date paid, the card's brand and last four digits when Stripe gives them, and the links to the invoice page and its PDF.
import { formatLongDate, formatMoney } from '../../../shared/format';
import type { OutgoingMail } from '../adapters/mail';
import type { InvoiceMailBasics } from './invoice-mail';
import { fillTemplate } from './fill';
import { brandScope, senderOf, textFooterOf } from './layout';
import { receiptTemplate } from './templates.generated';

export interface ReceiptMailInput extends InvoiceMailBasics {
  paidAt: string;
  /** 'Visa ending in 4242'; null when Stripe did not say. */
  card: string | null;
  /** The invoice's PDF, stamped Paid (issue 27 §2). */
  pdfLink?: string;
}

export function receiptMail(input: ReceiptMailInput): OutgoingMail {
  const business = input.businessName.replace(/[\r\n]+/g, ' ');
  const amount = formatMoney(input.amountCents, input.currency);
  const paid = formatLongDate(input.paidAt.slice(0, 10));
  const rows: [string, string][] = [
    ['Invoice', input.invoiceNumber],
    ['Amount paid', `${amount} (${input.currency.toUpperCase()})`],
    ['Date paid', paid],
    ...(input.card ? ([['Paid with', input.card]] as [string, string][]) : []),
  ];
  return {
    to: [input.to],
    ...senderOf(input.brand ?? null),
    subject: `Receipt for invoice ${input.invoiceNumber}: ${amount} paid`,
    text: [`Hello ${business},`, '', `Thank you: we received your payment for invoice ${input.invoiceNumber}.`, '', ...rows.map(([label, value]) => `${label}: ${value}`), '', 'Your invoice:', input.link, ...(input.pdfLink ? ['', 'The paid invoice (PDF):', input.pdfLink] : []), ...textFooterOf(input.brand ?? null)].join('\n'),
    html: fillTemplate(
      receiptTemplate,
      { businessName: business, invoiceNumber: input.invoiceNumber, rows: rows.map(([label, value]) => ({ label, value })), link: input.link, pdfLink: input.pdfLink ?? null },
      brandScope(input.brand ?? null),
    ),
  };
}
