// The invoice document as the PDF shows it (issue 27 §2), independent of how the invoice is stored: parties, dates,
// lines, subtotal, an optional discount, total, status and payment. invoiceDocumentOf maps the invoice records (a
// monthly invoice: users × rate; an admin's: one line with its notes; an agency's: a line per client, the subtotal and
// the volume discount). formatLine says how a line reads, for the renderer and its tests.
import { formatBillingPeriod, formatMoney, formatPercent, pluralize } from '../../../shared/format';
import { MONTHLY_INVOICE_NOTE, type InvoiceStatus } from '../../../shared/schemas/invoice';

export interface InvoiceParty {
  name: string;
  /** Street, city with postal code, country — each a line, blanks left out. */
  addressLines: string[];
  /** An e-mail address shown under the address; null when there is none to show. */
  contact: string | null;
}

export interface InvoiceLine {
  description: string;
  /** A second, smaller line under the description (the billing period, a client's share). */
  detail: string | null;
  /** Users billed at `unitCents` each; null for a flat amount. */
  quantity: number | null;
  unitCents: number | null;
  amountCents: number;
}

export interface InvoiceDocument {
  invoiceNumber: string;
  /** YYYY-MM-DD or an ISO timestamp: when the invoice was issued. */
  issuedAt: string;
  dueDate: string;
  /** 'November 2026'; null for an invoice without a billing period. */
  period: string | null;
  status: InvoiceStatus;
  /** ISO timestamp of the payment; null while unpaid. */
  paidAt: string | null;
  amountPaidCents: number | null;
  currency: string;
  seller: InvoiceParty;
  buyer: InvoiceParty;
  lines: InvoiceLine[];
  subtotalCents: number;
  /** A volume discount (agency invoices): '10% volume discount' and the cents taken off; null without one. */
  discount: { label: string; amountCents: number } | null;
  totalCents: number;
  /** Free text that is not already a line's description. */
  notes: string | null;
}

/** What the mapper reads of an invoice (the stored record has more). */
export interface InvoiceSource {
  invoiceNumber: string;
  businessName: string;
  amountCents: number;
  currency?: string;
  dueDate: string;
  notes?: string;
  status: InvoiceStatus;
  billingPeriod?: string;
  billableEmployees?: number;
  ratePerUserCents?: number;
  paidAt?: string;
  paidAmountCents?: number;
  createdAt?: string;
  /** An agency invoice (issue 20): a line per client, the subtotal and the volume discount. */
  lines?: { businessName: string; billableEmployees: number; ratePerUserCents: number; sharePercent: number; amountCents: number }[];
  subtotalCents?: number;
  discountPercent?: number;
  discountCents?: number;
}

/** The business's billing fields, as the business item stores them; null when the business is gone. */
export interface BuyerSource {
  name: string;
  billingEmail?: string;
  billingAddress?: string;
  billingCity?: string;
  billingPostalCode?: string;
  billingCountry?: string;
}

const clean = (value: string | undefined | null) => value?.replace(/\s+/g, ' ').trim() ?? '';

/** The buyer block: the business's current name and billing address, or the name on the invoice when it is gone. */
export function buyerOf(invoice: Pick<InvoiceSource, 'businessName'>, business: BuyerSource | null): InvoiceParty {
  if (!business) return { name: clean(invoice.businessName), addressLines: [], contact: null };
  const cityLine = [clean(business.billingPostalCode), clean(business.billingCity)].filter(Boolean).join(' ');
  return {
    name: clean(business.name) || clean(invoice.businessName),
    addressLines: [clean(business.billingAddress), cityLine, clean(business.billingCountry)].filter(Boolean),
    contact: clean(business.billingEmail) || null,
  };
}

/** The lines of a stored invoice: a monthly one bills users × rate, an admin's one amount described by its notes. */
function linesOf(invoice: InvoiceSource): { lines: InvoiceLine[]; notes: string | null } {
  const period = invoice.billingPeriod ? formatBillingPeriod(invoice.billingPeriod) || null : null;
  const notes = clean(invoice.notes) || null;
  if (invoice.lines && invoice.lines.length > 0) {
    // The agency owes its share of what it charges the client, so users × rate is the detail, not the amount.
    const currency = invoice.currency ?? 'USD';
    return {
      lines: invoice.lines.map((line) => ({
        description: clean(line.businessName),
        detail: `${pluralize(line.billableEmployees, 'user')} × ${formatMoney(line.ratePerUserCents, currency)}, ${formatPercent(line.sharePercent)} agency share${period ? `, ${period}` : ''}`,
        quantity: null,
        unitCents: null,
        amountCents: line.amountCents,
      })),
      notes: null,
    };
  }
  if (invoice.billableEmployees !== undefined && invoice.ratePerUserCents !== undefined) {
    return {
      lines: [
        {
          description: 'CardCrew subscription: team members with a card',
          detail: period,
          quantity: invoice.billableEmployees,
          unitCents: invoice.ratePerUserCents,
          amountCents: invoice.amountCents,
        },
      ],
      notes: notes === MONTHLY_INVOICE_NOTE ? null : notes,
    };
  }
  return { lines: [{ description: notes ?? 'Services', detail: period, quantity: null, unitCents: null, amountCents: invoice.amountCents }], notes: null };
}

export function invoiceDocumentOf(invoice: InvoiceSource, buyer: InvoiceParty, seller: InvoiceParty): InvoiceDocument {
  const { lines, notes } = linesOf(invoice);
  const paid = invoice.status === 'paid';
  return {
    invoiceNumber: invoice.invoiceNumber,
    issuedAt: invoice.createdAt ?? invoice.dueDate,
    dueDate: invoice.dueDate,
    period: invoice.billingPeriod ? formatBillingPeriod(invoice.billingPeriod) || null : null,
    status: invoice.status,
    paidAt: paid ? (invoice.paidAt ?? null) : null,
    amountPaidCents: paid ? (invoice.paidAmountCents ?? invoice.amountCents) : null,
    currency: (invoice.currency ?? 'USD').toUpperCase(),
    seller,
    buyer,
    lines,
    subtotalCents: invoice.subtotalCents ?? lines.reduce((sum, line) => sum + line.amountCents, 0),
    discount: invoice.discountPercent && invoice.discountCents ? { label: `${formatPercent(invoice.discountPercent)} volume discount`, amountCents: invoice.discountCents } : null,
    totalCents: invoice.amountCents,
    notes,
  };
}

export interface FormattedLine {
  description: string;
  detail: string | null;
  quantity: string;
  unitPrice: string;
  amount: string;
}

/** How a line reads: '3 users', '$1.99' each and '$5.97'; a flat amount has no quantity or unit price. */
export function formatLine(line: InvoiceLine, currency: string): FormattedLine {
  const hasUnits = line.quantity !== null && line.unitCents !== null;
  return {
    description: line.description,
    detail: line.detail,
    quantity: hasUnits ? pluralize(line.quantity!, 'user') : '',
    unitPrice: hasUnits ? formatMoney(line.unitCents!, currency) : '',
    amount: formatMoney(line.amountCents, currency),
  };
}

/** The word the document shows for a status (and stamps across a paid or void invoice). */
export const statusLabels: Record<InvoiceStatus, string> = { pending: 'Pending', paid: 'Paid', overdue: 'Overdue', cancelled: 'Cancelled', void: 'Void' };
