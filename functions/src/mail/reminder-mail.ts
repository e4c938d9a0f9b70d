// The dunning reminder (issue 20 §4): an overdue invoice's number, amount, due date, how long it is overdue and the
// same payment link as the invoice mail, HTML and text.
import { formatLongDate, formatMoney } from '../../../shared/format';
import type { OutgoingMail } from '../adapters/mail';
import type { InvoiceMailBasics } from './invoice-mail';
import { fillTemplate } from './fill';
import { brandScope, senderOf, textFooterOf } from './layout';
import { reminderTemplate } from './templates.generated';

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
    html: fillTemplate(
      reminderTemplate,
      { businessName: business, invoiceNumber: input.invoiceNumber, amount, due, overdue, link: input.link },
      brandScope(input.brand ?? null),
    ),
  };
}
