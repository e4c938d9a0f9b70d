// The employee portal in a real browser (spec 1 §2, issue 8 §7): an employee linked to their profile signs in, sees
// 'Welcome back', their profile and card in the business's colours, edits their profile, opens Google Wallet's save
// page (the local stand-in), and every card state: QR, no QR yet (generate), no card; a user without a profile.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage } from '@playwright/test';
import type { Page } from 'playwright-core';
import { messages } from '../../shared/messages';
import { onboardingMessages } from '../../shared/messages/onboarding';
import { portalMessages } from '../../shared/messages/portal';
import { axeViolations, horizontalOverflow } from '../support/axe';
import { desktop, phone } from '../support/browser';
import { openBrowser, shot, type BrowserSession } from '../support/e2e';
import { addEmployee, api, createOwnerWithBusiness, createUser, origin, tables, type TestUser } from '../support/runtime';
import { AuthPage } from './pages/auth-page';

let session: BrowserSession;
let owner: Awaited<ReturnType<typeof createOwnerWithBusiness>>;

/** A user linked to a new employee of the business, as accepting an invitation links one. */
async function linkedEmployee(overrides: Record<string, unknown> = {}): Promise<{ user: TestUser; employee: Awaited<ReturnType<typeof addEmployee>> }> {
  const employee = await addEmployee(owner.owner, owner.business.id, { status: 'active', ...overrides });
  const user = await createUser();
  const db = await tables();
  await db.membership.create({ userId: user.sub, scopeType: 'business', scopeId: owner.business.id, role: 'employee', employeeId: employee.id }).go();
  await db.profile.create({ userId: user.sub, email: user.email, displayName: String(overrides.name ?? 'Erin'), accountType: 'employee' }).go();
  await db.employee.patch({ employeeId: employee.id }).set({ userId: user.sub }).go();
  return { user, employee };
}

async function signInToPortal(page: Page, user: TestUser) {
  await page.context().clearCookies();
  await page.goto(`${origin}/`);
  await page.evaluate(() => localStorage.clear());
  const auth = new AuthPage(page);
  await auth.goto('/employee-portal');
  await auth.signIn(user.email, user.password);
  await page.waitForURL(`${origin}/employee-portal`);
}

beforeAll(async () => {
  owner = await createOwnerWithBusiness({ name: 'Portal Works' });
  const db = await tables();
  await db.business.patch({ businessId: owner.business.id }).set({ primaryColor: '#0F766E', secondaryColor: '#115E59', accentColor: '#F59E0B' }).go();
  // The department an employee picks on their profile (Company Settings adds them).
  expect((await api('POST', `/api/businesses/${owner.business.id}/departments`, { user: owner.owner, body: { name: 'Input' } })).status).toBe(201);
  session = await openBrowser(desktop);
});
afterAll(async () => {
  await session?.browser.close();
});

describe('employee portal', () => {
  it('shows the linked employee their profile and active card with its QR code, in the business colours', async () => {
    const { page } = session;
    const { user } = await linkedEmployee({ name: 'Erin Portal', jobTitle: 'Designer' });
    await signInToPortal(page, user);

    await expectOnPage(page.getByRole('heading', { level: 1, name: 'Welcome back, Erin Portal!' })).toBeVisible();
    await expectOnPage(page.getByText('Portal Works').first()).toBeVisible();
    await expectOnPage(page.getByText('Employee Portal', { exact: true })).toBeVisible();
    await expectOnPage(page.getByText('Your digital business card is active')).toBeVisible();
    await expectOnPage(page.getByRole('img', { name: /QR code for Erin Portal/ })).toBeVisible();
    await expectOnPage(page.getByText('0 scans')).toBeVisible();
    await expectOnPage(page.getByRole('link', { name: 'Business Portal' })).toHaveCount(0);
    // The business's primary colour is the theme.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--primary').trim())).not.toBe('');
    // The 'Successfully signed in' toast is on screen: audited too.
    await expectOnPage(page.getByText(messages.auth.signedIn)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    // The card's four buttons wrap inside its half of the page at 1280 px (they once ran 180 px past it).
    expect(await horizontalOverflow(page)).toBe(0);
    await shot(page, 'portal-01-desktop');

    await page.setViewportSize(phone);
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await shot(page, 'portal-02-phone');
    await page.setViewportSize(desktop);
  });

  it('saves an edited profile, by keyboard, and the public card shows it', async () => {
    const { page } = session;
    const { user, employee } = await linkedEmployee({ name: 'Kim Keys' });
    await signInToPortal(page, user);

    await page.getByRole('button', { name: 'Edit Profile' }).focus();
    await page.keyboard.press('Enter');
    await expectOnPage(page.getByLabel('Job Title')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Job Title').fill('Head of Keyboards');
    await page.getByLabel('Department').selectOption('Input');
    await page.getByLabel(/Full Name/).fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectOnPage(page.getByText(messages.employee.nameRequired)).toBeVisible();
    await shot(page, 'portal-03-edit-error');

    await page.getByLabel(/Full Name/).fill('Kim Keys');
    await page.getByLabel(/Full Name/).press('Enter');
    await expectOnPage(page.getByText(onboardingMessages.profileUpdated)).toBeVisible();
    await expectOnPage(page.getByText('Head of Keyboards')).toBeVisible();
    await shot(page, 'portal-04-saved');

    const db = await tables();
    expect((await db.employee.get({ employeeId: employee.id }).go()).data).toMatchObject({ jobTitle: 'Head of Keyboards', department: 'Input', role: 'employee', status: 'active' });
    const card = await fetch(employee.card.cardUrl);
    expect(await card.text()).toContain('Head of Keyboards');
  });

  it('opens Google Wallet’s save page with the employee’s pass (the local stand-in is the issuer)', async () => {
    const { page } = session;
    const { user } = await linkedEmployee({ name: 'Wally Wallet' });
    await signInToPortal(page, user);
    const [tab] = await Promise.all([session.context.waitForEvent('page'), page.getByRole('button', { name: 'Add to Google Wallet' }).click()]);
    await expectOnPage(tab.getByRole('heading', { level: 1, name: 'Add to Google Wallet' })).toBeVisible();
    await expectOnPage(tab.getByRole('region', { name: 'Pass' })).toContainText('Wally Wallet');
    await expectOnPage(tab.getByRole('region', { name: 'Pass' })).toContainText('Portal Works');
    await tab.close();
    // The full round trip (Add, the stored object, its updates): tests/e2e/google-wallet.test.ts and tests/integration/google-wallet.test.ts.
  });

  it('offers Generate QR Code for a card without one, and shows the new QR code', async () => {
    const { page } = session;
    const { user, employee } = await linkedEmployee({ name: 'Quinn Code', status: 'draft' });
    const db = await tables();
    await db.card.patch({ cardId: employee.card.id }).remove(['qrCodeUrl', 'qrSvgUrl']).go();
    await signInToPortal(page, user);

    await expectOnPage(page.getByText('Your digital business card is pending activation')).toBeVisible();
    await expectOnPage(page.getByText('QR code not yet generated')).toBeVisible();
    await shot(page, 'portal-06-no-qr');
    await page.getByRole('button', { name: 'Generate QR Code' }).click();
    await expectOnPage(page.getByText(portalMessages.qrGenerated)).toBeVisible();
    await expectOnPage(page.getByRole('img', { name: /QR code for Quinn Code/ })).toBeVisible();
    expect((await db.card.get({ cardId: employee.card.id }).go()).data!.qrCodeUrl).toMatch(/\.png$/);
  });

  it('explains a missing card, and a profile that does not exist', async () => {
    const { page } = session;
    const { user, employee } = await linkedEmployee({ name: 'Cara Cardless' });
    const db = await tables();
    await db.card.delete({ cardId: employee.card.id }).go();
    await db.employee.patch({ employeeId: employee.id }).remove(['cardId']).go();
    await signInToPortal(page, user);
    await expectOnPage(page.getByText('Your business card will be created automatically by your company administrator.')).toBeVisible();
    await shot(page, 'portal-07-no-card');

    // The business owner has no employee profile of their own.
    await signInToPortal(page, owner.owner);
    await expectOnPage(page.getByRole('heading', { name: portalMessages.profileNotFoundTitle })).toBeVisible();
    await expectOnPage(page.getByRole('link', { name: 'Go to Homepage' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'portal-08-profile-not-found');
  });
});
