// The public site in a real browser on a 375 px phone (desktop screenshots too): the landing page, the top
// navigation's phone menu, pricing drawn from the plans in the table, the sales dialog (mailed and stored, and
// refused when rate-limited), the static pages and the 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { desktop, phone } from '../support/browser';
import { join } from 'node:path';
import { artifactsDir, openBrowser, shot, type BrowserSession } from '../support/e2e';
import { mailbox, origin, tables, uniqueEmail } from '../support/runtime';

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

/** What is on screen (a full-page capture misplaces a fixed dialog), once a toast has slid in. */
async function screenShot(page: Page, name: string) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(artifactsDir, `${name}.png`) });
}

const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search + url.hash;
};

/** Forgets the sales-contact counters so this file's enquiries start with a full allowance. */
async function resetSalesContactLimit() {
  const db = await tables();
  const { data } = await db.rateLimit.scan.go({ pages: 'all' });
  for (const item of data.filter((i) => i.key.startsWith('sales-contact#'))) await db.rateLimit.delete({ key: item.key, window: item.window }).go();
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
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/Create, manage and share virtual business cards/);
    expect(await page.getByRole('link', { name: 'Start Free Trial' }).getAttribute('href')).toBe('/auth');
    expect(await page.getByRole('link', { name: 'Welcome Back!' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Choose Business' }).getAttribute('href')).toBe('/auth');
    expect(await page.getByRole('link', { name: 'Choose Agency' }).getAttribute('href')).toBe('/auth');

    const features = page.locator('section#features');
    for (const feature of ['QR Code Sharing', 'Custom Branding', 'Team Management']) {
      expect(await features.getByRole('heading', { name: feature }).isVisible()).toBe(true);
    }
    await expect.poll(() => planCard(page, 'Professional').isVisible()).toBe(true);

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

  it('collapses the top navigation into a menu button on a phone; Escape closes it and Features scrolls to the section', async () => {
    const { page } = session;
    await page.goto(`${origin}/about`);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect.poll(() => toggle.isVisible()).toBe(true);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    const main = page.getByRole('navigation', { name: 'Main' });
    expect(await main.getByRole('link', { name: 'Pricing' }).isVisible()).toBe(false);

    await toggle.click();
    expect(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    const menu = page.locator(`[id="${await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-controls')}"]`);
    const labels = await menu.getByRole('list').getByRole('link').allTextContents();
    expect(labels).toEqual(['Home', 'Features', 'About', 'Business', 'Agency', 'Pricing']); // no Profile or Admin signed out
    expect(await menu.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth');
    await shot(page, 'public-03-menu-phone');

    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('button', { name: 'Open menu' }).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await menu.isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Features' }).click();
    await page.waitForURL(`${origin}/#features`);
    await expect.poll(() => page.locator('#features').evaluate((el) => Math.abs(el.getBoundingClientRect().top) < 120)).toBe(true);
  });
});

describe('pricing (375 px)', () => {
  it('draws /pricing from the plans in the table: a changed price shows after a reload', async () => {
    const { page } = session;
    await page.goto(`${origin}/pricing`);
    const header = page.getByRole('banner');
    await expect
      .poll(() => header.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href'))))
      .toEqual(['/', '/', '/pricing', '/profile', '/auth']);
    expect(await header.getByRole('link', { name: 'Sign In' }).isVisible()).toBe(true);

    await expect.poll(() => planCard(page, 'Starter').textContent()).toContain('$1.99');
    await withPlanPrice('plan-business-starter', 249, async () => {
      await page.reload();
      await expect.poll(() => planCard(page, 'Starter').textContent()).toContain('$2.49');
      expect(await planCard(page, 'Starter').textContent()).not.toContain('$1.99');
      await shot(page, 'public-04-pricing-changed-price');
    });
    await page.reload();
    await expect.poll(() => planCard(page, 'Starter').textContent()).toContain('$1.99');

    const starter = await planCard(page, 'Starter').innerText();
    expect(starter).toMatch(/\$1\.99\s*\/user\/month/);
    expect(starter).toContain('1-20 users');
    expect(starter).toContain('For small teams getting started');
    expect(starter).toContain('QR code sharing');
    expect(await planCard(page, 'Professional').getByText('Most Popular').isVisible()).toBe(true);
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
    expect(await volume.getByRole('button', { name: 'Contact Sales' }).isVisible()).toBe(true);
  });

  it("reads 'Free' for the agency plan at price 0, and its price when it has one", async () => {
    const { page } = session;
    await page.goto(`${origin}/pricing`);
    const agency = planCard(page, 'Agency Partner');
    await expect.poll(() => agency.textContent()).toContain('Free');
    expect(await agency.getByRole('button', { name: 'Contact Sales' }).isVisible()).toBe(true);
    expect(await agency.getByRole('link', { name: 'Get Started' }).count()).toBe(0);

    await withPlanPrice('plan-agency-partner', 500, async () => {
      await page.reload();
      await expect.poll(() => agency.textContent()).toContain('$5.00');
      expect(await agency.textContent()).not.toContain('Free');
    });
  });

  it('sends a sales enquiry from the dialog: field messages, Sending..., the success toast, a cleared form, the mail and the stored request', async () => {
    const { page } = session;
    await resetSalesContactLimit();
    await page.goto(`${origin}/pricing`);
    await planCard(page, 'Agency Partner').getByRole('button', { name: 'Contact Sales' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact Our Sales Team' });
    await expect.poll(() => dialog.isVisible()).toBe(true);

    await dialog.getByRole('button', { name: 'Send Message' }).click();
    for (const message of ['Company name is required', 'Contact person is required', 'Valid email is required', 'Phone is required', 'Address is required', 'City is required', 'Country is required']) {
      await expect.poll(() => dialog.getByText(message).isVisible()).toBe(true);
    }
    expect(await dialog.getByLabel('Company Name').getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByLabel('Zip Code').getAttribute('aria-invalid')).toBeNull();
    await screenShot(page, 'public-07-sales-dialog-errors');

    const company = `Initech ${uniqueEmail('co').slice(3, 13)}`;
    const email = uniqueEmail('bill');
    await dialog.getByLabel('Company Name').fill(company);
    await dialog.getByLabel('Contact Person').fill('Bill Lumbergh');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Phone').fill('+1 512 555 0134');
    await dialog.getByLabel('Address').fill('4120 Freidrich Lane');
    await dialog.getByLabel('City').fill('Austin');
    await dialog.getByLabel('Zip Code').fill('78744');
    await dialog.getByLabel('Country').fill('United States');
    await dialog.getByLabel('Message').fill('We have 1500 employees and need TPS-report-grade cards.');
    await screenShot(page, 'public-08-sales-dialog-filled');

    // Hold the request briefly so the busy state can be seen.
    await page.route('**/api/public/sales-contact', async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => dialog.getByRole('button', { name: 'Sending...' }).isDisabled()).toBe(true);
    await expect.poll(() => page.getByText('Message sent successfully! Our sales team will contact you soon.').isVisible()).toBe(true);
    await page.unroute('**/api/public/sales-contact');
    expect(await dialog.isVisible()).toBe(false);
    await screenShot(page, 'public-09-sales-sent');

    await expect.poll(async () => (await mailbox()).some((m) => m.subject === `Sales enquiry from ${company}`)).toBe(true);
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
    await page.getByRole('button', { name: 'Contact Sales' }).last().click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel('Company Name').inputValue()).toBe('');
    expect(await dialog.getByLabel('Message').inputValue()).toBe('');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await dialog.isVisible()).toBe(false);
  });

  it("keeps the dialog open with what was typed, and shows the server's message, when enquiries are rate-limited", async () => {
    const { page } = session;
    const db = await tables();
    const { data } = await db.rateLimit.scan.go({ pages: 'all' });
    const counter = data.find((i) => i.key.startsWith('sales-contact#'));
    expect(counter, 'the previous test left a counter for this client').toBeDefined();
    // Use up this hour's allowance of 5 (the window is the current hour, as the API computes it).
    const windowStart = Math.floor(Date.now() / 1000 / 3600) * 3600;
    await db.rateLimit.put({ key: counter!.key, window: String(windowStart), count: 5, expiresAt: windowStart + 7200 }).go();
    const before = (await db.salesContact.query.all({ listing: 'salesContacts' }).go({ pages: 'all' })).data.length;

    try {
      await page.goto(`${origin}/`);
      await page.getByRole('button', { name: 'Contact Sales' }).last().click();
      const dialog = page.getByRole('dialog', { name: 'Contact Our Sales Team' });
      await dialog.getByLabel('Company Name').fill('Too Eager Ltd');
      await dialog.getByLabel('Contact Person').fill('Eve Eager');
      await dialog.getByLabel('Email').fill(uniqueEmail('eve'));
      await dialog.getByLabel('Phone').fill('+44 20 7946 0000');
      await dialog.getByLabel('Address').fill('1 Fast Street');
      await dialog.getByLabel('City').fill('London');
      await dialog.getByLabel('Country').fill('United Kingdom');
      await dialog.getByRole('button', { name: 'Send Message' }).click();

      await expect.poll(() => page.getByText('Error sending message').isVisible()).toBe(true);
      expect(await page.getByText('Too many requests. Please wait a moment and try again.').isVisible()).toBe(true);
      expect(await dialog.isVisible()).toBe(true);
      expect(await dialog.getByLabel('Company Name').inputValue()).toBe('Too Eager Ltd');
      expect(await dialog.getByRole('button', { name: 'Send Message' }).isEnabled()).toBe(true);
      await screenShot(page, 'public-10-sales-rate-limited');
      expect((await db.salesContact.query.all({ listing: 'salesContacts' }).go({ pages: 'all' })).data.length).toBe(before);
    } finally {
      await resetSalesContactLimit();
    }
  });
});

describe('static pages and the 404 (375 px)', () => {
  it('tells the story on /about: mission, who we serve, why choose us, story, core values and a link to /contact', async () => {
    const { page } = session;
    await page.goto(`${origin}/`);
    await page.getByRole('contentinfo').getByRole('link', { name: 'About us' }).click();
    await page.waitForURL(`${origin}/about`);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'About CardCrew' }).isVisible()).toBe(true);
    for (const heading of ['Our Mission', 'Who We Serve', 'Why Choose Us', 'Our Story', 'Our Core Values']) {
      expect(await page.getByRole('heading', { level: 2, name: heading }).isVisible(), heading).toBe(true);
    }
    const whoWeServe = page.getByRole('region', { name: 'Who We Serve' });
    expect(await whoWeServe.getByRole('heading', { name: 'Businesses' }).isVisible()).toBe(true);
    expect(await whoWeServe.getByRole('heading', { name: 'Marketing agencies' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('/contact');
    await shot(page, 'public-11-about-phone');
    await desktopShot(page, 'public-12-about-desktop');
  });

  it('shows the Terms of Service (last updated July 17, 2025; users must be 18) and the Privacy Policy (July 17, 2025)', async () => {
    const { page } = session;
    await page.goto(`${origin}/about`);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await page.waitForURL(`${origin}/terms`);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Terms of Service' }).isVisible()).toBe(true);
    expect(await page.getByText('Last updated: July 17, 2025').isVisible()).toBe(true);
    expect(await page.getByRole('region', { name: 'Eligibility' }).textContent()).toContain('You must be at least 18 years old');
    await shot(page, 'public-13-terms-phone');
    await desktopShot(page, 'public-14-terms-desktop');

    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL(`${origin}/privacy`);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).isVisible()).toBe(true);
    expect(await page.getByText('Last updated: July 17, 2025').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(5);
    await shot(page, 'public-15-privacy-phone');
    await desktopShot(page, 'public-16-privacy-desktop');
  });

  it("answers an unknown path with 'Oops! Page not found' and a way home", async () => {
    await withPage(async (page) => {
      await page.goto(`${origin}/no/such/page?x=1`);
      await expect.poll(() => page.getByRole('heading', { name: 'Oops! Page not found' }).isVisible()).toBe(true);
      await shot(page, 'public-17-not-found');
      await page.getByRole('link', { name: 'Return to Home' }).click();
      await page.waitForURL(`${origin}/`);
      await expect.poll(() => page.getByRole('link', { name: 'Start Free Trial' }).isVisible()).toBe(true);
    });
  });
});
