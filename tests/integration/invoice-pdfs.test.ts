// Invoice PDFs (issue 27 §2) over the local runtime: GET /api/public/invoices/{id}/pdf answers a 302 to a presigned link
// of a few minutes into the private documents bucket (s3rver); the PDF carries the number, the amount, the lines and
// the buyer's billing address, is stored under the invoice once per state, and after a payment through the Stripe
// stand-in a second one is stamped PAID with the date. The mails link it; an unknown id is a 404.
import { ListObjectsV2Command, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { S3RVER_CREDENTIALS } from '../../functions/src/config';
import { formatLongDate } from '../../shared/format';
import { pdfPageCount, pdfText } from '../support/pdf-text';
import { api, createOwnerWithBusiness, createUser, mailbox, origin, runtime, tables, type TestUser } from '../support/runtime';

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
      'CardCrew, Inc.',
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
    const { createNumberedInvoice } = await import('../../functions/src/jobs/repository');
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
