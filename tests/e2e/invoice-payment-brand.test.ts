// The invoice payment page in the brand of whoever bills it (issue 40), in a real browser at a 390 px phone: the seeded
// Northwind Bakery is a white-labelled client of Bright Agency, so its invoice's page — signed out through the payment
// link, and signed in as its owner — shows Bright Agency's header, footer, tab title and favicon and names CardCrew
// nowhere (page, tab, PDF); a direct customer's invoice shows CardCrew's. axe clean, no sideways scrolling.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage } from '@playwright/test';
import type { Page } from 'playwright-core';
import { axeViolations, horizontalOverflow } from '../support/axe';
import { desktop } from '../support/browser';
import { openBrowser, shot, signedIn, type BrowserSession } from '../support/e2e';
import { pdfText } from '../support/pdf-text';
import { api, createOwnerWithBusiness, createUser, origin, signIn, type TestUser } from '../support/runtime';

const phone390 = { width: 390, height: 844 };
const NORTHWIND = 'demo-business-northwind';

let admin: TestUser;
let northwindInvoice: { id: string; invoiceNumber: string };
let directInvoice: { id: string; invoiceNumber: string };
const sessions: BrowserSession[] = [];

beforeAll(async () => {
  admin = await createUser({ groups: ['admin'] });
  const branded = await api('POST', '/api/admin/invoices', { user: admin, body: { businessId: NORTHWIND, amount: 59.7, dueDate: '2031-09-30', notes: 'Cards for the new bakery counter' } });
  expect(branded.status, branded.text).toBe(201);
  northwindInvoice = branded.body.invoice;
  const { business } = await createOwnerWithBusiness({ name: 'Plain Paper Co' });
  const direct = await api('POST', '/api/admin/invoices', { user: admin, body: { businessId: business.id, amount: 19.9, dueDate: '2031-09-30', notes: 'Setup fee' } });
  expect(direct.status, direct.text).toBe(201);
  directInvoice = direct.body.invoice;
});
afterAll(async () => {
  for (const s of sessions) await s.browser.close();
});

/** Everything a person reads of the page: its text, the tab's title, the favicon, images' alternatives and accessible names. */
async function whatThePageSays(page: Page): Promise<string> {
  return page.evaluate(() =>
    [
      document.title,
      document.body.innerText,
      ...[...document.querySelectorAll('link[rel~="icon"], link[rel="apple-touch-icon"]')].map((l) => decodeURIComponent(l.getAttribute('href') ?? '')),
      ...[...document.querySelectorAll('[alt], [aria-label], [title]')].flatMap((e) => [e.getAttribute('alt'), e.getAttribute('aria-label'), e.getAttribute('title')]),
    ].join('\n'),
  );
}

/** The PDF the page's 'Download PDF' link gives. */
async function pdfOf(page: Page, invoiceNumber: string): Promise<string> {
  const link = page.getByRole('link', { name: `Download PDF of invoice ${invoiceNumber}` });
  await expectOnPage(link).toBeVisible();
  const pdf = await page.request.get(new URL((await link.getAttribute('href'))!, origin).href);
  expect(pdf.status()).toBe(200);
  return pdfText(await pdf.body());
}

async function expectBrightAgencyPage(page: Page) {
  const invoice = northwindInvoice;
  await expectOnPage(page.getByRole('heading', { name: 'Invoice Payment' })).toBeVisible();
  await expectOnPage(page.getByText(`Invoice ${invoice.invoiceNumber}`)).toBeVisible();
  await expectOnPage(page.getByText('$59.70')).toBeVisible();
  // The agency's header and footer, its support contact, its name in the tab and its initial as the favicon.
  await expectOnPage(page.getByRole('banner')).toContainText('Bright Agency');
  await expectOnPage(page.getByRole('link', { name: 'Bright Agency support', exact: true })).toHaveAttribute('href', 'https://bright.example/support');
  await expectOnPage(page.getByRole('contentinfo')).toContainText('© 2025 Bright Agency. All Rights Reserved.');
  await expectOnPage(page.getByRole('contentinfo').getByRole('link', { name: 'support@bright.example' })).toHaveAttribute('href', 'mailto:support@bright.example');
  await expectOnPage(page).toHaveTitle('Bright Agency');
  expect(decodeURIComponent((await page.locator('link[rel="icon"]').getAttribute('href')) ?? '')).toMatch(/^data:image\/svg\+xml,<svg.*>B<\/text><\/svg>$/);
  // No CardCrew mark, marketing link or name anywhere a person reads.
  await expectOnPage(page.getByRole('link', { name: 'Pricing' })).toHaveCount(0);
  await expectOnPage(page.getByRole('link', { name: 'About us' })).toHaveCount(0);
  expect(await whatThePageSays(page)).not.toMatch(/cardcrew/i);
  // The PDF it offers is the agency's too.
  const pdf = await pdfOf(page, invoice.invoiceNumber);
  expect(pdf).toContain('Bright Agency');
  expect(pdf).toContain('Cards for the new bakery counter');
  expect(pdf).not.toMatch(/cardcrew/i);
  expect(await axeViolations(page)).toEqual([]);
  expect(await horizontalOverflow(page)).toBe(0);
}

describe('the invoice payment page', () => {
  it('shows a white-labelled client’s invoice, through its payment link signed out, in its agency’s brand with no CardCrew', async () => {
    const session = await openBrowser(phone390);
    sessions.push(session);
    const { page } = session;
    await page.goto(`${origin}/invoice-payment/${northwindInvoice.id}`);
    await expectBrightAgencyPage(page);
    await shot(page, 'invoice-payment-brand-01-agency-signed-out-390');
    // Keyboard: the support link and Pay Invoice Securely are reachable by Tab.
    await page.keyboard.press('Tab');
    await expectOnPage(page.getByRole('link', { name: 'Bright Agency support', exact: true })).toBeFocused();
    await page.keyboard.press('Tab');
    await expectOnPage(page.getByRole('button', { name: 'Pay Invoice Securely' })).toBeFocused();
    // The same on a desktop.
    await page.setViewportSize(desktop);
    expect(await whatThePageSays(page)).not.toMatch(/cardcrew/i);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'invoice-payment-brand-04-agency-signed-out-desktop');
    expect(session.consoleErrors).toEqual([]);
  });

  it('shows it in the agency’s brand to the client’s signed-in owner too', async () => {
    const owner = await signIn('owner@northwind.example', 'Demo1234!');
    const session = await signedIn(owner, `/invoice-payment/${northwindInvoice.id}`, phone390);
    sessions.push(session);
    await expectBrightAgencyPage(session.page);
    await shot(session.page, 'invoice-payment-brand-02-agency-signed-in-390');
  });

  it('shows a direct customer’s invoice in CardCrew’s brand', async () => {
    const session = await openBrowser(phone390);
    sessions.push(session);
    const { page } = session;
    await page.goto(`${origin}/invoice-payment/${directInvoice.id}`);
    await expectOnPage(page.getByRole('heading', { name: 'Invoice Payment' })).toBeVisible();
    await expectOnPage(page.getByText('$19.90')).toBeVisible();
    await expectOnPage(page.getByRole('banner')).toContainText('CardCrew');
    await expectOnPage(page.getByRole('contentinfo')).toContainText('© 2025 CardCrew. All Rights Reserved.');
    await expectOnPage(page).toHaveTitle(/CardCrew/);
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toMatch(/^\/favicon/);
    await expectOnPage(page.getByText('Bright Agency')).toHaveCount(0);
    const pdf = await pdfOf(page, directInvoice.invoiceNumber);
    expect(pdf).toContain('CardCrew');
    expect(pdf).toContain('$19.90');
    expect(await axeViolations(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);
    await shot(page, 'invoice-payment-brand-03-direct-390');
  });
});
