// Frame before data (issue 25 §1): each signed-in page draws its layout, headings and largest text while its first
// data call is still under way (the test holds that call on the user's second visit), marks the loading region
// aria-busy, is axe clean and fits a 390 px phone in that state — and nothing moves when the data arrives (no layout
// shift: the heading stays where it was drawn, and the page's cumulative layout shift stays 0). The names the first
// visit drew (a business's, the employee's own) are in the frame already; after sign-out they are gone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage } from '@playwright/test';
import type { Browser, BrowserContext, Locator, Page, Route } from 'playwright-core';
import { axeViolations, horizontalOverflow } from '../support/axe';
import { launchBrowser } from '../support/browser';
import { shot } from '../support/e2e';
import { origin } from '../support/runtime';
import { userAgents } from '../support/user-agents';

const viewport = { width: 390, height: 844 };

interface FramedPage {
  name: string;
  email: string;
  password: string;
  path: string;
  /** The data call the test holds back. */
  call: RegExp;
  /** The page's largest text, drawn in the frame. */
  heading: string;
  /** What the frame shows beside it. */
  alsoDrawn: string[];
  /** The heading the frame draws from the name the last visit kept. */
  kept?: { name: string; level: number };
  /** A figure the frame draws as the last visit did (its tile's title, and the figure's pattern). */
  keptFigure?: { tile: string; figure: RegExp };
  /** Seen only once the data is there. */
  loaded: (page: Page) => Locator;
}

const pages: FramedPage[] = [
  {
    name: 'business',
    email: 'owner@acme.example',
    password: 'Demo1234!',
    path: '/business',
    call: /\/api\/businesses\/[^/]+\/dashboard/,
    heading: 'Employee Cards',
    alsoDrawn: ['Total Employees', 'Monthly Cost'],
    kept: { name: 'Acme Studio', level: 1 },
    keptFigure: { tile: 'Monthly Cost', figure: /^\$\d[\d,]*\.\d\d$/ },
    loaded: (page) => page.getByRole('tab', { name: /^All Cards \(\d+\)$/ }),
  },
  {
    name: 'agency',
    email: 'agency@bright.example',
    password: 'Demo1234!',
    path: '/agency',
    call: /\/api\/agency$/,
    heading: 'Managed Client Businesses',
    alsoDrawn: ['Active Clients', 'Net Profit'],
    loaded: (page) => page.getByRole('heading', { name: 'Bright Agency', level: 1 }),
  },
  {
    name: 'manage-view',
    email: 'agency@bright.example',
    password: 'Demo1234!',
    path: '/business/demo-business-northwind',
    call: /\/api\/businesses\/demo-business-northwind\/dashboard/,
    heading: 'Employee Cards',
    alsoDrawn: ['Total Employees', 'Active Cards'],
    kept: { name: 'Northwind Bakery', level: 1 },
    loaded: (page) => page.getByRole('tab', { name: /^All Cards \(\d+\)$/ }),
  },
  {
    name: 'employee-portal',
    email: 'jane@acme.example',
    password: 'Demo1234!',
    path: '/employee-portal',
    call: /\/api\/me\/employee$/,
    heading: 'Welcome back',
    alsoDrawn: [],
    kept: { name: 'Welcome back, Jane Cooper!', level: 1 },
    loaded: (page) => page.getByRole('heading', { name: 'Your Profile' }),
  },
  {
    name: 'admin-dashboard',
    email: 'admin@cardcrew.local',
    password: 'Admin1234!',
    path: '/admin?tab=dashboard',
    call: /\/api\/admin\/dashboard$/,
    heading: 'Platform Overview',
    alsoDrawn: ['Businesses', 'Paid This Month', 'Invoiced vs paid, last 6 months'],
    loaded: (page) => page.getByText('Show as table'),
  },
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A context where the user has signed in once (the session and /api/me are kept, as on a returning visit). */
async function signedInContext(email: string, password: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, userAgent: userAgents.phone });
  // Every layout shift of the page's life, as Lighthouse sums them (shifts right after input excluded).
  await context.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!entry.hadRecentInput) w.__cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const page = await context.newPage();
  await page.goto(`${origin}/auth`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/auth' && url.pathname !== '/');
  await page.close();
  return context;
}

describe('signed-in pages draw their frame before their data (390 px phone)', () => {
  it.each(pages)('$name: the frame, then the data without a layout shift', async (framed) => {
    const context = await signedInContext(framed.email, framed.password);
    try {
      // A first visit, as far as the data.
      const first = await context.newPage();
      await first.goto(`${origin}${framed.path}`);
      await expectOnPage(framed.loaded(first)).toBeVisible();
      await first.close();

      const page = await context.newPage();
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let held = 0;
      await page.route(framed.call, async (route: Route) => {
        held++;
        await released;
        await route.continue();
      });
      await page.goto(`${origin}${framed.path}`);
      // The HTML draws a frame before any script has run (the next describe); here the app's own, with the call held.
      await expect.poll(() => held, { message: 'the data call was sent and is held', timeout: 15_000 }).toBeGreaterThan(0);

      // The frame, with the call held: the largest text, the tiles' titles, the loading region marked busy.
      const heading = page.getByRole('heading', { name: framed.heading }).first();
      await expectOnPage(heading).toBeVisible();
      for (const title of framed.alsoDrawn) await expectOnPage(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
      if (framed.kept) await expectOnPage(page.getByRole('heading', { name: framed.kept.name, level: framed.kept.level, exact: true })).toBeVisible();
      if (framed.keptFigure) {
        const tile = page.getByRole('heading', { name: framed.keptFigure.tile, exact: true }).locator('..');
        await expectOnPage(tile.getByText(framed.keptFigure.figure)).toBeVisible();
      }
      await expectOnPage(page.locator('[aria-busy="true"]')).toHaveCount(1);
      await expectOnPage(page.getByRole('status')).toHaveCount(1);
      await expectOnPage(framed.loaded(page), 'nothing of the data before its call answered').toHaveCount(0);
      expect(await axeViolations(page)).toEqual([]);
      expect(await horizontalOverflow(page)).toBe(0);
      await shot(page, `page-frame-${framed.name}-1-frame`);
      const before = await heading.boundingBox();

      // The data: the same heading in the same place, no longer busy, no layout shift on the way.
      release();
      await expectOnPage(framed.loaded(page)).toBeVisible();
      await expectOnPage(page.locator('main[aria-busy="true"], section[aria-busy="true"]')).toHaveCount(0);
      await page.waitForTimeout(500);
      await shot(page, `page-frame-${framed.name}-2-loaded`);
      const after = await page.getByRole('heading', { name: framed.heading }).first().boundingBox();
      expect(after?.y).toBe(before?.y);
      expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBe(0);
      expect(await axeViolations(page)).toEqual([]);

      // Signed out, nothing of the names is left in the browser.
      if (framed.kept) {
        const signOut = page.getByRole('button', { name: 'Sign Out' }).first();
        await signOut.click();
        await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/auth');
        expect(await page.evaluate(() => localStorage.getItem('cardcrew.labels'))).toBeNull();
      }
    } finally {
      await context.close();
    }
  });
});

describe('the frame is in the HTML (shared/public-pages.ts framedPages), drawn before any script runs', () => {
  const framedHtml = [
    { path: '/business', heading: 'Employee Cards' },
    { path: '/business/demo-business-northwind', heading: 'Employee Cards' },
    { path: '/agency', heading: 'Managed Client Businesses' },
    { path: '/employee-portal', heading: 'Welcome back' },
    // The admin portal: the open tab's own frame (its heading, the page's largest text), selected in the tab list.
    { path: '/admin', heading: 'Platform Overview', tab: 'Dashboard' },
    { path: '/admin?tab=businesses', heading: 'Business & Agency Management', tab: 'Businesses' },
    { path: '/admin?tab=billing', heading: 'Billing & Invoices', tab: 'Billing' },
    { path: '/admin?tab=plans', heading: 'Pricing Plans Management', tab: 'Plans' },
    { path: '/admin?tab=users', heading: 'Admin User Management', tab: 'Users' },
    { path: '/admin?tab=sso-domains', heading: 'SSO Domain Claims', tab: 'SSO domains' },
  ];

  it.each(framedHtml)('$path: its frame before the scripts, the same for everyone, axe clean at 390 px', async ({ path, heading, tab }: { path: string; heading: string; tab?: string }) => {
    const context = await browser.newContext({ viewport, userAgent: userAgents.phone });
    try {
      const page = await context.newPage();
      // The HTML as it paints before its code has run: the page's scripts are held off (axe still runs in the page).
      await page.route('**/assets/*.js', (route: Route) => route.abort());
      const response = await page.goto(`${origin}${path}`);
      expect(response?.headers()['cache-control']).toBe('no-cache');
      await expectOnPage(page.getByRole('heading', { name: heading }).first()).toBeVisible();
      await expectOnPage(page.locator('#root[data-frame]')).toHaveCount(1);
      if (tab) await expectOnPage(page.getByRole('tab', { name: tab, selected: true })).toBeVisible();
      // Nothing personal: no business's, employee's or agency's name (the app draws the kept ones over it).
      const html = (await response?.text()) ?? '';
      for (const name of ['Acme', 'Northwind', 'Bright', 'Jane']) expect(html).not.toContain(name);
      expect(await axeViolations(page)).toEqual([]);
      expect(await horizontalOverflow(page)).toBe(0);
      await shot(page, `page-frame-html${path.replace(/[/?=]+/g, '-')}`);
    } finally {
      await context.close();
    }
  });

  it('a returning user’s page draws the kept name and asks for its data before /config.json has answered', async () => {
    const context = await signedInContext('agency@bright.example', 'Demo1234!');
    try {
      const first = await context.newPage();
      await first.goto(`${origin}/business/demo-business-northwind`);
      await expectOnPage(first.getByRole('tab', { name: /^All Cards \(\d+\)$/ })).toBeVisible();
      await first.close();

      const page = await context.newPage();
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/config.json', async (route: Route) => {
        await released;
        await route.continue();
      });
      const dataAsked = page.waitForRequest(/\/api\/businesses\/demo-business-northwind\/dashboard/);
      await page.goto(`${origin}/business/demo-business-northwind`);
      await expectOnPage(page.getByRole('heading', { name: 'Northwind Bakery', level: 1, exact: true })).toBeVisible();
      await dataAsked;
      await expectOnPage(page.getByRole('tab', { name: /^All Cards \(\d+\)$/ })).toBeVisible();
      release();
      // The configuration read again is the same: the page stays (a deploy that changed it would load the page again).
      await page.waitForTimeout(500);
      expect(page.url()).toBe(`${origin}/business/demo-business-northwind`);
      expect(JSON.parse((await page.evaluate(() => localStorage.getItem('cardcrew.config'))) ?? 'null')).toMatchObject({ userPoolClientId: expect.any(String), local: true });
    } finally {
      await context.close();
    }
  });
});

describe('a returning user’s kept name is in the frame before the app’s code runs (web/kept-labels.js)', () => {
  const returning = [
    // The Manage view's figures are kept too (its Monthly Cost is the LCP at scale): filled from the HTML as the name is.
    { email: 'agency@bright.example', path: '/business/demo-business-northwind', name: 'Northwind Bakery', loaded: /^All Cards \(\d+\)$/, figures: { 'Total Employees': /^\d[\d,]*$/, 'Monthly Cost': /^\$\d[\d,]*\.\d\d$/ } },
    { email: 'jane@acme.example', path: '/employee-portal', name: 'Welcome back, Jane Cooper!', loaded: /^Your Profile$/, figures: {} },
  ];

  it('admin Billing: the runs’ sentence the last visit drew, with the app’s modules held off', async () => {
    const context = await signedInContext('admin@cardcrew.local', 'Admin1234!');
    try {
      const first = await context.newPage();
      await first.goto(`${origin}/admin?tab=billing`);
      await expectOnPage(first.getByLabel('Search invoices'), 'the runs have answered').toBeVisible();
      const runs = first.getByRole('heading', { name: 'Billing runs' }).locator('..');
      const sentence = (await runs.locator('p.text-sm').first().textContent())!;
      expect(sentence).toMatch(/^(No billing runs yet\.|.+ for .+)/);
      // Kept for the same admin, as drawn.
      const kept = await first.evaluate(() => JSON.parse(localStorage.getItem('cardcrew.labels') ?? 'null') as { labels: Record<string, string> });
      expect(kept.labels['admin:billing-runs']).toBe(sentence);
      await first.close();

      const page = await context.newPage();
      await page.route('**/assets/*.js', (route: Route) => (route.request().url().includes('/assets/kept-labels-') ? route.continue() : route.abort()));
      await page.goto(`${origin}/admin?tab=billing`);
      await expectOnPage(page.getByRole('heading', { name: 'Billing runs' }).locator('..').getByText(sentence, { exact: true })).toBeVisible();
      await expectOnPage(page.locator('[data-kept-placeholder]:visible')).toHaveCount(0);
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each(returning)('$path: the kept name with the app’s modules held off, and none after sign-out', async ({ email, path, name, loaded, figures }) => {
    const context = await signedInContext(email, 'Demo1234!');
    try {
      const first = await context.newPage();
      await first.goto(`${origin}${path}`);
      await expectOnPage(first.getByRole(path === '/employee-portal' ? 'heading' : 'tab', { name: loaded })).toBeVisible();
      await first.close();

      // Only the HTML and its kept-labels script: the app's modules never run.
      const page = await context.newPage();
      await page.route('**/assets/*.js', (route: Route) => (route.request().url().includes('/assets/kept-labels-') ? route.continue() : route.abort()));
      await page.goto(`${origin}${path}`);
      await expectOnPage(page.getByRole('heading', { name, level: 1, exact: true })).toBeVisible();
      await expectOnPage(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expectOnPage(page.locator('[data-kept-placeholder]:visible')).toHaveCount(0);
      for (const [tile, figure] of Object.entries(figures)) {
        await expectOnPage(page.getByRole('heading', { name: tile, exact: true }).locator('..').getByText(figure)).toBeVisible();
      }
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, `page-frame-kept${path.replace(/[/]+/g, '-')}`);

      // Another user's kept session: the names are not theirs, so the placeholders stay.
      await page.evaluate(() => {
        const session = JSON.parse(localStorage.getItem('cardcrew.session') ?? 'null') as { me: { userId: string } };
        session.me.userId = 'someone-else';
        localStorage.setItem('cardcrew.session', JSON.stringify(session));
      });
      await page.reload();
      await expectOnPage(page.getByRole('heading', { name, level: 1, exact: true })).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
});
