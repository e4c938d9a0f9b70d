// The invoice e-mail (issue 10 §5): number, amount, due date, notes and the link to the payment page, HTML and text.
import { formatLongDate, formatMoney } from '../../../shared/format';
import type { OutgoingMail } from '../adapters/mail';
import { escapeHtml, htmlLayout } from './layout';

export interface InvoiceMailInput {
  to: string;
  businessName: string;
  invoiceNumber: string;
  amountCents: number;
  currency: string;
  dueDate: string;
  notes: string | null;
  link: string;
  /** The invoice's PDF (issue 27 §2). */
  pdfLink?: string;
}

export function invoiceMail(input: InvoiceMailInput): OutgoingMail {
  const business = input.businessName.replace(/[\r\n]+/g, ' ');
  const amount = formatMoney(input.amountCents, input.currency);
  const due = formatLongDate(input.dueDate);
  return {
    to: [input.to],
    subject: `Invoice ${input.invoiceNumber} from CardCrew: ${amount} due ${due}`,
    text: [
      `Hello ${business},`,
      '',
      `Invoice ${input.invoiceNumber} for ${amount} is due on ${due}.`,
      ...(input.notes ? ['', `Description: ${input.notes}`] : []),
      '',
      'Pay it securely online by card:',
      input.link,
      ...(input.pdfLink ? ['', 'Download the invoice (PDF):', input.pdfLink] : []),
    ].join('\n'),
    html: htmlLayout(
      `Invoice ${input.invoiceNumber}`,
      `<p>Hello ${escapeHtml(business)},</p>
<table role="presentation" cellpadding="6" cellspacing="0" style="border-collapse:collapse;margin:8px 0 16px">
<tr><td style="color:#475569">Invoice</td><td style="font-weight:600">${escapeHtml(input.invoiceNumber)}</td></tr>
<tr><td style="color:#475569">Amount due</td><td style="font-weight:600">${escapeHtml(amount)}</td></tr>
<tr><td style="color:#475569">Due date</td><td>${escapeHtml(due)}</td></tr>
${input.notes ? `<tr><td style="color:#475569">Description</td><td>${escapeHtml(input.notes)}</td></tr>` : ''}
</table>
<p><a href="${escapeHtml(input.link)}" style="display:inline-block;background:#1e40af;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">Pay Invoice</a></p>
<p style="color:#475569;font-size:14px">Or open this link: ${escapeHtml(input.link)}</p>
${input.pdfLink ? `<p><a href="${escapeHtml(input.pdfLink)}" style="color:#1e40af">Download the invoice (PDF)</a></p>` : ''}`,
    ),
  };
}
