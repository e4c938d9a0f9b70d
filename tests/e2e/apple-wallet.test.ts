// 'Add to Apple Wallet' in a real browser (issue 22 §1): the employee clicks it in the portal (and, by keyboard, again)
// and gets a .pkpass download that passes what iOS checks; the owner's Employee Profile dialog offers it for an active
// card and not for an inactive one; axe-clean, and at 390 px without sideways scroll.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage } from '@playwright/test';
import type { Download, Page } from 'playwright-core';
import { appleWalletMessages } from '../../shared/messages/apple-wallet';
import { markedCardUrl } from '../../shared/scan-sources';
import { axeViolations, horizontalOverflow } from '../support/axe';
import { desktop } from '../support/browser';
import { linkedEmployeeUser, localRootPem } from '../support/apple-wallet';
import { shot, signedIn, type BrowserSession } from '../support/e2e';
import { verifyPkpass } from '../support/pkpass';
import { addEmployee, createOwnerWithBusiness, tables } from '../support/runtime';
import { BusinessDashboardPage } from './pages/business-dashboard-page';

const phone390 = { width: 390, height: 844 };
const sessions: BrowserSession[] = [];
let owner: Awaited<ReturnType<typeof createOwnerWithBusiness>>;
let employee: Awaited<ReturnType<typeof addEmployee>>;

beforeAll(async () => {
  owner = await createOwnerWithBusiness({ name: 'Wallet Browser Co' });
  employee = await addEmployee(owner.owner, owner.business.id, { name: 'Pat Wallet', jobTitle: 'Courier', status: 'active' });
});
afterAll(async () => {
  for (const s of sessions) await s.browser.close();
});

/** The pass the browser downloaded, verified as iOS would. */
async function verifiedDownload(download: Download) {
  expect(download.suggestedFilename()).toBe('Pat-Wallet.pkpass');
  const path = await download.path();
  return verifyPkpass(readFileSync(path), localRootPem());
}

async function clickAndDownload(page: Page, act: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 15_000 }), act()]);
  return verifiedDownload(download);
}

describe('Add to Apple Wallet', () => {
  it('downloads a signed pass of the employee’s own card from the portal, by mouse and by keyboard', async () => {
    const user = await linkedEmployeeUser(owner.business.id, employee.id);
    const db = await tables();
    await db.employee.patch({ employeeId: employee.id }).set({ userId: user.sub }).go();
    const session = await signedIn(user, '/employee-portal', desktop);
    sessions.push(session);
    const { page } = session;
    const button = page.getByRole('button', { name: 'Add to Apple Wallet', exact: true });
    await expectOnPage(button).toBeVisible();
    await expectOnPage(page.getByRole('button', { name: 'Add to Google Wallet', exact: true })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'apple-wallet-01-portal');

    const { pass } = await clickAndDownload(page, () => button.click());
    expect(pass).toMatchObject({ serialNumber: employee.card.id, organizationName: 'Wallet Browser Co' });
    expect(pass.generic!.primaryFields![0]!.value).toBe('Pat Wallet');
    expect(pass.barcodes![0]!.message).toBe(markedCardUrl(employee.card.cardUrl, 'appleWallet'));
    // The page stays where it was: the download did not navigate away.
    await expectOnPage(button).toBeVisible();

    await button.focus();
    const byKeyboard = await clickAndDownload(page, () => page.keyboard.press('Enter'));
    expect(byKeyboard.pass.serialNumber).toBe(employee.card.id);

    // When the link cannot be had (forced here: the API answers 500), a toast says so and nothing is downloaded.
    await page.route('**/api/cards/*/apple-wallet-pass', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'INTERNAL', message: 'x' } }) }));
    await button.click();
    await expectOnPage(page.getByText(appleWalletMessages.addFailed)).toBeVisible();
    await page.unroute('**/api/cards/*/apple-wallet-pass');

    await page.setViewportSize(phone390);
    await expectOnPage(button).toBeVisible();
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'apple-wallet-02-portal-390');
  });

  it('is in the owner’s Employee Profile dialog for an active card, and not for an inactive one', async () => {
    const inactive = await addEmployee(owner.owner, owner.business.id, { name: 'Ina Active', status: 'inactive' });
    expect(inactive.id).toBeTruthy();
    const session = await signedIn(owner.owner, '/business', desktop);
    sessions.push(session);
    const { page } = session;
    const dashboard = new BusinessDashboardPage(page);
    await dashboard.openEmployee('Pat Wallet');
    const dialog = page.getByRole('dialog');
    const button = dialog.getByRole('button', { name: 'Add to Apple Wallet', exact: true });
    await expectOnPage(button).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'apple-wallet-03-profile-dialog', { fullPage: false });

    const { pass } = await clickAndDownload(page, () => button.click());
    expect(pass.serialNumber).toBe(employee.card.id);

    await page.setViewportSize(phone390);
    await expectOnPage(button).toBeVisible();
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'apple-wallet-04-profile-dialog-390', { fullPage: false });

    await page.setViewportSize(desktop);
    await page.keyboard.press('Escape');
    await expectOnPage(dialog).toBeHidden();
    await page.getByRole('tab', { name: /Inactive \(1\)/ }).click();
    await dashboard.openEmployee('Ina Active');
    await expectOnPage(dialog.getByText('Ina Active').first()).toBeVisible();
    await expectOnPage(dialog.getByRole('button', { name: 'Add to Apple Wallet', exact: true })).toHaveCount(0);
  });
});
