// 'Add to Google Wallet' end to end on one machine (issue 22 §2): the employee clicks the portal's button, a new tab
// opens the Google Wallet stand-in's save page showing their pass (company, name, title and a QR code whose value is
// their card URL marked as a Google Wallet scan), they press Add and see it saved — and the stand-in holds the object.
// The portal stays accessible; the stand-in's pages too (not ours, but keep them so), at a phone's width as well.
import { readFileSync } from 'node:fs';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage } from '@playwright/test';
import type { Page } from 'playwright-core';
import { markedCardUrl } from '../../shared/scan-sources';
import { axeViolations, horizontalOverflow } from '../support/axe';
import { desktop } from '../support/browser';
import { signedIn, shot, type BrowserSession } from '../support/e2e';
import { confirmUpload, uploadPng } from '../support/uploads';
import { addEmployee, createOwnerWithBusiness, createUser, runtime, tables, type TestUser } from '../support/runtime';

const sessions: BrowserSession[] = [];
let owner: Awaited<ReturnType<typeof createOwnerWithBusiness>>;

/** A user linked to a new employee of the business, as accepting an invitation links one. */
async function linkedEmployee(name: string, jobTitle: string): Promise<{ user: TestUser; employee: Awaited<ReturnType<typeof addEmployee>> }> {
  const employee = await addEmployee(owner.owner, owner.business.id, { status: 'active', name, jobTitle });
  const user = await createUser();
  const db = await tables();
  await db.membership.create({ userId: user.sub, scopeType: 'business', scopeId: owner.business.id, role: 'employee', employeeId: employee.id }).go();
  await db.profile.create({ userId: user.sub, email: user.email, displayName: name, accountType: 'employee' }).go();
  await db.employee.patch({ employeeId: employee.id }).set({ userId: user.sub }).go();
  return { user, employee };
}

/** Clicks 'Add to Google Wallet' and returns the tab it opened, once the save page has loaded. */
async function openSavePage(session: BrowserSession): Promise<Page> {
  const [tab] = await Promise.all([session.context.waitForEvent('page'), session.page.getByRole('button', { name: 'Add to Google Wallet' }).click()]);
  await tab.waitForURL((url) => url.href.startsWith(runtime.env.GOOGLE_WALLET_SAVE_URL!));
  await tab.waitForLoadState();
  return tab;
}

/** The value of the QR code the page shows, decoded from a screenshot of it. */
async function qrValueOn(page: Page): Promise<string | undefined> {
  const png = PNG.sync.read(await page.getByRole('img', { name: 'QR code' }).screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

/** The stand-in's record of a card's pass object (404 when never saved). */
function storedObject(cardId: string): Promise<Response> {
  const { issuerId } = JSON.parse(readFileSync(runtime.env.GOOGLE_WALLET_KEY_FILE!, 'utf8')) as { issuerId: string };
  return fetch(`${new URL(runtime.env.GOOGLE_WALLET_SAVE_URL!).origin}/_local/objects/${issuerId}.cardcrew-card-${cardId}`);
}

beforeAll(async () => {
  owner = await createOwnerWithBusiness({ name: 'Wallet Works' });
  const db = await tables();
  await db.business.patch({ businessId: owner.business.id }).set({ primaryColor: '#0F766E' }).go();
  // The company logo, as Company Settings uploads it (the pass shows it; locally the stand-in fetches http images).
  const confirmed = await confirmUpload(owner.owner, owner.business.id, await uploadPng(owner.owner, owner.business.id, 'logo'));
  if (confirmed.status !== 200) throw new Error(`logo not confirmed: ${confirmed.status} ${confirmed.text}`);
});
afterAll(async () => {
  for (const s of sessions) await s.browser.close();
});

describe('Add to Google Wallet (local stand-in)', () => {
  it('opens the pass in a new tab, with the employee’s name, title, company and QR code, and saves it', async () => {
    const { user, employee } = await linkedEmployee('Gina Wallet', 'Pass Designer');
    const session = await signedIn(user, '/employee-portal', desktop);
    sessions.push(session);
    expect(await axeViolations(session.page)).toEqual([]);

    const tab = await openSavePage(session);
    await expectOnPage(tab.getByRole('heading', { level: 1, name: 'Add to Google Wallet' })).toBeVisible();
    const pass = tab.getByRole('region', { name: 'Pass' });
    await expectOnPage(pass).toContainText('Wallet Works');
    await expectOnPage(pass).toContainText('Gina Wallet');
    await expectOnPage(pass).toContainText('Pass Designer');
    const logo = pass.getByRole('img', { name: 'Wallet Works logo' });
    await expectOnPage(logo).toBeVisible();
    expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const cardUrl = markedCardUrl(employee.card.cardUrl, 'googleWallet');
    await expectOnPage(tab.getByTestId('barcode-value')).toHaveText(cardUrl);
    expect(await qrValueOn(tab)).toBe(cardUrl);
    expect(await axeViolations(tab)).toEqual([]);
    await shot(tab, 'google-wallet-01-save-page');

    await tab.getByRole('button', { name: 'Add', exact: true }).click();
    await expectOnPage(tab.getByRole('heading', { level: 1, name: 'Saved to Google Wallet' })).toBeVisible();
    await shot(tab, 'google-wallet-02-saved');
    // The stand-in holds the object the save link carried.
    const stored = await storedObject(employee.card.id);
    expect(stored.status).toBe(200);
    expect(((await stored.json()) as { object: { header: { defaultValue: { value: string } } } }).object.header.defaultValue.value).toBe('Gina Wallet');
    await tab.close();
  });

  it('works at a phone’s width (390 px) without sideways scrolling, and Cancel saves nothing', async () => {
    const { user, employee } = await linkedEmployee('Phil Phone', 'Mobile Lead');
    const session = await signedIn(user, '/employee-portal', { width: 390, height: 844 });
    sessions.push(session);
    expect(await horizontalOverflow(session.page)).toBe(0);
    expect(await axeViolations(session.page)).toEqual([]);

    const tab = await openSavePage(session);
    await expectOnPage(tab.getByRole('region', { name: 'Pass' })).toContainText('Phil Phone');
    expect(await horizontalOverflow(tab)).toBe(0);
    await shot(tab, 'google-wallet-03-save-page-phone');
    await tab.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expectOnPage(tab.getByRole('heading', { level: 1, name: 'Not saved' })).toBeVisible();
    expect((await storedObject(employee.card.id)).status).toBe(404);
  });

  it('shows an error page like Google’s for a link it cannot accept, with the reason for developers', async () => {
    const session = sessions[0]!;
    const tab = await session.context.newPage();
    const refused = await tab.goto(`${runtime.env.GOOGLE_WALLET_SAVE_URL}not-a-jwt`);
    expect(refused?.status()).toBe(400);
    await expectOnPage(tab.getByRole('heading', { level: 1, name: 'Something went wrong. Please try again.' })).toBeVisible();
    await expectOnPage(tab.getByText("This pass can't be added to Google Wallet.")).toBeVisible();
    await tab.getByText('Details for developers').click();
    await expectOnPage(tab.getByText(/not a compact JWT/)).toBeVisible();
    expect(await axeViolations(tab)).toEqual([]);
    await shot(tab, 'google-wallet-04-error');
    await tab.close();
  });
});
