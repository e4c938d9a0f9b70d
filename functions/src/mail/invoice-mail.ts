// The invoice e-mail (issue 10 §5): number, amount, due date, notes, an agency invoice's lines (issue 20) and the link
// to the payment page, HTML and text.
import { formatLongDate, formatMoney, formatPercent } from '../../../shared/format';
import type { InvoiceBreakdown } from '../../../shared/schemas/invoice';
import type { OutgoingMail } from '../adapters/mail';
import type { ClientBrand } from '../agency/brand';
import { fillTemplate } from './fill';
import { brandScope, senderOf, textFooterOf } from './layout';
import { invoiceTemplate } from './templates.generated';

/** What every mail about an invoice says (the invoice, reminder and receipt mails): who, which invoice, how much, where. */
export interface InvoiceMailBasics {
  to: string;
  businessName: string;
  invoiceNumber: string;
  amountCents: number;
  currency: string;
  /** The invoice's payment page. */
  link: string;
  /** A white-labelled client billed directly hears from its agency (issue 21). */
  brand?: ClientBrand | null;
}

export interface InvoiceMailInput extends InvoiceMailBasics {
  dueDate: string;
  notes: string | null;
  /** An agency invoice's lines, subtotal and discount; absent or empty for a business's invoice. */
  breakdown?: Pick<InvoiceBreakdown, 'lines' | 'subtotalCents' | 'discountPercent' | 'discountCents'>;
  /** The invoice's PDF (issue 27 §2). */
  pdfLink?: string;
}

/** Each line as a sentence, then the subtotal and the discount: the same words in the text and the HTML part. */
function breakdownRows(input: InvoiceMailInput): [string, string][] {
  const b = input.breakdown;
  if (!b || b.lines.length === 0) return [];
  const money = (cents: number) => formatMoney(cents, input.currency);
  const users = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'user' : 'users'}`;
  return [
    ...b.lines.map((line): [string, string] => [
      line.businessName.replace(/[\r\n]+/g, ' '),
      `${users(line.billableEmployees)} × ${money(line.ratePerUserCents)} × ${formatPercent(line.sharePercent)} = ${money(line.amountCents)}`,
    ]),
    ...(b.subtotalCents !== null ? [['Subtotal', money(b.subtotalCents)] as [string, string]] : []),
    ...(b.discountPercent !== null ? [[`Volume discount ${formatPercent(b.discountPercent)}`, `−${money(b.discountCents ?? 0)}`] as [string, string]] : []),
  ];
}

export function invoiceMail(input: InvoiceMailInput): OutgoingMail {
  const business = input.businessName.replace(/[\r\n]+/g, ' ');
  const amount = formatMoney(input.amountCents, input.currency);
  const due = formatLongDate(input.dueDate);
  const rows = breakdownRows(input);
  return {
    to: [input.to],
    ...senderOf(input.brand ?? null),
    subject: `Invoice ${input.invoiceNumber} from ${input.brand?.name ?? 'CardCrew'}: ${amount} due ${due}`,
    text: [
      `Hello ${business},`,
      '',
      `Invoice ${input.invoiceNumber} for ${amount} is due on ${due}.`,
      ...(input.notes ? ['', `Description: ${input.notes}`] : []),
      ...(rows.length > 0 ? ['', ...rows.map(([label, value]) => `${label}: ${value}`), `Total: ${amount}`] : []),
      '',
      'Pay it securely online by card:',
      input.link,
      ...(input.pdfLink ? ['', 'Download the invoice (PDF):', input.pdfLink] : []),
      ...textFooterOf(input.brand ?? null),
    ].join('\n'),
    html: fillTemplate(
      invoiceTemplate,
      {
        businessName: business,
        invoiceNumber: input.invoiceNumber,
        amount,
        due,
        notes: input.notes,
        hasBreakdown: rows.length > 0,
        breakdown: rows.map(([label, value]) => ({ label, value })),
        link: input.link,
        pdfLink: input.pdfLink ?? null,
      },
      brandScope(input.brand ?? null),
    ),
  };
}
