// The invoice document's view model: how today's invoice records become lines, the buyer block from the business's
// billing fields, how a line reads, the brand it wears, and that the renderer shows many lines with a discount on
// further pages and an agency's brand with the seller of record apart.
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfPageCount, pdfText } from '../../../tests/support/pdf-text';
import { agencyBrandOf, buyerOf, formatLine, invoiceDocumentOf, type InvoiceDocument, type InvoiceSource } from './invoice-document';
import { renderInvoicePdf } from './render-invoice-pdf';
import { sellerOfRecord } from './seller';

const SELLER = sellerOfRecord();
const AGENCY = agencyBrandOf({ name: 'Bright  Agency', supportEmail: 'help@bright.example', supportUrl: 'https://help.bright.example' });

const makeInvoice = (overrides: Partial<InvoiceSource> = {}): InvoiceSource => ({
  invoiceNumber: 'INV-2026-000042',
  businessName: 'Acme Studio',
  amountCents: 597,
  currency: 'USD',
  dueDate: '2026-12-01',
  status: 'pending',
  createdAt: '2026-11-01T00:00:05.000Z',
  ...overrides,
});
const monthly = (overrides: Partial<InvoiceSource> = {}) => makeInvoice({ billingPeriod: '2026-11', billableEmployees: 3, ratePerUserCents: 199, notes: 'Monthly subscription fee', ...overrides });
const buyer = buyerOf(makeInvoice(), { name: 'Acme Studio' });

describe('invoiceDocumentOf', () => {
  it('bills a monthly invoice as one line of users × rate for its period, without repeating the subscription note', () => {
    const doc = invoiceDocumentOf(monthly(), buyer, SELLER);
    expect(doc.lines).toEqual([{ description: 'CardCrew subscription: team members with a card', detail: 'November 2026', quantity: 3, unitCents: 199, amountCents: 597 }]);
    expect(doc).toMatchObject({ period: 'November 2026', subtotalCents: 597, discount: null, totalCents: 597, notes: null, paidAt: null, amountPaidCents: null, currency: 'USD' });
    expect(doc.brand).toEqual({ name: 'CardCrew', contact: null, url: null, whiteLabel: false });
  });

  it('names the subscription after the agency in its brand', () => {
    const doc = invoiceDocumentOf(monthly(), buyer, SELLER, AGENCY);
    expect(doc.brand).toEqual({ name: 'Bright Agency', contact: 'help@bright.example', url: 'https://help.bright.example', whiteLabel: true });
    expect(doc.lines[0]!.description).toBe('Bright Agency subscription: team members with a card');
    expect(doc.seller).toEqual(SELLER);
  });

  it('bills an agency invoice as users × the client’s rate per client, with the volume discount and its tier as the web page shows it', () => {
    const agencyInvoice = makeInvoice({
      amountCents: 2149,
      billingPeriod: '2026-11',
      lines: [
        { businessName: 'North  Bakery', billableEmployees: 12, ratePerUserCents: 199, sharePercent: 50, amountCents: 1194 },
        { businessName: 'South Cafe', billableEmployees: 8, ratePerUserCents: 149, sharePercent: 100, amountCents: 1192 },
      ],
      subtotalCents: 2386,
      discountPercent: 10,
      discountCents: 237,
      discountTierFromUsers: 20,
    });
    const doc = invoiceDocumentOf(agencyInvoice, buyer, SELLER);
    expect(doc.lines).toEqual([
      { description: 'North Bakery', detail: '50% agency share, November 2026', quantity: 12, unitCents: 199, amountCents: 1194 },
      { description: 'South Cafe', detail: '100% agency share, November 2026', quantity: 8, unitCents: 149, amountCents: 1192 },
    ]);
    expect(doc).toMatchObject({ subtotalCents: 2386, discount: { label: 'Volume discount 10%', detail: 'Tier from 20 billable users', amountCents: 237 }, totalCents: 2149 });
    // The base tier shows its 0 % line too, as the web page and the mail do.
    expect(invoiceDocumentOf(makeInvoice({ ...agencyInvoice, discountPercent: 0, discountCents: 0, discountTierFromUsers: 0 }), buyer, SELLER).discount).toEqual({ label: 'Volume discount 0%', detail: 'Base tier', amountCents: 0 });
  });

  it('describes an admin-created invoice by its notes, or as Services without any', () => {
    expect(invoiceDocumentOf(makeInvoice({ amountCents: 4950, notes: 'Cards for the new office' }), buyer, SELLER).lines).toEqual([
      { description: 'Cards for the new office', detail: null, quantity: null, unitCents: null, amountCents: 4950 },
    ]);
    expect(invoiceDocumentOf(makeInvoice({ amountCents: 4950 }), buyer, SELLER).lines[0]!.description).toBe('Services');
  });

  it('carries the payment of a paid invoice only', () => {
    const paid = invoiceDocumentOf(makeInvoice({ status: 'paid', paidAt: '2026-11-20T10:00:00.000Z', paidAmountCents: 597 }), buyer, SELLER);
    expect(paid).toMatchObject({ status: 'paid', paidAt: '2026-11-20T10:00:00.000Z', amountPaidCents: 597 });
    const voided = invoiceDocumentOf(makeInvoice({ status: 'void', paidAt: '2026-11-20T10:00:00.000Z' }), buyer, SELLER);
    expect(voided).toMatchObject({ paidAt: null, amountPaidCents: null });
  });
});

describe('buyerOf', () => {
  it('takes the name and billing address from the business, postal code before the city, blanks left out', () => {
    expect(buyerOf(makeInvoice(), { name: 'Acme  Studio', billingEmail: 'billing@acme.example', billingAddress: '1 Test\nStreet', billingCity: 'Testville', billingPostalCode: '12345', billingCountry: 'United States' })).toEqual({
      name: 'Acme Studio',
      addressLines: ['1 Test Street', '12345 Testville', 'United States'],
      contact: 'billing@acme.example',
    });
    expect(buyerOf(makeInvoice(), { name: 'Acme Studio', billingCountry: 'Portugal' })).toEqual({ name: 'Acme Studio', addressLines: ['Portugal'], contact: null });
  });

  it('falls back to the name on the invoice when the business is gone', () => {
    expect(buyerOf(makeInvoice({ businessName: 'Gone Ltd' }), null)).toEqual({ name: 'Gone Ltd', addressLines: [], contact: null });
  });
});

describe('formatLine', () => {
  it('reads a per-user line as users, unit price and amount, and a flat line as one of it at its amount', () => {
    expect(formatLine({ description: 'Seats', detail: null, quantity: 1, unitCents: 199, amountCents: 199 }, 'USD')).toEqual({ description: 'Seats', detail: null, quantity: '1 user', unitPrice: '$1.99', amount: '$1.99' });
    expect(formatLine({ description: 'Seats', detail: null, quantity: 1250, unitCents: 150, amountCents: 187500 }, 'USD')).toMatchObject({ quantity: '1,250 users', amount: '$1,875.00' });
    expect(formatLine({ description: 'Setup', detail: null, quantity: null, unitCents: null, amountCents: 4950 }, 'EUR')).toEqual({ description: 'Setup', detail: null, quantity: '1', unitPrice: '€49.50', amount: '€49.50' });
  });
});

describe('renderInvoicePdf', () => {
  it('continues a long list of lines (an agency invoice) on further pages, with the subtotal, the discount and the total', async () => {
    const lines = Array.from({ length: 60 }, (_, i) => ({ description: `Client ${i + 1} Bakery`, detail: '12 users', quantity: 12, unitCents: 199, amountCents: 2388 }));
    const doc: InvoiceDocument = {
      ...invoiceDocumentOf(makeInvoice(), buyer, SELLER),
      lines,
      subtotalCents: 143280,
      discount: { label: 'Volume discount 10%', detail: 'Tier from 500 billable users', amountCents: 14328 },
      totalCents: 128952,
    };
    const pdf = await renderInvoicePdf(doc);
    const text = pdfText(pdf);
    expect(pdfPageCount(pdf)).toBeGreaterThan(1);
    expect(text).toContain('Client 1 Bakery');
    expect(text).toContain('Client 60 Bakery');
    expect(text).toContain('Invoice INV-2026-000042 (continued)');
    expect(text).toContain(`Page ${pdfPageCount(pdf)} of ${pdfPageCount(pdf)}`);
    for (const expected of ['Subtotal', '$1,432.80', 'Volume discount 10% (Tier from 500 billable users)', '-$143.28', 'Total (USD)', '$1,289.52', '12 users', '$1.99', '$23.88']) expect(text).toContain(expected);
  });

  it('heads a document in an agency’s brand with the agency, names the seller of record apart, and carries the brand in its metadata', async () => {
    const pdf = await renderInvoicePdf(invoiceDocumentOf(monthly(), buyer, SELLER, AGENCY));
    const text = pdfText(pdf);
    for (const expected of ['Bright Agency', 'help@bright.example', 'Bright Agency subscription: team members with a', 'SELLER OF RECORD', SELLER.name, ...SELLER.addressLines, 'Bright Agency · Invoice INV-2026-000042', '3 users', '$1.99', '$5.97']) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toMatch(/cardcrew/i);
    const meta = await PDFDocument.load(pdf, { updateMetadata: false });
    expect({ title: meta.getTitle(), author: meta.getAuthor(), creator: meta.getCreator(), producer: meta.getProducer() }).toEqual({
      title: 'Bright Agency invoice INV-2026-000042',
      author: 'Bright Agency',
      creator: 'Bright Agency',
      producer: 'Bright Agency',
    });
  });

  it('shows characters the standard font cannot draw as ? instead of failing', async () => {
    const doc = invoiceDocumentOf(makeInvoice(), buyerOf(makeInvoice(), { name: 'Café 東京' }), SELLER);
    expect(pdfText(await renderInvoicePdf(doc))).toContain('Café ??');
  });
});
