// The product's central journey in a real browser, on a phone-sized screen: sign up as a Business Owner,
// confirm with the code from the local mailbox, onboard the business (unique billing email enforced), add an
// employee, see the card's QR code, open the public card with JavaScript off, save the contact, count scans.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import vCard from 'vcf';
import { readFileSync } from 'node:fs';
import { desktop, phone } from '../support/browser';
import { codeFromMailbox, openBrowser, shot, type BrowserSession } from '../support/e2e';
import { origin, tables, uniqueEmail } from '../support/runtime';
import { AuthPage } from './pages/auth-page';
import { BusinessDashboardPage } from './pages/business-dashboard-page';
import { BusinessOnboardingPage } from './pages/business-onboarding-page';
import { PublicCardPage } from './pages/public-card-page';

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

// One journey: each step starts where the previous one left the page.
describe('business owner journey, step by step (375 px)', () => {
  it('signs up as a Business Owner and confirms with the code from the local mailbox', async () => {
    const auth = new AuthPage(session.page);
    await auth.goto();
    await auth.startSignUp(ownerEmail, password, 'business');
    await expectOnPage(auth.message('Create and manage digital business cards for your company.')).toBeVisible();
    await shot(auth.page, 'journey-01-sign-up');
    await auth.page.getByRole('button', { name: 'Sign Up', exact: true }).click();

    await expectOnPage(auth.confirmationCode()).toBeVisible();
    await auth.confirmationCode().fill(await codeFromMailbox(ownerEmail));
    await shot(auth.page, 'journey-02-confirm');
    await auth.page.getByRole('button', { name: 'Confirm' }).click();
    await auth.page.waitForURL(`${origin}/business-onboarding`);
  });

  it('onboards the business, refusing a billing email that is already in use', async () => {
    const { page } = session;
    const onboarding = new BusinessOnboardingPage(page);
    await expectOnPage(onboarding.billingEmail()).toHaveValue(ownerEmail);
    await onboarding.fill({ company: 'Journey Labs', website: 'https://journey.example', billingEmail: 'billing@acme.example', city: 'Lisbon', country: 'Portugal', postalCode: '1100-148' });
    await onboarding.submit();
    await expectOnPage(page.getByText('Email Already in Use').first()).toBeVisible();
    await shot(page, 'journey-03-billing-email-taken');

    await onboarding.billingEmail().fill(ownerEmail);
    await onboarding.submit();
    await page.waitForURL(`${origin}/business`);
    await expectOnPage(page.getByText('No employees yet')).toBeVisible();

    const db = await tables();
    const { data } = await db.billingEmailGuard.get({ billingEmail: ownerEmail }).go();
    const business = await db.business.get({ businessId: data!.businessId }).go();
    expect(business.data).toMatchObject({ name: 'Journey Labs', billingCity: 'Lisbon', billingCountry: 'Portugal', website: 'https://journey.example' });
    await shot(page, 'journey-04-empty-dashboard');
  });

  it('adds an employee whose card gets a QR code that decodes to the public card URL', async () => {
    const { page } = session;
    const dashboard = new BusinessDashboardPage(page);
    await dashboard.addEmployee(
      { name: 'Ada Lovelace', email: 'ada@journey.example', officePhone: '+351 21 000 0000', jobTitle: 'Chief Analyst', linkedin: 'https://www.linkedin.com/in/ada', status: 'active' },
      () => shot(page, 'journey-05-add-employee'),
    );

    await dashboard.openEmployee('Ada Lovelace');
    const qr = dashboard.qrImage();
    await expectOnPage(qr).toBeVisible();
    await expectOnPage(page.getByText('Scan to view business card')).toBeVisible();
    await shot(page, 'journey-06-qr-code');
    const src = await qr.getAttribute('src');
    const png = PNG.sync.read(Buffer.from(await (await fetch(new URL(src!, origin))).arrayBuffer()));
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toMatch(new RegExp(`^${origin}/card/[A-Za-z0-9_-]{10,}\\?s=qr$`));
    cardUrl = decoded!.data;
    await page.keyboard.press('Escape');
  });

  it('shows the public card without JavaScript and saves a vCard a parser reads back', async () => {
    const noJs = await openBrowser(phone, { javaScriptEnabled: false });
    try {
      const cardPage = new PublicCardPage(noJs.page);
      await cardPage.goto(cardUrl, 'Ada Lovelace');
      await expectOnPage(noJs.page.getByText('Chief Analyst')).toBeVisible();
      await expectOnPage(noJs.page.getByText('Journey Labs').first()).toBeVisible();
      await expectOnPage(cardPage.call()).toHaveAttribute('href', 'tel:+351210000000');
      await expectOnPage(cardPage.email()).toHaveAttribute('href', 'mailto:ada@journey.example');
      await shot(noJs.page, 'journey-07-public-card-no-js');

      const [download] = await Promise.all([noJs.page.waitForEvent('download'), cardPage.saveContact().click()]);
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
    // The card's tile; the Scan Analytics section's top-cards list says '1 scan' too once it loads.
    await expectOnPage(page.getByRole('tabpanel', { name: /All Cards/ }).getByText('1 scan')).toBeVisible();
    await expectOnPage(page.getByRole('region', { name: 'Scan Analytics' }).getByText('1 scan')).toBeVisible();
    const db = await tables();
    const cardId = new URL(cardUrl).pathname.split('/').pop()!;
    // Stored: the card's day counter (issue 25 §2), which the totals add as an open day until the daily close.
    expect((await db.cardScanDay.get({ cardId, day: new Date().toISOString().slice(0, 10) }).go({ consistent: true })).data?.count).toBe(1);
    await shot(page, 'journey-08-dashboard-phone');
    await page.setViewportSize(desktop);
    await shot(page, 'journey-09-dashboard-desktop');

    await page.goto(`${origin}/card/no-such-card-000`);
    await expectOnPage(page.getByRole('heading', { name: 'Card Not Found' })).toBeVisible();
    expect(session.consoleErrors.filter((e) => !/404|Failed to load resource/.test(e))).toEqual([]);
  });
});
