// Invoices (spec 2 §3, §4): the DTO, the admin create input, the actions each status allows, and the number format.
import * as z from '../zod';
import { DEFAULT_CURRENCY, groupDigits, parseIsoDate, toIsoDate } from '../format';
import { toCents } from '../pricing';
import { optionalText, pageCursor } from './common';
import { clientBrandSchema } from './me';

export const invoiceStatuses = ['pending', 'paid', 'overdue', 'cancelled', 'void'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

export { DEFAULT_CURRENCY };
/** In dollars: the admin form's bound (the stored amount is cents). */
export const MAX_INVOICE_AMOUNT = 1_000_000;
export const MONTHLY_INVOICE_NOTE = 'Monthly subscription fee';
export const AGENCY_INVOICE_NOTE = 'Monthly subscription fee for your clients';

const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

export const payerTypes = ['business', 'agency'] as const;
export type PayerType = (typeof payerTypes)[number];

/** One client on an agency's invoice (issue 20 §1): its billable employees at the agency rate, the agency's share. */
export const invoiceLineSchema = z.object({
  businessName: z.string(),
  billableEmployees: z.int(),
  ratePerUserCents: z.int(),
  sharePercent: z.number(),
  amountCents: z.int(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/**
 * What an invoice bills, beyond its total: an agency invoice's lines, subtotal and volume discount (the tier applied
 * starts at `discountTierFromUsers` billable users). Empty lines and nulls for a business's invoice.
 */
const invoiceBreakdown = {
  payerType: z.enum(payerTypes),
  lines: z.array(invoiceLineSchema),
  subtotalCents: z.nullable(z.int()),
  discountPercent: z.nullable(z.number()),
  discountCents: z.nullable(z.int()),
  discountTierFromUsers: z.nullable(z.int()),
};
export const invoiceBreakdownSchema = z.object(invoiceBreakdown);
export type InvoiceBreakdown = z.infer<typeof invoiceBreakdownSchema>;

export const invoiceSchema = z.object({
  id: z.string(),
  /** The payer: a business, or the agency of an agency invoice (payerType). */
  businessId: z.string(),
  businessName: z.string(),
  ...invoiceBreakdown,
  invoiceNumber: z.string(),
  /** Integer minor units (cents) of `currency` (ISO 4217). */
  amountCents: z.int(),
  currency: z._default(z.string().check(z.length(3)), DEFAULT_CURRENCY),
  dueDate: z.string().check(z.regex(isoDatePattern, 'Due date must be YYYY-MM-DD')),
  notes: z.nullable(z.string()),
  status: z.enum(invoiceStatuses),
  /** YYYY-MM of a monthly subscription invoice; null for one an admin created. */
  billingPeriod: z.nullable(z.string()),
  createdAt: z.string(),
  paidAt: z.nullable(z.string()),
});
export type Invoice = z.output<typeof invoiceSchema>;

/** What the Create Invoice form says under a field (issue 27 §3: sentences in the product's words). */
export const invoiceFormMessages = {
  businessRequired: 'Business is required',
  businessUnknown: 'Choose a business from the list',
  amountRequired: 'Amount is required',
  amountInvalid: 'Enter the amount as a number, such as 49.50',
  amountPositive: 'Enter an amount greater than 0',
  amountMax: `Enter an amount of at most ${groupDigits(MAX_INVOICE_AMOUNT)}`,
  amountCents: 'Amount can have at most 2 decimal places',
  dueDateRequired: 'Due date is required',
  dueDateInvalid: 'Enter a valid date (YYYY-MM-DD)',
  dueDatePast: 'The due date cannot be in the past',
} as const;
const m = invoiceFormMessages;

/** Whole cents, allowing for binary drift (0.1 + 0.2). */
const hasAtMostTwoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

const signedDecimal = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * The amount as typed in dollars: a number input sends a string ('' when empty or not a number), an API client may
 * send a number. One parse instead of a union, so each problem has its one sentence (a union's branches would each
 * say what they expected, and the form resolver shows a branch's message).
 */
const dollarAmount = z.pipe(
  z.pipe(
    z.unknown(),
    z.transform((input, ctx): number => {
      const text = typeof input === 'string' ? input.trim() : input;
      if (text === '' || text === undefined || text === null) {
        ctx.issues.push({ code: 'custom', message: m.amountRequired, input });
        return z.NEVER;
      }
      const value = typeof text === 'number' ? text : typeof text === 'string' && signedDecimal.test(text) ? Number(text) : Number.NaN;
      if (!Number.isFinite(value)) {
        ctx.issues.push({ code: 'custom', message: m.amountInvalid, input });
        return z.NEVER;
      }
      return value;
    }),
  ),
  z
    .number()
    .check(z.gt(0, m.amountPositive), z.lte(MAX_INVOICE_AMOUNT, m.amountMax), z.refine(hasAtMostTwoDecimals, m.amountCents)),
);

/** Today's date (YYYY-MM-DD) at UTC−12, the last place on Earth to reach it: no admin's own today is ever "past". */
export function earliestToday(now: Date = new Date()): string {
  return toIsoDate(new Date(now.getTime() - 12 * 60 * 60 * 1000));
}

/**
 * The admin Create Invoice form (spec 2 §2 Billing tab). The amount is typed in dollars and leaves the schema as
 * integer `amountCents` with the currency. A due date before `today()` is refused: an invoice due in the past would be
 * offered Mark Overdue at once (issue 27 §3); an admin who means it creates it and then marks it overdue. The browser
 * passes its own local date; the API uses earliestToday, so a date that is today where the admin is always passes.
 */
export function makeInvoiceCreateSchema(today: () => string = earliestToday) {
  return z.pipe(
    z.strictObject({
      businessId: z
        .string({ error: m.businessRequired })
        .check(z.trim(), z.minLength(1, m.businessRequired), z.regex(/^[A-Za-z0-9_-]{10,64}$/, m.businessUnknown)),
      amount: dollarAmount,
      dueDate: z.string({ error: m.dueDateRequired }).check(
        z.trim(),
        z.minLength(1, m.dueDateRequired),
        z.refine((value) => value === '' || parseIsoDate(value) !== null, m.dueDateInvalid),
        // ISO dates compare as text; an invalid one has had its message above.
        z.refine((value) => parseIsoDate(value) === null || value >= today(), m.dueDatePast),
      ),
      notes: optionalText(1000, { multiLine: true }),
    }),
    z.transform(({ amount, ...rest }) => ({ ...rest, amountCents: toCents(amount), currency: DEFAULT_CURRENCY })),
  );
}

export const invoiceCreateSchema = makeInvoiceCreateSchema();
export type InvoiceCreateInput = z.input<typeof invoiceCreateSchema>;
export type InvoiceCreate = z.output<typeof invoiceCreateSchema>;

/** The statuses an admin sets from an invoice row: Mark Paid, Mark Overdue, Void (spec 2 §4). */
export const settableInvoiceStatuses = ['paid', 'overdue', 'void'] as const;

/** The body of an invoice status change; whether the change is allowed from the current status is canTransition. */
export const invoiceStatusUpdateSchema = z.strictObject({
  status: z.enum(settableInvoiceStatuses, { error: 'Status must be paid, overdue or void' }),
});
export type InvoiceStatusUpdate = z.infer<typeof invoiceStatusUpdateSchema>;

export interface InvoiceActions {
  payNow: boolean;
  markPaid: boolean;
  markOverdue: boolean;
  void: boolean;
  delete: boolean;
}

/** The buttons of an invoice row (spec 2 §4). */
export function allowedInvoiceActions(status: InvoiceStatus): InvoiceActions {
  const pending = status === 'pending';
  return {
    payNow: pending,
    markPaid: pending,
    markOverdue: pending,
    void: pending || status === 'overdue',
    delete: status !== 'paid',
  };
}

// Overdue → paid is allowed because the public payment page takes payment for any unpaid invoice (spec 1 §4).
const transitions: Record<InvoiceStatus, readonly InvoiceStatus[]> = {
  pending: ['paid', 'overdue', 'void'],
  overdue: ['paid', 'void'],
  paid: [],
  cancelled: [],
  void: [],
};

/** Whether a status change is allowed; paid, cancelled and void are final. */
export function canTransition(from: InvoiceStatus, to: InvoiceStatus): boolean {
  return transitions[from].includes(to);
}

/** Whether the public payment page may take payment: only while the invoice can still become paid. */
export function canPayInvoice(status: InvoiceStatus): boolean {
  return canTransition(status, 'paid');
}

/** 'INV-2026-000042': the year and the invoice sequence (one for all years, see docs/decisions.md), zero-padded to six digits. */
export function formatInvoiceNumber(sequence: number, year: number): string {
  if (!Number.isInteger(sequence) || sequence < 1) {
    throw new RangeError(`Invoice sequence must be a positive integer, got ${sequence}`);
  }
  if (!Number.isInteger(year) || year < 1000 || year > 9999) {
    throw new RangeError(`Invoice year must have four digits, got ${year}`);
  }
  return `INV-${year}-${String(sequence).padStart(6, '0')}`;
}

/** The billing tab's query: status and payer filters, a search on the invoice number or payer name, the page cursor. */
export const invoiceListQuerySchema = z.object({
  status: z._default(z.enum(['all', ...invoiceStatuses], { error: 'Status must be all, pending, paid, overdue, cancelled or void' }), 'all'),
  payer: z._default(z.enum(['all', ...payerTypes], { error: 'Payer must be all, business or agency' }), 'all'),
  q: optionalText(100),
  cursor: pageCursor(1024),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

export const invoicePageSchema = z.object({
  invoices: z.array(invoiceSchema),
  nextCursor: z.nullable(z.string()),
  examined: z.int(),
});
export type InvoicePage = z.infer<typeof invoicePageSchema>;

/** What happened to the invoice mail (spec 2 §8 has a message for each). */
export const invoiceMailOutcomes = ['sent', 'noAddress', 'failed'] as const;
export type InvoiceMailOutcome = (typeof invoiceMailOutcomes)[number];

export const invoiceCreatedSchema = z.object({ invoice: invoiceSchema, mail: z.enum(invoiceMailOutcomes) });
export type InvoiceCreated = z.infer<typeof invoiceCreatedSchema>;

/** The invoice's PDF (issue 27 §2): a redirect to a short-lived download link, for anyone holding the invoice's link. */
export function invoicePdfPath(invoiceId: string): string {
  return `/api/public/invoices/${encodeURIComponent(invoiceId)}/pdf`;
}

/** The public invoice payment page (spec 1 §2): what anyone holding the link sees. */
export const invoicePaymentViewSchema = z.object({
  invoiceNumber: z.string(),
  businessName: z.string(),
  status: z.enum(invoiceStatuses),
  dueDate: z.string(),
  amountCents: z.int(),
  currency: z.string().check(z.length(3)),
  notes: z.nullable(z.string()),
  billingContact: z.nullable(z.string()),
  ...invoiceBreakdown,
  /** A white-labelled client's invoice: its agency's brand, decided on the server from the business (issue 40); else null. */
  brand: z.nullable(clientBrandSchema),
});
export type InvoicePaymentView = z.infer<typeof invoicePaymentViewSchema>;

/** Pay: where Stripe returns the payer (the public page, or the admin billing tab for Pay Now). */
export const checkoutRequestSchema = z.strictObject({ returnTo: z._default(z.enum(['invoice', 'admin'], { error: 'Return to must be invoice or admin' }), 'invoice') });
export const checkoutSchema = z.object({ url: z.string() });

/** Back from Stripe with a session id: confirm it with Stripe (spec 2 §4 verify-payment). */
/** A Checkout Session id as Stripe writes it. */
export const stripeSessionIdSchema = z.string({ error: 'Session id is required' }).check(z.regex(/^cs_[A-Za-z0-9_]{1,200}$/, 'Invalid session id'));
export const paymentVerifySchema = z.strictObject({ sessionId: stripeSessionIdSchema });
/** `unapplied`: Stripe took the payment but the invoice could not take it (void meanwhile, paid already): it is refunded. */
export const paymentVerifiedSchema = z.object({ invoiceId: z.string(), status: z.enum(invoiceStatuses), amountCents: z.int(), currency: z.string().check(z.length(3)), unapplied: z.boolean() });
export type PaymentVerified = z.infer<typeof paymentVerifiedSchema>;
