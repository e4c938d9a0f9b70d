// Agency Settings → Payments in a real browser: Connect with Stripe by keyboard goes to the stand-in's onboarding page;
// "Leave incomplete" comes back to the agency page with Agency Settings open at Payments showing Details needed, and
// Continue with Stripe → "Complete" shows Charges enabled. A used link comes back through the refresh URL and says
// so. The section is axe clean at desktop and on a 390 px phone, without sideways scroll.
import { afterAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage, type Page } from '@playwright/test';
import { stripeConnectMessages } from '../../shared/messages/stripe-connect';
import { agencyWithSettings } from '../support/agencies';
import { axeViolations, horizontalOverflow } from '../support/axe';
import { desktop } from '../support/browser';
import { shot, signedIn, type BrowserSession } from '../support/e2e';
import { origin, runtime, tables } from '../support/runtime';

const sessions: BrowserSession[] = [];
afterAll(async () => {
  for (const s of sessions) await s.browser.close();
});

const payments = (page: Page) => page.getByRole('dialog', { name: 'Agency Settings' }).getByRole('region', { name: 'Payments' });

async function openPayments(viewport: { width: number; height: number }) {
  const { user, agencyId } = await agencyWithSettings();
  const session = await signedIn(user, '/agency', viewport);
  sessions.push(session);
  const { page } = session;
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expectOnPage(payments(page)).toBeVisible();
  return { page, agencyId };
}

/** Presses a button (by keyboard) on the section, then one on Stripe's onboarding page; back on the agency page. */
async function throughStripe(page: Page, button: string, choice: 'Complete' | 'Leave incomplete'): Promise<string> {
  await payments(page).getByRole('button', { name: button }).focus();
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.href.startsWith(`${runtime.env.STRIPE_API_BASE}/connect/onboarding/`));
  const link = page.url();
  await page.getByRole('button', { name: choice, exact: true }).focus();
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.origin === origin && url.pathname === '/agency');
  return link;
}

describe('Payments in Agency Settings', () => {
  it('connects with Stripe by keyboard: left incomplete shows Details needed, completed shows Charges enabled', async () => {
    const { page, agencyId } = await openPayments(desktop);
    const section = payments(page);
    await expectOnPage(section.getByText('Not connected', { exact: true })).toBeVisible();
    await expectOnPage(section.getByText(stripeConnectMessages.states.not_connected.detail)).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await shot(page, 'stripe-connect-01-not-connected', { fullPage: false });
    expect(await axeViolations(page)).toEqual([]);

    await throughStripe(page, 'Connect with Stripe', 'Leave incomplete');
    // Back from Stripe: Agency Settings is open at Payments, and the parameter is gone (a reload does not repeat it).
    await expectOnPage(payments(page).getByText('Details needed', { exact: true })).toBeVisible();
    await expectOnPage(payments(page).getByText(stripeConnectMessages.states.details_needed.detail)).toBeVisible();
    await expectOnPage(page).toHaveURL(`${origin}/agency`);
    const stored = (await (await tables()).agency.get({ agencyId }).go({ consistent: true })).data;
    expect(stored).toMatchObject({ stripeAccountId: expect.stringMatching(/^acct_/), connectState: 'details_needed', connectRequirementsDue: 3 });
    await shot(page, 'stripe-connect-02-details-needed', { fullPage: false });
    expect(await axeViolations(page)).toEqual([]);

    await throughStripe(page, 'Continue with Stripe', 'Complete');
    await expectOnPage(payments(page).getByText('Charges enabled', { exact: true })).toBeVisible();
    await expectOnPage(payments(page).getByText(stripeConnectMessages.states.charges_enabled.detail)).toBeVisible();
    await expectOnPage(payments(page).getByRole('button', { name: /with Stripe/ })).toHaveCount(0);
    expect((await (await tables()).agency.get({ agencyId }).go({ consistent: true })).data).toMatchObject({ stripeAccountId: stored!.stripeAccountId, connectState: 'charges_enabled', connectRequirementsDue: 0 });
    await shot(page, 'stripe-connect-03-charges-enabled', { fullPage: false });
    expect(await axeViolations(page)).toEqual([]);
  });

  it('says a used link expired (the refresh URL) and fits a 390 px phone without sideways scroll', async () => {
    const { page } = await openPayments({ width: 390, height: 844 });
    const link = await throughStripe(page, 'Connect with Stripe', 'Leave incomplete');
    await expectOnPage(payments(page).getByText('Details needed', { exact: true })).toBeVisible();
    // Stripe sends a used link to the refresh URL.
    await page.goto(link);
    await page.waitForURL((url) => url.origin === origin && url.pathname === '/agency');
    await expectOnPage(payments(page).getByText(stripeConnectMessages.linkExpired)).toBeVisible();
    await expectOnPage(payments(page).getByRole('button', { name: 'Continue with Stripe' })).toBeVisible();
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'stripe-connect-04-phone-link-expired', { fullPage: false });
  });
});
