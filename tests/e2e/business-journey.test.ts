// The product's central journey in a real browser, on a phone-sized screen: sign up as a Business Owner,
// confirm with the code from the local mailbox, onboard the business (unique billing email enforced), add an
// employee, see the card's QR code, open the public card with JavaScript off, save the contact, count scans.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import vCard from 'vcf';
import { readFileSync } from 'node:fs';
import { desktop, phone } from '../support/browser';
import { codeFromMailbox, openBrowser, shot, type BrowserSession } from '../support/e2e';
import { origin, tables, uniqueEmail } from '../support/runtime';

let session: BrowserSession;
const ownerEmail = uniqueEmail('owner');
const password = 'Journey123!';
let cardUrl = '';

beforeAll(async () => {
  session = await openBrowser(phone);
});
afterAll(async () => {
  await session?.browser.close();
});

describe('business owner journey (375 px)', () => {
  it('signs up as a Business Owner and confirms with the code from the local mailbox', async () => {
    const { page } = session;
    await page.goto(`${origin}/auth`);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByLabel('Email').fill(ownerEmail);
    await page.getByLabel('Password').fill(password);
    await page.getByLabel('Account Type').selectOption('business');
    await expect.poll(() => page.getByText('Create and manage digital business cards for your company.').isVisible()).toBe(true);
    await shot(page, 'journey-01-sign-up');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

    const code = await codeFromMailbox(ownerEmail);
    await page.getByLabel('Confirmation code').fill(code);
    await shot(page, 'journey-02-confirm');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(`${origin}/business-onboarding`);
  });

  it('onboards the business, refusing a billing email that is already in use', async () => {
    const { page } = session;
    await page.getByLabel(/Company Name/).fill('Journey Labs');
    await page.getByLabel(/Website/).fill('https://journey.example');
    await expect.poll(() => page.getByLabel(/Billing Email/).inputValue()).toBe(ownerEmail);
    await page.getByLabel(/Billing Email/).fill('billing@acme.example');
    await page.getByLabel(/City/).fill('Lisbon');
    await page.getByLabel(/Country/).selectOption('Portugal');
    await page.getByLabel(/Postal Code/).fill('1100-148');
    await page.getByRole('button', { name: 'Create Business' }).click();
    await expect.poll(() => page.getByText('Email Already in Use').first().isVisible()).toBe(true);
    await shot(page, 'journey-03-billing-email-taken');

    await page.getByLabel(/Billing Email/).fill(ownerEmail);
    await page.getByRole('button', { name: 'Create Business' }).click();
    await page.waitForURL(`${origin}/business`);
    await expect.poll(() => page.getByText('No employees yet').isVisible()).toBe(true);

    const db = await tables();
    const { data } = await db.billingEmailGuard.get({ billingEmail: ownerEmail }).go();
    const business = await db.business.get({ businessId: data!.businessId }).go();
    expect(business.data).toMatchObject({ name: 'Journey Labs', billingCity: 'Lisbon', billingCountry: 'Portugal', website: 'https://journey.example' });
    await shot(page, 'journey-04-empty-dashboard');
  });

  it('adds an employee whose card gets a QR code that decodes to the public card URL', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'Add Employee' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/Full Name/).fill('Ada Lovelace');
    await dialog.getByLabel(/^Email/).fill('ada@journey.example');
    await dialog.getByLabel(/Office Phone/).fill('+351 21 000 0000');
    await dialog.getByLabel(/Job Title/).fill('Chief Analyst');
    await dialog.getByLabel(/LinkedIn/).fill('https://www.linkedin.com/in/ada');
    await dialog.getByLabel(/Status/).selectOption('active');
    await shot(page, 'journey-05-add-employee');
    await dialog.getByRole('button', { name: 'Add Employee' }).click();
    await expect.poll(() => page.getByText('Business card created with QR code!').isVisible()).toBe(true);

    await page.getByRole('button', { name: /View Ada Lovelace/ }).click();
    const qr = page.getByRole('dialog').locator('img[src*="/media/qr/"]');
    await expect.poll(() => qr.isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Scan to view business card').isVisible()).toBe(true);
    await shot(page, 'journey-06-qr-code');
    const src = await qr.getAttribute('src');
    const png = PNG.sync.read(Buffer.from(await (await fetch(new URL(src!, origin))).arrayBuffer()));
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toMatch(new RegExp(`^${origin}/card/[A-Za-z0-9_-]{10,}$`));
    cardUrl = decoded!.data;
    await page.keyboard.press('Escape');
  });

  it('shows the public card without JavaScript and saves a vCard a parser reads back', async () => {
    const noJs = await openBrowser(phone, { javaScriptEnabled: false });
    try {
      await noJs.page.goto(cardUrl);
      await expect.poll(() => noJs.page.getByRole('heading', { name: 'Ada Lovelace' }).isVisible()).toBe(true);
      expect(await noJs.page.getByText('Chief Analyst').isVisible()).toBe(true);
      expect(await noJs.page.getByText('Journey Labs').first().isVisible()).toBe(true);
      expect(await noJs.page.getByRole('link', { name: 'Call' }).getAttribute('href')).toBe('tel:+351210000000');
      expect(await noJs.page.getByRole('link', { name: 'Email' }).getAttribute('href')).toBe('mailto:ada@journey.example');
      await shot(noJs.page, 'journey-07-public-card-no-js');

      const [download] = await Promise.all([noJs.page.waitForEvent('download'), noJs.page.getByRole('link', { name: 'Save Contact' }).click()]);
      expect(download.suggestedFilename()).toBe('Ada-Lovelace.vcf');
      const text = readFileSync((await download.path())!, 'utf8');
      const card = vCard.parse(text)[0]!;
      expect(card.version).toBe('3.0');
      expect(card.get('fn').valueOf()).toBe('Ada Lovelace');
      expect(card.get('title').valueOf()).toBe('Chief Analyst');
      expect(card.get('org').valueOf()).toBe('Journey Labs');
      expect(card.get('email').valueOf()).toBe('ada@journey.example');
      expect(card.get('tel').valueOf()).toBe('+351 21 000 0000');
      expect([card.get('url')].flat().map((u) => u.valueOf())).toContain('https://journey.example');
    } finally {
      await noJs.browser.close();
    }
  });

  it('counts the visit in the dashboard, and shows Card Not Found for an unknown card', async () => {
    const { page } = session;
    await page.reload();
    await expect.poll(() => page.getByText('1 scan').isVisible()).toBe(true);
    const db = await tables();
    const cardId = cardUrl.split('/').pop()!;
    expect((await db.cardScanTotal.get({ cardId }).go()).data?.scanCount).toBe(1);
    await shot(page, 'journey-08-dashboard-phone');
    await page.setViewportSize(desktop);
    await shot(page, 'journey-09-dashboard-desktop');

    await page.goto(`${origin}/card/no-such-card-000`);
    expect(await page.getByRole('heading', { name: 'Card Not Found' }).isVisible()).toBe(true);
    expect(session.consoleErrors.filter((e) => !/404|Failed to load resource/.test(e))).toEqual([]);
  });
});
