import { describe, expect, it } from 'vitest';
import {
  allowedInvoiceActions,
  canPayInvoice,
  canTransition,
  formatInvoiceNumber,
  earliestToday,
  invoiceCreateSchema,
  makeInvoiceCreateSchema,
  invoiceSchema,
  invoiceStatuses,
  invoiceStatusUpdateSchema,
  type InvoiceStatus,
} from './invoice';

const validCreate = {
  businessId: 'biz_0123456789',
  amount: 59.7,
  dueDate: '2099-02-28',
  notes: 'Monthly subscription fee',
};
const firstMessage = (input: unknown) => invoiceCreateSchema.safeParse(input).error?.issues[0]?.message;

function makeInvoice(overrides: Record<string, unknown> = {}) {
  return {
    id: 'inv_0123456789',
    businessId: 'biz_0123456789',
    businessName: 'Acme Corp',
    invoiceNumber: 'INV-2026-000001',
    amountCents: 5970,
    dueDate: '2026-02-28',
    notes: null,
    status: 'pending',
    billingPeriod: '2026-01',
    createdAt: '2026-01-28T09:00:00.000Z',
    paidAt: null,
    payerType: 'business',
    lines: [],
    subtotalCents: null,
    discountPercent: null,
    discountCents: null,
    discountTierFromUsers: null,
    ...overrides,
  };
}

describe('invoiceSchema', () => {
  it('carries the amount as integer cents', () => {
    expect(invoiceSchema.parse(makeInvoice()).amountCents).toBe(5970);
    expect(invoiceSchema.safeParse(makeInvoice({ amountCents: 59.7 })).success).toBe(false);
  });

  it('defaults the currency to USD', () => {
    expect(invoiceSchema.parse(makeInvoice()).currency).toBe('USD');
    expect(invoiceSchema.parse(makeInvoice({ currency: 'EUR' })).currency).toBe('EUR');
  });

  it('knows the five statuses and refuses others', () => {
    expect(invoiceStatuses).toEqual(['pending', 'paid', 'overdue', 'cancelled', 'void']);
    expect(invoiceSchema.safeParse(makeInvoice({ status: 'refunded' })).success).toBe(false);
  });

  it('requires a YYYY-MM-DD due date', () => {
    expect(invoiceSchema.safeParse(makeInvoice({ dueDate: '2026-02-28T00:00:00Z' })).success).toBe(false);
  });

  it("carries an agency invoice's payer, lines, subtotal and discount (issue 20)", () => {
    const line = { businessName: 'Northwind Bakery', billableEmployees: 21, ratePerUserCents: 149, sharePercent: 50, amountCents: 1565 };
    const agency = makeInvoice({ payerType: 'agency', lines: [line], subtotalCents: 1565, discountPercent: 5, discountCents: 78, discountTierFromUsers: 100, amountCents: 1487 });
    expect(invoiceSchema.parse(agency)).toMatchObject({ payerType: 'agency', lines: [line], subtotalCents: 1565, discountCents: 78 });
    expect(invoiceSchema.safeParse(makeInvoice({ payerType: 'reseller' })).success).toBe(false);
    expect(invoiceSchema.safeParse(makeInvoice({ lines: [{ ...line, amountCents: 15.65 }] })).success).toBe(false);
  });
});

describe('invoiceCreateSchema', () => {
  it('accepts a complete invoice and hands the dollar amount on as integer cents in USD', () => {
    const { amount: _dollars, ...rest } = validCreate;
    expect(invoiceCreateSchema.parse(validCreate)).toEqual({ ...rest, amountCents: 5970, currency: 'USD' });
  });

  it('makes notes optional and stores empty notes as null', () => {
    const { notes: _omit, ...withoutNotes } = validCreate;
    expect(invoiceCreateSchema.parse(withoutNotes).notes).toBeNull();
    expect(invoiceCreateSchema.parse({ ...validCreate, notes: '   ' }).notes).toBeNull();
  });

  it('refuses notes over 1000 characters', () => {
    expect(invoiceCreateSchema.safeParse({ ...validCreate, notes: 'x'.repeat(1001) }).success).toBe(false);
    expect(invoiceCreateSchema.safeParse({ ...validCreate, notes: 'x'.repeat(1000) }).success).toBe(true);
  });

  it('requires a business', () => {
    expect(firstMessage({ ...validCreate, businessId: '' })).toBe('Business is required');
    expect(firstMessage({ ...validCreate, businessId: undefined })).toBe('Business is required');
    expect(firstMessage({ ...validCreate, businessId: '../other' })).toBe('Choose a business from the list');
  });

  it('accepts amounts from one cent to 1,000,000', () => {
    expect(invoiceCreateSchema.parse({ ...validCreate, amount: 0.01 }).amountCents).toBe(1);
    expect(invoiceCreateSchema.parse({ ...validCreate, amount: 1_000_000 }).amountCents).toBe(100_000_000);
  });

  it('accepts an amount typed as a decimal string', () => {
    expect(invoiceCreateSchema.parse({ ...validCreate, amount: '59.70' }).amountCents).toBe(5970);
  });

  it('accepts sums that carry binary drift but are whole cents', () => {
    expect(invoiceCreateSchema.parse({ ...validCreate, amount: 0.1 + 0.2 }).amountCents).toBe(30);
  });

  it.each([
    [0, 'Enter an amount greater than 0'],
    [-5, 'Enter an amount greater than 0'],
    ['-5', 'Enter an amount greater than 0'],
    [1_000_000.01, 'Enter an amount of at most 1,000,000'],
    [1.005, 'Amount can have at most 2 decimal places'],
    [12.345, 'Amount can have at most 2 decimal places'],
    ['abc', 'Enter the amount as a number, such as 49.50'],
    [Number.NaN, 'Enter the amount as a number, such as 49.50'],
    [true, 'Enter the amount as a number, such as 49.50'],
    ['', 'Amount is required'],
    ['  ', 'Amount is required'],
    [null, 'Amount is required'],
    [undefined, 'Amount is required'],
  ])('refuses the amount %j', (amount, message) => {
    expect(firstMessage({ ...validCreate, amount })).toBe(message);
  });

  it.each([
    ['', 'Due date is required'],
    [undefined, 'Due date is required'],
    ['2026-02-30', 'Enter a valid date (YYYY-MM-DD)'],
    ['2026-13-01', 'Enter a valid date (YYYY-MM-DD)'],
    ['28/02/2026', 'Enter a valid date (YYYY-MM-DD)'],
    ['2026-02-28T00:00:00Z', 'Enter a valid date (YYYY-MM-DD)'],
    ['2020-01-01', 'The due date cannot be in the past'],
  ])('refuses the due date %j', (dueDate, message) => {
    expect(firstMessage({ ...validCreate, dueDate })).toBe(message);
  });

  it("takes a due date that is today anywhere on Earth, and the browser's own today", () => {
    const now = new Date('2031-03-10T05:00:00Z'); // already 10 March in Europe, still 9 March in Hawaii
    expect(earliestToday(now)).toBe('2031-03-09');
    const server = makeInvoiceCreateSchema(() => earliestToday(now));
    expect(server.safeParse({ ...validCreate, dueDate: '2031-03-09' }).success).toBe(true);
    expect(server.safeParse({ ...validCreate, dueDate: '2031-03-08' }).error?.issues[0]?.message).toBe('The due date cannot be in the past');
    const browserInBerlin = makeInvoiceCreateSchema(() => '2031-03-10');
    expect(browserInBerlin.safeParse({ ...validCreate, dueDate: '2031-03-09' }).error?.issues[0]?.message).toBe('The due date cannot be in the past');
  });

  it('accepts Feb 29 in a leap year', () => {
    expect(invoiceCreateSchema.safeParse({ ...validCreate, dueDate: '2028-02-29' }).success).toBe(true);
  });

  it('refuses fields the form does not have', () => {
    expect(invoiceCreateSchema.safeParse({ ...validCreate, status: 'paid' }).success).toBe(false);
    expect(invoiceCreateSchema.safeParse({ ...validCreate, invoiceNumber: 'INV-1' }).success).toBe(false);
  });
});

describe('allowedInvoiceActions', () => {
  it('offers pay now, mark paid, mark overdue, void and delete on a pending invoice', () => {
    expect(allowedInvoiceActions('pending')).toEqual({
      payNow: true,
      markPaid: true,
      markOverdue: true,
      void: true,
      delete: true,
    });
  });

  it('offers only void and delete on an overdue invoice', () => {
    expect(allowedInvoiceActions('overdue')).toEqual({
      payNow: false,
      markPaid: false,
      markOverdue: false,
      void: true,
      delete: true,
    });
  });

  it('offers nothing on a paid invoice, not even delete', () => {
    expect(allowedInvoiceActions('paid')).toEqual({
      payNow: false,
      markPaid: false,
      markOverdue: false,
      void: false,
      delete: false,
    });
  });

  it.each(['cancelled', 'void'] as const)('offers only delete on a %s invoice', (status) => {
    expect(allowedInvoiceActions(status)).toEqual({
      payNow: false,
      markPaid: false,
      markOverdue: false,
      void: false,
      delete: true,
    });
  });
});

describe('canTransition', () => {
  const allowed: [InvoiceStatus, InvoiceStatus][] = [
    ['pending', 'paid'],
    ['pending', 'overdue'],
    ['pending', 'void'],
    ['overdue', 'paid'],
    ['overdue', 'void'],
  ];

  it.each(allowed)('allows %s → %s', (from, to) => {
    expect(canTransition(from, to)).toBe(true);
  });

  it('refuses every other change, including to the same status', () => {
    for (const from of invoiceStatuses) {
      for (const to of invoiceStatuses) {
        if (allowed.some(([f, t]) => f === from && t === to)) continue;
        expect(canTransition(from, to), `${from} → ${to}`).toBe(false);
      }
    }
  });

  it('lets the payment page take payment only for pending and overdue invoices', () => {
    expect(invoiceStatuses.filter(canPayInvoice)).toEqual(['pending', 'overdue']);
  });
});

describe('invoiceStatusUpdateSchema', () => {
  it('accepts the statuses an admin sets: paid, overdue and void', () => {
    for (const status of ['paid', 'overdue', 'void'] as const) {
      expect(invoiceStatusUpdateSchema.parse({ status })).toEqual({ status });
    }
  });

  it('refuses pending, cancelled and unknown statuses', () => {
    for (const status of ['pending', 'cancelled', 'refunded', '']) {
      expect(invoiceStatusUpdateSchema.safeParse({ status }).error?.issues[0]?.message, status).toBe(
        'Status must be paid, overdue or void',
      );
    }
  });

  it('refuses fields the action does not send', () => {
    expect(invoiceStatusUpdateSchema.safeParse({ status: 'paid', amount: 0 }).success).toBe(false);
  });
});

describe('formatInvoiceNumber', () => {
  it('pads the sequence to six digits after the year', () => {
    expect(formatInvoiceNumber(42, 2026)).toBe('INV-2026-000042');
    expect(formatInvoiceNumber(1, 2025)).toBe('INV-2025-000001');
  });

  it('keeps sequences beyond six digits whole', () => {
    expect(formatInvoiceNumber(1_234_567, 2026)).toBe('INV-2026-1234567');
  });

  it.each([
    [0, 2026],
    [-1, 2026],
    [1.5, 2026],
    [1, 26],
    [1, 20260],
  ])('refuses sequence %d with year %d', (sequence, year) => {
    expect(() => formatInvoiceNumber(sequence, year)).toThrow(RangeError);
  });
});
