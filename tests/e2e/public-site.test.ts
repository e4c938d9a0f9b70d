// The public site in a real browser on a 375 px phone (desktop screenshots too): the landing page, the top
// navigation's phone menu, pricing drawn from the plans in the table, the sales dialog (mailed and stored, and
// refused when rate-limited), the static pages and the 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage } from '@playwright/test';
import type { Page } from 'playwright-core';
import { desktop, phone } from '../support/browser';
import { axeViolations } from '../support/axe';
import { messages } from '../../shared/messages';
import { join } from 'node:path';
import { artifactsDir, openBrowser, shot, type BrowserSession } from '../support/e2e';
import { mailbox, origin, tables, uniqueEmail } from '../support/runtime';
import { billableEmployeeCount } from '../../shared/pricing';
import { SalesDialog } from './pages/sales-dialog';

let session: BrowserSession;

beforeAll(async () => {
  session = await openBrowser(phone);
});
afterAll(async () => {
  await session?.browser.close();
});

/** A fresh, signed-out phone page (its own storage), closed after the test body. */
async function withPage(run: (page: Page) => Promise<void>) {
  const context = await session.browser.newContext({ viewport: phone });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

/** A full-page screenshot at desktop width, then back to the phone. */
async function desktopShot(page: Page, name: string) {
  await page.setViewportSize(desktop);
  await shot(page, name);
  await page.setViewportSize(phone);
}

/** What is on screen (a full-page capture misplaces a fixed dialog), with animations (a sliding toast) finished. */
async function screenShot(page: Page, name: string) {
  await page.screenshot({ path: join(artifactsDir, `${name}.png`), animations: 'disabled' });
}

const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search + url.hash;
};

/** The browser connects from 127.0.0.1: the sales-contact counter of that address in this hour's window. */
const browserCounter = () => {
  const windowStart = Math.floor(Date.now() / 1000 / 3600) * 3600;
  return { key: 'sales-contact#127.0.0.1', window: String(windowStart), expiresAt: windowStart + 7200 };
};

/** Sets how many enquiries the browser has already sent this hour (0 = a full allowance of 5). */
async function setBrowserEnquiriesThisHour(count: number) {
  const db = await tables();
  await db.rateLimit.put({ ...browserCounter(), count }).go();
}

async function withPlanPrice(planId: string, priceCents: number, run: () => Promise<void>) {
  const db = await tables();
  const before = (await db.plan.get({ planId }).go()).data!.priceCents;
  await db.plan.patch({ planId }).set({ priceCents }).go();
  try {
    await run();
  } finally {
    await db.plan.patch({ planId }).set({ priceCents: before }).go();
  }
}

const planCard = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

describe('landing page (375 px)', () => {
  it('shows a visitor the hero, the business and agency cards, the features, pricing and the 2025 footer', async () => {
    const { page } = session;
    await page.goto(`${origin}/`);
    await expectOnPage(page.getByRole('heading', { level: 1 })).toHaveText(/Create, manage and share virtual business cards/);
    expect(await page.getByRole('link', { name: 'Start Free Trial' }).getAttribute('href')).toBe('/auth');
    expect(await page.getByRole('link', { name: 'Welcome Back!' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Choose Business' }).getAttribute('href')).toBe('/auth');
    // Issue 40: Choose Agency opens /auth as sign-up with Marketing Agency chosen (the journey is below).
    expect(await page.getByRole('link', { name: 'Choose Agency' }).getAttribute('href')).toBe('/auth?mode=signup&account=agency');

    const features = page.locator('section#features');
    for (const feature of ['QR Code Sharing', 'Custom Branding', 'Team Management']) {
      await expectOnPage(features.getByRole('heading', { name: feature })).toBeVisible();
    }
    await expectOnPage(planCard(page, 'Professional')).toBeVisible();

    const footer = page.getByRole('contentinfo');
    expect(await footer.textContent()).toContain('© 2025 CardCrew. All Rights Reserved.');
    const footerLinks = footer.getByRole('link');
    expect(await footerLinks.evaluateAll((links) => links.map((a) => [a.textContent, a.getAttribute('href')]))).toEqual([
      ['About us', '/about'],
      ['Terms of Service', '/terms'],
      ['Privacy Policy', '/privacy'],
    ]);

    // 'Watch Demo' exists and does nothing.
    await page.getByRole('button', { name: 'Watch Demo' }).click();
    expect(pathOf(page)).toBe('/');
    await shot(page, 'public-01-landing-phone');
    await desktopShot(page, 'public-02-landing-desktop');

    await page.getByRole('link', { name: 'Start Free Trial' }).click();
    await page.waitForURL(`${origin}/auth`);
  });

  it("opens /auth from 'Choose Agency' in sign-up mode with Marketing Agency chosen, also when the link is opened directly (issue 40)", async () => {
    const { page } = session;
    await page.goto(`${origin}/`);
    await page.getByRole('link', { name: 'Choose Agency' }).click();
    await page.waitForURL(`${origin}/auth?mode=signup&account=agency`);
    const expectAgencySignUp = async () => {
      await expectOnPage(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
      await expectOnPage(page.getByLabel('Account Type')).toHaveValue('agency');
      await expectOnPage(page.getByLabel('Account Type')).toBeEnabled();
      await expectOnPage(page.getByText(messages.auth.agencyHelper)).toBeVisible();
      await expectOnPage(page.getByRole('button', { name: 'Sign Up' })).toBeVisible();
    };
    await expectAgencySignUp();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'public-02b-choose-agency-phone');
    // The prerendered page, hydrated: the same.
    await page.goto(`${origin}/auth?mode=signup&account=agency`);
    await expectAgencySignUp();
    // The person may still choose otherwise, and sign in instead.
    await page.getByLabel('Account Type').selectOption('business');
    await expectOnPage(page.getByText(messages.auth.businessHelper)).toBeVisible();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectOnPage(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  });

  it('collapses the top navigation into a menu button on a phone; Escape closes it and Features scrolls to the section', async () => {
    const { page } = session;
    await page.goto(`${origin}/about`);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expectOnPage(toggle).toBeVisible();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    const main = page.getByRole('navigation', { name: 'Main' });
    await expectOnPage(main.getByRole('link', { name: 'Pricing' })).toBeHidden();

    await toggle.click();
    expect(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    const menu = page.locator(`[id="${await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-controls')}"]`);
    const labels = await menu.getByRole('list').getByRole('link').allTextContents();
    expect(labels).toEqual(['Home', 'Features', 'About', 'Business', 'Agency', 'Pricing']); // no Profile or Admin signed out
    expect(await menu.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth');
    await shot(page, 'public-03-menu-phone');

    await page.keyboard.press('Escape');
    await expectOnPage(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
    await expectOnPage(menu).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Features' }).click();
    await page.waitForURL(`${origin}/#features`);
    await expectOnPage(page.locator('#features')).toBeInViewport();
  });
});

describe('pricing (375 px)', () => {
  it('draws /pricing from the plans in the table: a changed price shows after a reload', async () => {
    const { page } = session;
    await page.goto(`${origin}/pricing`);
    const header = page.getByRole('banner');
    const links = header.getByRole('link');
    await expectOnPage(links).toHaveCount(5);
    for (const [i, href] of ['/', '/', '/pricing', '/profile', '/auth'].entries()) await expectOnPage(links.nth(i)).toHaveAttribute('href', href);
    await expectOnPage(header.getByRole('link', { name: 'Sign In' })).toBeVisible();

    await expectOnPage(planCard(page, 'Starter')).toContainText('$1.99');
    await withPlanPrice('plan-business-starter', 249, async () => {
      await page.reload();
      await expectOnPage(planCard(page, 'Starter')).toContainText('$2.49');
      expect(await planCard(page, 'Starter').textContent()).not.toContain('$1.99');
      await shot(page, 'public-04-pricing-changed-price');
    });
    await page.reload();
    await expectOnPage(planCard(page, 'Starter')).toContainText('$1.99');

    const starter = await planCard(page, 'Starter').innerText();
    expect(starter).toMatch(/\$1\.99\s*\/user\/month/);
    expect(starter).toContain('1-20 users');
    expect(starter).toContain('For small teams getting started');
    expect(starter).toContain('QR code sharing');
    await expectOnPage(planCard(page, 'Professional').getByText('Most Popular')).toBeVisible();
    expect(await page.getByText('Most Popular').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Get Started' }).evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([
      '/auth',
      '/auth',
      '/auth',
    ]);
    // Three columns on a desktop, stacked on the phone.
    const tops = async () => Promise.all(['Starter', 'Professional', 'Enterprise'].map(async (n) => (await planCard(page, n).boundingBox())!.y));
    const phoneTops = await tops();
    expect(new Set(phoneTops).size).toBe(3);
    await page.setViewportSize(desktop);
    expect(new Set(await tops()).size).toBe(1);
    await shot(page, 'public-05-pricing-desktop');
    await page.setViewportSize(phone);
    await shot(page, 'public-06-pricing-phone');

    const volume = page.getByRole('region', { name: 'Volume Discounts' });
    expect(await volume.textContent()).toMatch(/more than 1000 users.*custom enterprise pricing/);
    await expectOnPage(volume.getByRole('button', { name: 'Contact Sales' })).toBeVisible();
  });

  it('says what billing counts: every active or inactive team member, drafts free, and no free tier (issue 27 §4)', async () => {
    const { page } = session;
    for (const path of ['/pricing', '/']) {
      await page.goto(`${origin}${path}`);
      const pricing = page.getByRole('region', { name: 'Simple, transparent pricing' });
      await expectOnPage(pricing).toContainText('Pay per active or inactive team member per month; drafts are free.');
      expect(await pricing.innerText()).not.toMatch(/start free|only pay for the cards/i);
      await page.getByRole('heading', { name: 'Simple, transparent pricing' }).scrollIntoViewIfNeeded();
      await shot(page, `public-07-pricing-copy-phone${path.replace(/\W/g, '-')}`, { fullPage: false });
    }
    // The copy is the billing rule: active and inactive employees are billed, drafts are not (spec 2 §9).
    expect(billableEmployeeCount([{ status: 'active' }, { status: 'inactive' }, { status: 'draft' }])).toBe(2);
  });

  it("reads 'Free' for the agency plan at price 0, and its price when it has one", async () => {
    const { page } = session;
    await page.goto(`${origin}/pricing`);
    const agency = planCard(page, 'Agency Partner');
    await expectOnPage(agency).toContainText('Free');
    await expectOnPage(agency.getByRole('button', { name: 'Contact Sales' })).toBeVisible();
    expect(await agency.getByRole('link', { name: 'Get Started' }).count()).toBe(0);

    await withPlanPrice('plan-agency-partner', 500, async () => {
      await page.reload();
      await expectOnPage(agency).toContainText('$5.00');
      expect(await agency.textContent()).not.toContain('Free');
    });
  });

  it('sends a sales enquiry from the dialog: field messages, Sending..., the success toast, a cleared form, the mail and the stored request', async () => {
    const { page } = session;
    await setBrowserEnquiriesThisHour(0);
    await page.goto(`${origin}/pricing`);
    const sales = new SalesDialog(page);
    await sales.open(planCard(page, 'Agency Partner').getByRole('button', { name: 'Contact Sales' }));
    const { dialog } = sales;

    await sales.send();
    for (const message of ['Company name is required', 'Contact person is required', 'Valid email is required', 'Phone is required', 'Address is required', 'City is required', 'Country is required']) {
      await expectOnPage(dialog.getByText(message)).toBeVisible();
    }
    expect(await dialog.getByLabel('Company Name').getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByLabel('Zip Code').getAttribute('aria-invalid')).toBeNull();
    await screenShot(page, 'public-07-sales-dialog-errors');

    const company = `Initech ${uniqueEmail('co').slice(3, 13)}`;
    const email = uniqueEmail('bill');
    await sales.fill({
      company,
      contactPerson: 'Bill Lumbergh',
      email,
      phone: '+1 512 555 0134',
      address: '4120 Freidrich Lane',
      city: 'Austin',
      zipCode: '78744',
      country: 'United States',
      message: 'We have 1500 employees and need TPS-report-grade cards.',
    });
    await screenShot(page, 'public-08-sales-dialog-filled');

    // Hold the request briefly so the busy state can be seen.
    await page.route('**/api/public/sales-contact', async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await sales.send();
    await expectOnPage(dialog.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    await expectOnPage(page.getByText('Message sent successfully! Our sales team will contact you soon.')).toBeVisible();
    await page.unroute('**/api/public/sales-contact');
    await expectOnPage(dialog).toBeHidden();
    await screenShot(page, 'public-09-sales-sent');

    await expect.poll(async () => (await mailbox()).some((m) => m.subject === `Sales enquiry from ${company}`), { timeout: 15_000 }).toBe(true);
    const mail = (await mailbox()).find((m) => m.subject === `Sales enquiry from ${company}`)!;
    expect(mail.body.text).toContain(email);
    expect(mail.body.text).toContain('78744');

    const db = await tables();
    const { data } = await db.salesContact.query.all({ listing: 'salesContacts' }).go({ pages: 'all' });
    expect(data.find((c) => c.companyName === company)).toMatchObject({
      contactPerson: 'Bill Lumbergh',
      email,
      city: 'Austin',
      country: 'United States',
      zipCode: '78744',
      mailStatus: 'sent',
    });

    // Opened again (from the Volume Discounts box) the form is empty.
    await sales.open();
    await expectOnPage(sales.field('Company Name')).toHaveValue('');
    await expectOnPage(sales.field('Message')).toHaveValue('');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expectOnPage(dialog).toBeHidden();
  });

  it("keeps the dialog open with what was typed, and shows the server's message, when enquiries are rate-limited", async () => {
    const { page } = session;
    const db = await tables();
    // This hour's allowance of 5 is used up (the window is the current hour, as the API computes it).
    await setBrowserEnquiriesThisHour(5);
    const before = (await db.salesContact.query.all({ listing: 'salesContacts' }).go({ pages: 'all' })).data.length;

    try {
      await page.goto(`${origin}/`);
      const sales = new SalesDialog(page);
      await sales.open();
      const { dialog } = sales;
      await sales.fill({ company: 'Too Eager Ltd', contactPerson: 'Eve Eager', email: uniqueEmail('eve'), phone: '+44 20 7946 0000', address: '1 Fast Street', city: 'London', country: 'United Kingdom' });
      await sales.send();

      await expectOnPage(page.getByText('Error sending message')).toBeVisible();
      await expectOnPage(page.getByText('Too many requests. Please wait a moment and try again.')).toBeVisible();
      await expectOnPage(dialog).toBeVisible();
      expect(await dialog.getByLabel('Company Name').inputValue()).toBe('Too Eager Ltd');
      expect(await dialog.getByRole('button', { name: 'Send Message' }).isEnabled()).toBe(true);
      await screenShot(page, 'public-10-sales-rate-limited');
      expect((await db.salesContact.query.all({ listing: 'salesContacts' }).go({ pages: 'all' })).data.length).toBe(before);
    } finally {
      await setBrowserEnquiriesThisHour(0);
    }
  });
});

describe('static pages and the 404 (375 px)', () => {
  it('tells the story on /about: mission, who we serve, why choose us, story, core values and a link to /contact', async () => {
    const { page } = session;
    await page.goto(`${origin}/`);
    await page.getByRole('contentinfo').getByRole('link', { name: 'About us' }).click();
    await page.waitForURL(`${origin}/about`);
    await expectOnPage(page.getByRole('heading', { level: 1, name: 'About CardCrew' })).toBeVisible();
    for (const heading of ['Our Mission', 'Who We Serve', 'Why Choose Us', 'Our Story', 'Our Core Values']) {
      await expectOnPage(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    const whoWeServe = page.getByRole('region', { name: 'Who We Serve' });
    await expectOnPage(whoWeServe.getByRole('heading', { name: 'Businesses' })).toBeVisible();
    await expectOnPage(whoWeServe.getByRole('heading', { name: 'Marketing agencies' })).toBeVisible();
    expect(await page.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('/contact');
    await shot(page, 'public-11-about-phone');
    await desktopShot(page, 'public-12-about-desktop');
  });

  it('shows the Terms of Service (last updated July 17, 2025; users must be 18) and the Privacy Policy (July 17, 2025)', async () => {
    const { page } = session;
    await page.goto(`${origin}/about`);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await page.waitForURL(`${origin}/terms`);
    await expectOnPage(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await expectOnPage(page.getByText('Last updated: July 17, 2025')).toBeVisible();
    expect(await page.getByRole('region', { name: 'Eligibility' }).textContent()).toContain('You must be at least 18 years old');
    await shot(page, 'public-13-terms-phone');
    await desktopShot(page, 'public-14-terms-desktop');

    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL(`${origin}/privacy`);
    await expectOnPage(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expectOnPage(page.getByText('Last updated: July 17, 2025')).toBeVisible();
    expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(5);
    await shot(page, 'public-15-privacy-phone');
    await desktopShot(page, 'public-16-privacy-desktop');
  });

  it("answers an unknown path with 'Oops! Page not found' and a way home", async () => {
    await withPage(async (page) => {
      await page.goto(`${origin}/no/such/page?x=1`);
      await expectOnPage(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
      await shot(page, 'public-17-not-found');
      await page.getByRole('link', { name: 'Return to Home' }).click();
      await page.waitForURL(`${origin}/`);
      await expectOnPage(page.getByRole('link', { name: 'Start Free Trial' })).toBeVisible();
    });
  });
});
