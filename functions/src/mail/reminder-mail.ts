// The dunning reminder (issue 20 §4): an overdue invoice's number, amount, due date, how long it is overdue and the
// same payment link as the invoice mail, HTML and text.
import { formatLongDate, formatMoney } from '../../../shared/format';
import type { OutgoingMail } from '../adapters/mail';
import type { InvoiceMailBasics } from './invoice-mail';
import { escapeHtml, htmlLayout, senderOf, textFooterOf } from './layout';

export interface ReminderMailInput extends InvoiceMailBasics {
  dueDate: string;
  /** The reminder's stage: 1, 7 or 14 days past the due date. */
  daysOverdue: number;
}

export function reminderMail(input: ReminderMailInput): OutgoingMail {
  const business = input.businessName.replace(/[\r\n]+/g, ' ');
  const amount = formatMoney(input.amountCents, input.currency);
  const due = formatLongDate(input.dueDate);
  const overdue = input.daysOverdue === 1 ? '1 day' : `${input.daysOverdue} days`;
  return {
    to: [input.to],
    ...senderOf(input.brand ?? null),
    subject: `Reminder: invoice ${input.invoiceNumber} (${amount}) is overdue`,
    text: [
      `Hello ${business},`,
      '',
      `Invoice ${input.invoiceNumber} for ${amount} was due on ${due} and is now ${overdue} overdue.`,
      'If you have already paid, please ignore this reminder.',
      '',
      'Pay it securely online by card:',
      input.link,
      ...textFooterOf(input.brand ?? null),
    ].join('\n'),
    html: htmlLayout(
      `Invoice ${input.invoiceNumber} is overdue`,
      `<p>Hello ${escapeHtml(business)},</p>
<p>Invoice ${escapeHtml(input.invoiceNumber)} was due on ${escapeHtml(due)} and is now ${escapeHtml(overdue)} overdue.</p>
<table role="presentation" cellpadding="6" cellspacing="0" style="border-collapse:collapse;margin:8px 0 16px">
<tr><td style="color:#475569">Invoice</td><td style="font-weight:600">${escapeHtml(input.invoiceNumber)}</td></tr>
<tr><td style="color:#475569">Amount due</td><td style="font-weight:600">${escapeHtml(amount)}</td></tr>
<tr><td style="color:#475569">Due date</td><td>${escapeHtml(due)}</td></tr>
</table>
<p><a href="${escapeHtml(input.link)}" style="display:inline-block;background:#1e40af;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">Pay Invoice</a></p>
<p style="color:#475569;font-size:14px">If you have already paid, please ignore this reminder. Or open this link: ${escapeHtml(input.link)}</p>`,
      input.brand ?? null,
    ),
  };
}
