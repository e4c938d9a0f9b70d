// The invoice document as the PDF shows it (issue 27 §2), independent of how the invoice is stored: the brand it is
// issued in, parties, dates, lines, subtotal, an optional discount, total, status and payment. invoiceDocumentOf maps
// the invoice records (a monthly invoice: users × rate; an admin's: one line with its notes; an agency's: a line per
// client, the subtotal and the volume discount). formatLine says how a line reads, for the renderer and its tests.
import { formatBillingPeriod, formatCount, formatMoney, formatPercent, pluralize } from '../../../shared/format';
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
  /** Users billed at `unitCents` each; null for a flat amount (drawn as one of it at the amount). */
  quantity: number | null;
  unitCents: number | null;
  amountCents: number;
}

/**
 * Whose brand the document wears (issue 40): CardCrew's, or for a white-labelled client its agency's. The brand heads
 * the document, names it in the footer and the PDF's metadata; the seller of record stays the legal seller.
 */
export interface InvoiceBrand {
  name: string;
  /** Where to write with questions: the agency's support e-mail; null for CardCrew (its seller block has the contact). */
  contact: string | null;
  /** The agency's support site; null without one. */
  url: string | null;
  /** True for an agency's brand: the seller of record is then shown apart, in smaller type. */
  whiteLabel: boolean;
}

export interface InvoiceDocument {
  invoiceNumber: string;
  brand: InvoiceBrand;
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
  /** The seller of record: the platform's company (from configuration), whatever the brand. */
  seller: InvoiceParty;
  buyer: InvoiceParty;
  lines: InvoiceLine[];
  subtotalCents: number;
  /**
   * The volume discount of an agency invoice, as its web page and mail show it: 'Volume discount 10%', the tier it
   * comes from, and the cents taken off (0 on the base tier); null for an invoice without one.
   */
  discount: { label: string; detail: string | null; amountCents: number } | null;
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
  discountTierFromUsers?: number;
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

/** CardCrew's own brand, for every invoice but a white-labelled client's. */
export const PLATFORM_BRAND: InvoiceBrand = { name: 'CardCrew', contact: null, url: null, whiteLabel: false };

/** The brand of a white-labelled client's invoice: its agency's name and support contacts. */
export function agencyBrandOf(brand: { name: string; supportEmail: string; supportUrl: string | null }): InvoiceBrand {
  return { name: clean(brand.name), contact: clean(brand.supportEmail) || null, url: clean(brand.supportUrl) || null, whiteLabel: true };
}

/**
 * The lines of a stored invoice: a monthly one bills users × rate, an admin's one amount described by its notes, an
 * agency's users × the client's rate at the agency's share.
 */
function linesOf(invoice: InvoiceSource, brand: InvoiceBrand): { lines: InvoiceLine[]; notes: string | null } {
  const period = invoice.billingPeriod ? formatBillingPeriod(invoice.billingPeriod) || null : null;
  const notes = clean(invoice.notes) || null;
  if (invoice.lines && invoice.lines.length > 0) {
    // The agency owes its share of what it charges the client: users × the client's rate, then the share (the detail
    // says which), as the invoice's web page and mail read it.
    return {
      lines: invoice.lines.map((line) => ({
        description: clean(line.businessName),
        detail: `${formatPercent(line.sharePercent)} agency share${period ? `, ${period}` : ''}`,
        quantity: line.billableEmployees,
        unitCents: line.ratePerUserCents,
        amountCents: line.amountCents,
      })),
      notes: null,
    };
  }
  if (invoice.billableEmployees !== undefined && invoice.ratePerUserCents !== undefined) {
    return {
      lines: [
        {
          description: `${brand.name} subscription: team members with a card`,
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

/** The volume discount as the web page and the mail show it: whenever the invoice has a discount percent, 0 % included. */
function discountOf(invoice: InvoiceSource): InvoiceDocument['discount'] {
  if (invoice.discountPercent === undefined) return null;
  const tier = invoice.discountTierFromUsers;
  return {
    label: `Volume discount ${formatPercent(invoice.discountPercent)}`,
    detail: tier === undefined ? null : tier === 0 ? 'Base tier' : `Tier from ${formatCount(tier)} billable users`,
    amountCents: invoice.discountCents ?? 0,
  };
}

export function invoiceDocumentOf(invoice: InvoiceSource, buyer: InvoiceParty, seller: InvoiceParty, brand: InvoiceBrand = PLATFORM_BRAND): InvoiceDocument {
  const { lines, notes } = linesOf(invoice, brand);
  const paid = invoice.status === 'paid';
  return {
    invoiceNumber: invoice.invoiceNumber,
    brand,
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
    discount: discountOf(invoice),
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

/** How a line reads: '3 users', '$1.99' each and '$5.97'; a flat amount is one of it at its amount. */
export function formatLine(line: InvoiceLine, currency: string): FormattedLine {
  const hasUnits = line.quantity !== null && line.unitCents !== null;
  return {
    description: line.description,
    detail: line.detail,
    quantity: hasUnits ? pluralize(line.quantity!, 'user') : '1',
    unitPrice: formatMoney(line.unitCents ?? line.amountCents, currency),
    amount: formatMoney(line.amountCents, currency),
  };
}

/** The word the document shows for a status (and stamps across a paid or void invoice). */
export const statusLabels: Record<InvoiceStatus, string> = { pending: 'Pending', paid: 'Paid', overdue: 'Overdue', cancelled: 'Cancelled', void: 'Void' };
