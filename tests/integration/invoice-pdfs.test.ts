// Invoice PDFs (issue 27 §2) over the local runtime: GET /api/public/invoices/{id}/pdf answers a 302 to a presigned link
// of a few minutes into the private documents bucket (s3rver); the PDF carries the number, the amount, the lines and
// the buyer's billing address, is stored under the invoice once per state, and after a payment through the Stripe
// stand-in a second one is stamped PAID with the date. The mails link it; an unknown id is a 404. A white-labelled
// client's invoice wears its agency's brand (text and metadata, no CardCrew), with the seller of record apart; every
// line fills Quantity and Unit price, and an agency invoice shows its volume discount as its web page does (issue 40).
import { ListObjectsV2Command, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { randomBytes } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { S3RVER_CREDENTIALS } from '../../functions/src/config';
import { sellerOfRecord } from '../../functions/src/invoice-documents/seller';
import { formatLongDate } from '../../shared/format';
import { addClient, agencySettings, agencyWithSettings } from '../support/agencies';
import { pdfPageCount, pdfText } from '../support/pdf-text';
import { api, createOwnerWithBusiness, createUser, mailbox, origin, runtime, tables, type TestUser } from '../support/runtime';

/** The platform's company the local runtime sells as (its configuration's defaults, as the runtime's). */
const SELLER = sellerOfRecord();

/** The PDF's document information (title, author, creator, producer, subject), as a reader's Properties show it. */
async function pdfMetadata(bytes: Buffer) {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  return { title: pdf.getTitle(), author: pdf.getAuthor(), creator: pdf.getCreator(), producer: pdf.getProducer(), subject: pdf.getSubject() };
}

const s3 = new S3Client({ region: 'us-east-1', endpoint: runtime.env.S3_ENDPOINT, forcePathStyle: true, credentials: S3RVER_CREDENTIALS });
const bucket = runtime.env.DOCUMENTS_BUCKET!;

let admin: TestUser;
beforeAll(async () => {
  admin = await createUser({ groups: ['admin'] });
});

/** The PDF route's answer, without following it. */
const pdfRoute = (invoiceId: string) => fetch(`${origin}/api/public/invoices/${invoiceId}/pdf`, { redirect: 'manual' });

/** Follows the route to the document: the redirect, then the presigned link. */
async function downloadPdf(invoiceId: string) {
  const redirect = await pdfRoute(invoiceId);
  expect(redirect.status).toBe(302);
  const location = redirect.headers.get('location')!;
  const file = await fetch(location);
  expect(file.status).toBe(200);
  const bytes = Buffer.from(await file.arrayBuffer());
  return { redirect, location, file, bytes, text: pdfText(bytes) };
}

const storedKeys = async (invoiceId: string) =>
  ((await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `invoices/${invoiceId}/` }))).Contents ?? []).map((o) => ({ key: o.Key!, etag: o.ETag, modified: o.LastModified?.toISOString() }));

describe('invoice PDFs', () => {
  it('renders the issued invoice with number, dates, buyer address, its line and amount, stores it under the invoice, and links it for 5 minutes', async () => {
    const { business } = await createOwnerWithBusiness({ name: 'Harbor Light Design', billingAddress: '7 Quay Road', billingCity: 'Portland', billingPostalCode: '04101', billingCountry: 'United States' });
    const created = await api('POST', '/api/admin/invoices', { user: admin, body: { businessId: business.id, amount: 49.5, dueDate: '2031-06-30', notes: 'Cards for the harbor office' } });
    expect(created.status).toBe(201);
    const invoice = created.body.invoice as { id: string; invoiceNumber: string; createdAt: string };

    const { redirect, location, file, bytes, text } = await downloadPdf(invoice.id);
    expect(redirect.headers.get('cache-control')).toBe('no-store');
    const link = new URL(location);
    expect(link.origin).toBe(runtime.env.S3_ENDPOINT);
    expect(link.pathname).toBe(`/${bucket}/invoices/${invoice.id}/${invoice.invoiceNumber}-pending.pdf`);
    expect(link.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="${invoice.invoiceNumber}.pdf"`);

    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfPageCount(bytes)).toBe(1);
    for (const expected of [
      invoice.invoiceNumber,
      'CardCrew',
      SELLER.name,
      ...SELLER.addressLines,
      'Harbor Light Design',
      '7 Quay Road',
      '04101 Portland',
      'United States',
      business.billingEmail,
      formatLongDate(invoice.createdAt, 'UTC'),
      'June 30, 2031',
      'Cards for the harbor office',
      '$49.50',
      'Total (USD)',
      'Pending',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('PAID');
    // A direct customer's invoice is CardCrew's: its seller block is the From, and its metadata names CardCrew.
    expect(text).not.toContain('SELLER OF RECORD');
    expect(await pdfMetadata(bytes)).toEqual({ title: `CardCrew invoice ${invoice.invoiceNumber}`, author: 'CardCrew', creator: 'CardCrew', producer: 'CardCrew', subject: `Invoice ${invoice.invoiceNumber} for Harbor Light Design` });
    // Its one flat line fills Quantity and Unit price: one of it at the amount.
    const lines = text.split('\n');
    expect(lines.slice(lines.indexOf('Amount') + 1, lines.indexOf('Amount') + 4)).toEqual(['1', '$49.50', '$49.50']);
    // The payment page shows it in CardCrew's brand.
    expect((await api('GET', `/api/public/invoices/${invoice.id}`)).body.brand).toBeNull();

    // Stored once under the invoice; a second request signs a new link to the same object without rendering again.
    const stored = await storedKeys(invoice.id);
    expect(stored.map((o) => o.key)).toEqual([`invoices/${invoice.id}/${invoice.invoiceNumber}-pending.pdf`]);
    const again = await downloadPdf(invoice.id);
    expect(again.bytes.equals(bytes)).toBe(true);
    expect(await storedKeys(invoice.id)).toEqual(stored);

    // The mail that issued the invoice links its PDF.
    const mail = (await mailbox()).find((m) => m.subject.startsWith(`Invoice ${invoice.invoiceNumber} from CardCrew`));
    expect(mail?.body.text).toContain(`${origin}/api/public/invoices/${invoice.id}/pdf`);
    expect(mail?.body.html).toContain(`href="${origin}/api/public/invoices/${invoice.id}/pdf"`);
  });

  it('after a payment through Checkout serves a second PDF stamped PAID with the date paid, and the receipt links it', async () => {
    const { business } = await createOwnerWithBusiness({ name: 'Paid Up Bakery' });
    const created = await api('POST', '/api/admin/invoices', { user: admin, body: { businessId: business.id, amount: 120, dueDate: '2031-07-31', notes: 'Setup fee' } });
    const invoice = created.body.invoice as { id: string; invoiceNumber: string };
    const issued = await downloadPdf(invoice.id);
    expect(issued.text).toContain('Pending');

    const checkout = await api('POST', `/api/public/invoices/${invoice.id}/checkout`, { body: { returnTo: 'invoice' } });
    const sessionId = String(checkout.body.url).split('/').pop()!;
    await fetch(`${checkout.body.url}/pay`, { method: 'POST', redirect: 'manual' });
    expect((await api('POST', '/api/public/payments/verify', { body: { sessionId } })).body.status).toBe('paid');
    const paidAt = (await (await tables()).invoice.get({ invoiceId: invoice.id }).go({ consistent: true })).data!.paidAt!;

    const paid = await downloadPdf(invoice.id);
    expect(new URL(paid.location).pathname).toBe(`/${bucket}/invoices/${invoice.id}/${invoice.invoiceNumber}-paid.pdf`);
    for (const expected of [invoice.invoiceNumber, 'PAID', 'Paid on', formatLongDate(paidAt, 'UTC'), 'Setup fee', '$120.00', 'Amount paid', 'Balance due', '$0.00']) {
      expect(paid.text, expected).toContain(expected);
    }
    // Both states are kept under the invoice: the issued document is not overwritten.
    expect((await storedKeys(invoice.id)).map((o) => o.key).sort()).toEqual([`invoices/${invoice.id}/${invoice.invoiceNumber}-paid.pdf`, `invoices/${invoice.id}/${invoice.invoiceNumber}-pending.pdf`]);

    const receipt = (await mailbox()).find((m) => m.subject.startsWith(`Receipt for invoice ${invoice.invoiceNumber}`));
    expect(receipt?.body.text).toContain(`${origin}/api/public/invoices/${invoice.id}/pdf`);
  });

  it('bills users × rate on a monthly invoice, with the billing period', async () => {
    const { business } = await createOwnerWithBusiness({ name: 'Monthly Makers' });
    const { createNumberedInvoice } = await import('../../functions/src/invoices/billing-repository');
    const invoiceId = randomBytes(16).toString('base64url');
    // As the monthly run writes it: the period's guard, users × rate and the subscription note.
    const outcome = await createNumberedInvoice(
      { invoiceId, businessId: business.id, businessName: business.name, amountCents: 597, currency: 'USD', dueDate: '2033-03-01', notes: 'Monthly subscription fee', billingPeriod: '2033-02', billableEmployees: 3, ratePerUserCents: 199, status: 'pending' },
      { year: 2033, guard: { period: '2033-02' } },
    );
    expect(outcome.outcome).toBe('created');
    const { text } = await downloadPdf(invoiceId);
    for (const expected of ['February 2033', 'CardCrew subscription: team members with a card', '3 users', '$1.99', '$5.97', 'March 1, 2033']) {
      expect(text, expected).toContain(expected);
    }
    // The subscription note is the line itself, not repeated as a note.
    expect(text).not.toContain('Monthly subscription fee');
  });

  it('wears a white-labelled client’s agency brand: the agency heads it and fills its metadata, the seller of record stands apart, and nothing names CardCrew', async () => {
    const { user, agencyId } = await agencyWithSettings();
    const clientId = await addClient(user, 'Labelled Loaves');
    // The client's billing address, as its owner's Company Settings save it.
    await (await tables()).business.patch({ businessId: clientId }).set({ billingAddress: '9 Crumb Lane', billingCity: 'Salem', billingPostalCode: '97301', billingCountry: 'United States' }).go();
    expect((await api('PUT', '/api/agency', { user, body: agencySettings({ whiteLabel: true, whiteLabelName: 'Bright Studio', supportEmail: 'help@bright.example', supportUrl: 'https://help.bright.example' }) })).status).toBe(200);
    const { createNumberedInvoice } = await import('../../functions/src/invoices/billing-repository');
    const invoiceId = randomBytes(16).toString('base64url');
    // As the monthly run bills a client billed directly: users × rate for the period.
    const outcome = await createNumberedInvoice(
      { invoiceId, businessId: clientId, businessName: 'Labelled Loaves', amountCents: 796, currency: 'USD', dueDate: '2033-05-01', notes: 'Monthly subscription fee', billingPeriod: '2033-04', billableEmployees: 4, ratePerUserCents: 199, status: 'pending' },
      { year: 2033 },
    );
    expect(outcome.outcome).toBe('created');
    const invoiceNumber = (await (await tables()).invoice.get({ invoiceId }).go({ consistent: true })).data!.invoiceNumber;

    const { bytes, text, location } = await downloadPdf(invoiceId);
    for (const expected of [
      'Bright Studio',
      'help@bright.example',
      'https://help.bright.example',
      'Bright Studio subscription: team members with a',
      'Labelled Loaves',
      '9 Crumb Lane',
      '97301 Salem',
      'April 2033',
      '4 users',
      '$1.99',
      '$7.96',
      'SELLER OF RECORD',
      SELLER.name,
      ...SELLER.addressLines,
      `Bright Studio · Invoice ${invoiceNumber}`,
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toMatch(/cardcrew/i);
    const metadata = await pdfMetadata(bytes);
    expect(metadata).toEqual({ title: `Bright Studio invoice ${invoiceNumber}`, author: 'Bright Studio', creator: 'Bright Studio', producer: 'Bright Studio', subject: `Invoice ${invoiceNumber} for Labelled Loaves` });
    expect(bytes.toString('latin1')).not.toMatch(/cardcrew/i);
    // Stored under the brand it wears, so a client whose agency turns white-label off gets a CardCrew one, not this.
    expect(new URL(location).pathname).toBe(`/${bucket}/invoices/${invoiceId}/${invoiceNumber}-pending-${agencyId}.pdf`);
    expect((await storedKeys(invoiceId)).map((o) => o.key)).toEqual([`invoices/${invoiceId}/${invoiceNumber}-pending-${agencyId}.pdf`]);

    // The payment page gets the same brand from the server.
    const view = await api('GET', `/api/public/invoices/${invoiceId}`);
    expect(view.body.brand).toEqual({ name: 'Bright Studio', logoUrl: null, supportEmail: 'help@bright.example', supportUrl: 'https://help.bright.example', favicon: null, colors: { primaryColor: '#7C3AED', secondaryColor: '#4C1D95', accentColor: '#F59E0B' } });
    expect(JSON.stringify(view.body)).not.toMatch(/cardcrew/i);

    // White-label off: the next request renders CardCrew's document beside the agency's, which stays as it was.
    expect((await api('PUT', '/api/agency', { user, body: agencySettings({ whiteLabel: false }) })).status).toBe(200);
    const plain = await downloadPdf(invoiceId);
    expect(new URL(plain.location).pathname).toBe(`/${bucket}/invoices/${invoiceId}/${invoiceNumber}-pending.pdf`);
    expect(plain.text).toContain('CardCrew subscription: team members with a');
    expect((await pdfMetadata(plain.bytes)).author).toBe('CardCrew');
    expect((await api('GET', `/api/public/invoices/${invoiceId}`)).body.brand).toBeNull();
  });

  it('fills Quantity and Unit price on an agency invoice’s lines and shows its volume discount as the web page and the mail do, in CardCrew’s brand', async () => {
    const db = await tables();
    const { agencyId } = await agencyWithSettings();
    const invoiceId = randomBytes(16).toString('base64url');
    const invoiceNumber = `INV-TEST-${invoiceId.slice(0, 6)}`;
    await db.invoice
      .create({
        invoiceId,
        businessId: agencyId,
        businessName: 'Bright Agency',
        payerType: 'agency',
        invoiceNumber,
        amountCents: 2148,
        currency: 'USD',
        dueDate: '2031-12-31',
        status: 'pending',
        billingPeriod: '2031-11',
        lines: [
          { businessId: randomBytes(12).toString('base64url'), businessName: 'North Bakery', billableEmployees: 12, ratePerUserCents: 199, sharePercent: 50, amountCents: 1194 },
          { businessId: randomBytes(12).toString('base64url'), businessName: 'South Cafe', billableEmployees: 8, ratePerUserCents: 149, sharePercent: 100, amountCents: 1192 },
        ],
        subtotalCents: 2386,
        discountPercent: 10,
        discountCents: 238,
        discountTierFromUsers: 20,
      })
      .go();
    const { bytes, text } = await downloadPdf(invoiceId);
    const lines = text.split('\n');
    // Each client: users, the client's rate, the agency's share of it (the detail says which share).
    const row = (name: string) => lines.slice(lines.indexOf(name) - 3, lines.indexOf(name) + 2);
    expect(row('North Bakery')).toEqual(['12 users', '$1.99', '$11.94', 'North Bakery', '50% agency share, November 2031']);
    expect(row('South Cafe')).toEqual(['8 users', '$1.49', '$11.92', 'South Cafe', '100% agency share, November 2031']);
    for (const expected of ['Subtotal', '$23.86', 'Volume discount 10% (Tier from 20 billable users)', '-$2.38', 'Total (USD)', '$21.48', 'Bright Agency', '1 Market Street']) {
      expect(text, expected).toContain(expected);
    }
    // The agency is CardCrew's customer: its own invoice is CardCrew's.
    expect((await pdfMetadata(bytes)).author).toBe('CardCrew');
    // The web page shows the same figures.
    const view = await api('GET', `/api/public/invoices/${invoiceId}`);
    expect(view.body).toMatchObject({ subtotalCents: 2386, discountPercent: 10, discountCents: 238, discountTierFromUsers: 20, amountCents: 2148, brand: null });
  });

  it('shows a void invoice stamped VOID, and the name on the invoice when its business is gone', async () => {
    const db = await tables();
    const invoiceId = randomBytes(16).toString('base64url');
    await db.invoice.create({ invoiceId, businessId: randomBytes(12).toString('base64url'), businessName: 'Gone Fishing Ltd', invoiceNumber: `INV-TEST-${invoiceId.slice(0, 6)}`, amountCents: 1500, currency: 'USD', dueDate: '2031-12-31', status: 'pending' }).go();
    const set = await api('PUT', `/api/admin/invoices/${invoiceId}/status`, { user: admin, body: { status: 'void' } });
    expect(set.status).toBe(200);
    const { text, location } = await downloadPdf(invoiceId);
    expect(new URL(location).pathname).toMatch(/-void\.pdf$/);
    for (const expected of ['Gone Fishing Ltd', 'VOID', 'Void', 'Services', '$15.00']) expect(text, expected).toContain(expected);
  });

  it('answers an unknown invoice with 404 in the house error shape, and stores nothing', async () => {
    const unknown = randomBytes(16).toString('base64url');
    const res = await api('GET', `/api/public/invoices/${unknown}/pdf`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Invoice Not Found', requestId: expect.any(String) } });
    expect(await storedKeys(unknown)).toEqual([]);
  });

  it('keeps the documents out of /media and refuses a link once it has expired', async () => {
    const { business } = await createOwnerWithBusiness();
    const created = await api('POST', '/api/admin/invoices', { user: admin, body: { businessId: business.id, amount: 10, dueDate: '2031-06-30' } });
    const invoice = created.body.invoice as { id: string; invoiceNumber: string };
    await downloadPdf(invoice.id);
    const key = `invoices/${invoice.id}/${invoice.invoiceNumber}-pending.pdf`;
    // The site's /media/* serves the media bucket only.
    expect((await fetch(`${origin}/media/${key}`)).status).toBe(404);
    // A link signed like the function's, 10 minutes ago for 5 minutes, no longer opens the document.
    const stale = await getSignedUrl(s3, new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn: 300, signingDate: new Date(Date.now() - 10 * 60_000) });
    expect((await fetch(stale)).status).toBe(403);
  });
});
