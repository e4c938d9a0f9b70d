// An owner's own invoices in a real browser (issue 27 §2): the Billing section of /business lists the business's
// invoices newest first with number, period, amount, due date and status; Pay goes to Stripe Checkout (the local
// stand-in), comes back verified and mails one receipt; the paid invoice then says Paid with its date. Each invoice has a
// PDF link that downloads its PDF (stamped PAID once paid, on the payment page too). 1280 px and a 375 px phone, axe on
// both; another owner cannot read the list (403).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage } from '@playwright/test';
import { invoiceMessages } from '../../shared/messages/invoice';
import { axeViolations, horizontalOverflow } from '../support/axe';
import { desktop, phone } from '../support/browser';
import { shot, signedIn, type BrowserSession } from '../support/e2e';
import { pdfText } from '../support/pdf-text';
import { api, createOwnerWithBusiness, createUser, mailbox, origin, tables, type TestUser } from '../support/runtime';

let owned: Awaited<ReturnType<typeof createOwnerWithBusiness>>;
let admin: TestUser;
let session: BrowserSession | undefined;
const invoices: { id: string; invoiceNumber: string }[] = [];

beforeAll(async () => {
  owned = await createOwnerWithBusiness({ name: 'Ledger Lane Studio' });
  admin = await createUser({ groups: ['admin'] });
  for (const [amount, notes] of [[19.9, 'Setup fee'], [42, 'Cards for the new office']] as const) {
    const res = await api('POST', '/api/admin/invoices', { user: admin, body: { businessId: owned.business.id, amount, dueDate: '2031-06-30', notes } });
    expect(res.status).toBe(201);
    invoices.push(res.body.invoice);
  }
});
afterAll(async () => {
  await session?.browser.close();
});

describe('the Billing section of the business dashboard', () => {
  it('lists the business invoices newest first over the API, only to those who may manage it', async () => {
    const res = await api('GET', `/api/businesses/${owned.business.id}/invoices`, { user: owned.owner });
    expect(res.status).toBe(200);
    expect(res.body.map((i: { invoiceNumber: string }) => i.invoiceNumber)).toEqual([invoices[1]!.invoiceNumber, invoices[0]!.invoiceNumber]);
    expect(res.body[0]).toMatchObject({ id: invoices[1]!.id, amountCents: 4200, status: 'pending', billingPeriod: null, notes: 'Cards for the new office' });
    const other = await createOwnerWithBusiness();
    expect((await api('GET', `/api/businesses/${owned.business.id}/invoices`, { user: other.owner })).status).toBe(403);
  });

  it('shows the invoices and pays one through Checkout: verified, marked Paid, one receipt mailed', async () => {
    session = await signedIn(owned.owner, '/business', desktop);
    const { page } = session;
    const billing = page.getByRole('region', { name: 'Invoices' });
    const row = billing.getByRole('row', { name: new RegExp(invoices[1]!.invoiceNumber) });
    await expectOnPage(row).toContainText('$42.00');
    await expectOnPage(row).toContainText('Cards for the new office');
    await expectOnPage(row).toContainText('June 30, 2031');
    await expectOnPage(row).toContainText('Pending');
    await expectOnPage(billing.getByRole('row')).toHaveCount(3); // the header and two invoices
    // Each invoice has its PDF link, named with its number; following it (the API's redirect to a short-lived link)
    // gives the PDF of that invoice.
    for (const invoice of invoices) await expectOnPage(billing.getByRole('link', { name: `Download PDF of ${invoice.invoiceNumber}` })).toBeVisible();
    const pdfLink = row.getByRole('link', { name: `Download PDF of ${invoices[1]!.invoiceNumber}` });
    const pdf = await page.request.get(new URL((await pdfLink.getAttribute('href'))!, origin).href);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const issued = await pdf.body();
    expect(issued.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfText(issued)).toContain(invoices[1]!.invoiceNumber);
    expect(pdfText(issued)).toContain('Cards for the new office');
    const [download] = await Promise.all([page.waitForEvent('download'), pdfLink.click()]);
    expect(download.suggestedFilename()).toBe(`${invoices[1]!.invoiceNumber}.pdf`);
    await row.scrollIntoViewIfNeeded();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'business-billing-01-list');

    await row.getByRole('button', { name: `Pay $42.00 for ${invoices[1]!.invoiceNumber}` }).click();
    await expectOnPage(page.getByRole('button', { name: /Pay \$42\.00/ })).toBeVisible();
    await page.getByRole('button', { name: /Pay \$42\.00/ }).click();
    await page.waitForURL(`${origin}/invoice-payment/${invoices[1]!.id}`);
    await expectOnPage(page.getByText(invoiceMessages.paymentVerified)).toBeVisible();
    // The payment page offers the PDF too, now stamped PAID.
    const paidPdfLink = page.getByRole('link', { name: `Download PDF of invoice ${invoices[1]!.invoiceNumber}` });
    await expectOnPage(paidPdfLink).toBeVisible();
    const paidPdf = await page.request.get(new URL((await paidPdfLink.getAttribute('href'))!, origin).href);
    expect(pdfText(await paidPdf.body())).toContain('PAID');
    expect(await axeViolations(page)).toEqual([]);
    const db = await tables();
    expect((await db.invoice.get({ invoiceId: invoices[1]!.id }).go()).data).toMatchObject({ status: 'paid', paidAmountCents: 4200, receiptSentAt: expect.any(String) });
    expect((await mailbox()).filter((m) => m.subject.startsWith(`Receipt for invoice ${invoices[1]!.invoiceNumber}`))).toHaveLength(1);

    await page.goto(`${origin}/business`);
    const paidRow = page.getByRole('region', { name: 'Invoices' }).getByRole('row', { name: new RegExp(invoices[1]!.invoiceNumber) });
    await expectOnPage(paidRow).toContainText('Paid');
    await expectOnPage(paidRow.getByRole('button')).toHaveCount(0);
    await expectOnPage(page.getByRole('button', { name: `Pay $19.90 for ${invoices[0]!.invoiceNumber}` })).toBeVisible();
  });

  it('works on a 375 px phone without sideways scrolling, by keyboard', async () => {
    const { page } = session!;
    await page.setViewportSize(phone);
    await page.reload();
    const pay = page.getByRole('button', { name: `Pay $19.90 for ${invoices[0]!.invoiceNumber}` });
    await pay.scrollIntoViewIfNeeded();
    await expectOnPage(pay).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'business-billing-02-phone');
    await pay.focus();
    await page.keyboard.press('Enter');
    await expectOnPage(page.getByRole('button', { name: /Pay \$19\.90/ })).toBeVisible();
  });
});
