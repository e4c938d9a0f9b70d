// axe-core on every public page, the sign-in and sign-up forms, the sales dialog, the 404, business onboarding
// and the business dashboard, at 1280 px and 375 px: no serious or critical violations, and nothing scrolls
// sideways on the phone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage } from '@playwright/test';
import type { BrowserContext, Page } from 'playwright-core';
import { axeViolations } from '../support/axe';
import { desktop, phone } from '../support/browser';
import { openBrowser, type BrowserSession } from '../support/e2e';
import { createUser, origin, type TestUser } from '../support/runtime';

let session: BrowserSession;
let newcomer: TestUser;

beforeAll(async () => {
  session = await openBrowser(desktop);
  newcomer = await createUser(); // confirmed, no business yet: sees the onboarding form
});
afterAll(async () => {
  await session?.browser.close();
});

interface Check {
  name: string;
  path: string;
  /** Brings the page to the state under test once it has loaded. */
  ready: (page: Page) => Promise<unknown>;
}

const heading = (name: string | RegExp, level?: number) => async (page: Page) =>
  expectOnPage(page.getByRole('heading', { name, level }).first()).toBeVisible({ timeout: 10_000 });

const publicPages: Check[] = [
  {
    name: 'landing page',
    path: '/',
    ready: async (page) => {
      await heading(/Create, manage and share/, 1)(page);
      await expectOnPage(page.getByRole('heading', { name: 'Professional' })).toBeVisible();
    },
  },
  { name: 'pricing page', path: '/pricing', ready: heading('Professional') },
  {
    name: 'sales dialog with field messages',
    path: '/pricing',
    ready: async (page) => {
      await page.getByRole('button', { name: 'Contact Sales' }).last().click();
      await page.getByRole('dialog').getByRole('button', { name: 'Send Message' }).click();
      await expectOnPage(page.getByText('Company name is required')).toBeVisible();
    },
  },
  { name: 'sign-in form', path: '/auth', ready: heading('Sign in to CardCrew') },
  {
    name: 'sign-up form',
    path: '/auth',
    ready: async (page) => {
      await page.getByRole('button', { name: 'Sign up' }).click();
      await heading('Create your account')(page);
      await page.getByLabel('Account Type').selectOption('agency');
    },
  },
  {
    name: 'forgot-password form',
    path: '/auth',
    ready: async (page) => {
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      await heading('Reset your password')(page);
    },
  },
  { name: 'about page', path: '/about', ready: heading('About CardCrew', 1) },
  { name: 'terms page', path: '/terms', ready: heading('Terms of Service', 1) },
  { name: 'privacy page', path: '/privacy', ready: heading('Privacy Policy', 1) },
  { name: '404 page', path: '/no-such-page', ready: heading('Oops! Page not found') },
];

const ownerPages: Check[] = [
  { name: 'business dashboard (seeded owner)', path: '/business', ready: heading('Acme Studio') },
  // The seeded owner already has a business, so onboarding sends them on to their dashboard.
  { name: 'business onboarding (seeded owner)', path: '/business-onboarding', ready: heading('Acme Studio') },
];

const newcomerPages: Check[] = [{ name: 'business onboarding form (new user)', path: '/business-onboarding', ready: (page) => page.getByLabel(/Company Name/).waitFor() }];

async function signedInContext(email: string, password: string): Promise<BrowserContext> {
  const context = await session.browser.newContext({ viewport: desktop });
  const page = await context.newPage();
  await page.goto(`${origin}/auth`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/auth' && url.pathname !== '/');
  await page.close();
  return context;
}

async function audit(context: BrowserContext, check: Check, viewport: { width: number; height: number }) {
  const page = await context.newPage();
  try {
    await page.setViewportSize(viewport);
    await page.goto(`${origin}${check.path}`);
    await check.ready(page);
    expect(await axeViolations(page), `${check.name} at ${viewport.width} px`).toEqual([]);
    if (viewport.width === phone.width) {
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${check.name} scrolls sideways`).toBeLessThanOrEqual(phone.width);
    }
  } finally {
    await page.close();
  }
}

describe.each([
  { label: '1280 px', viewport: desktop },
  { label: '375 px', viewport: phone },
])('accessibility at $label', ({ viewport }) => {
  it.each(publicPages)('$name ($path) has no serious or critical axe violations', async (check) => {
    const context = await session.browser.newContext({ viewport });
    try {
      await audit(context, check, viewport);
    } finally {
      await context.close();
    }
  });

  it('the phone menu, opened, has no serious or critical axe violations', async () => {
    const context = await session.browser.newContext({ viewport });
    try {
      const page = await context.newPage();
      await page.goto(`${origin}/about`);
      await heading('About CardCrew', 1)(page);
      const toggle = page.getByRole('button', { name: 'Open menu' });
      if (await toggle.isVisible()) await toggle.click();
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each(ownerPages)('$name has no serious or critical axe violations', async (check) => {
    const context = await signedInContext('owner@acme.example', 'Demo1234!');
    try {
      await audit(context, check, viewport);
    } finally {
      await context.close();
    }
  });

  it.each(newcomerPages)('$name has no serious or critical axe violations', async (check) => {
    const context = await signedInContext(newcomer.email, newcomer.password);
    try {
      await audit(context, check, viewport);
    } finally {
      await context.close();
    }
  });
});
