// Scan analytics in a real browser (issue 11 §2): a phone scans the QR code the product generated (its image decoded,
// as a camera would), a desktop opens the shared link; the owner's dashboard shows both in the chart, the table, the
// shares by source and device and the top cards (1280 px and 375 px, axe); the employee sees their own card's scans in
// the portal on a phone. Stored counters checked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { axeViolations, horizontalOverflow } from '../support/axe';
import { desktop, phone } from '../support/browser';
import { openBrowser, shot, signedIn, type BrowserSession } from '../support/e2e';
import { invite } from '../support/invitations';
import { addEmployee, api, createOwnerWithBusiness, createUser, tables, uniqueEmail, type TestUser } from '../support/runtime';

let owned: Awaited<ReturnType<typeof createOwnerWithBusiness>>;
let ana: Awaited<ReturnType<typeof addEmployee>>;
let anaUser: TestUser;
const sessions: BrowserSession[] = [];

/** Opens `url` in a fresh browser of that size (its User-Agent a phone's or a desktop's) and returns the page's title. */
async function visit(url: string, viewport: { width: number; height: number }): Promise<string> {
  const session = await openBrowser(viewport);
  sessions.push(session);
  await session.page.goto(url);
  return session.page.title();
}

const analytics = (page: Page) => page.getByRole('region', { name: /Scan Analytics|My Card Scans/ });

beforeAll(async () => {
  owned = await createOwnerWithBusiness({ name: 'Scan Studio' });
  const email = uniqueEmail('ana');
  ana = await addEmployee(owned.owner, owned.business.id, { name: 'Ana Analytics', email, status: 'draft' });
  await addEmployee(owned.owner, owned.business.id, { name: 'Ben Unscanned', status: 'active' });
  const token = await invite(owned, ana.id, email);
  anaUser = await createUser({ email });
  expect((await api('POST', `/api/invitations/${token}/accept`, { user: anaUser })).status).toBe(200);
});
afterAll(async () => {
  for (const session of sessions) await session.browser.close();
});

describe('scan analytics', () => {
  it('counts a phone scanning the QR code and a desktop opening the shared link', async () => {
    const qr = await api('POST', `/api/businesses/${owned.business.id}/cards/${ana.card.id}/qr`, { user: owned.owner });
    expect(qr.status).toBe(200);
    const png = PNG.sync.read(Buffer.from(await (await fetch(qr.body.qrCodeUrl)).arrayBuffer()));
    const scanned = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)!.data;
    expect(scanned).toBe(`${ana.card.cardUrl}?s=qr`);

    expect(await visit(scanned, phone)).toContain('Ana Analytics');
    expect(await visit(ana.card.cardUrl, desktop)).toContain('Ana Analytics');

    const day = new Date().toISOString().slice(0, 10);
    const db = await tables();
    expect((await db.cardScanDay.get({ cardId: ana.card.id, day }).go()).data).toMatchObject({ count: 2, qrScans: 1, linkScans: 1, phoneScans: 1, desktopScans: 1 });
  });

  it('shows the owner scans over time, by source and device, and the top cards (1280 px)', async () => {
    const session = await signedIn(owned.owner, '/business', desktop);
    sessions.push(session);
    const { page } = session;
    const panel = analytics(page);
    await expectOnPage(panel.getByText('Scans in the last 30 days').locator('xpath=..')).toContainText('2');
    await expectOnPage(panel.getByText('All-time scans').locator('xpath=..')).toContainText('2');
    await expectOnPage(panel.getByRole('region', { name: 'By source' })).toContainText(/QR code\s*1 \(50%\)/);
    await expectOnPage(panel.getByRole('region', { name: 'By source' })).toContainText(/Shared link\s*1 \(50%\)/);
    await expectOnPage(panel.getByRole('region', { name: 'By device' })).toContainText(/Phone\s*1 \(50%\)/);
    await expectOnPage(panel.getByRole('region', { name: 'By device' })).toContainText(/Desktop\s*1 \(50%\)/);
    await expectOnPage(panel.getByRole('region', { name: 'Top cards' }).getByRole('listitem')).toHaveText([/1\. Ana Analytics\s*2 scans/]);
    // The chart is drawn (uPlot's canvas) as it comes near the screen; the table holds the same numbers for everyone.
    await panel.getByTestId('scan-chart').scrollIntoViewIfNeeded();
    await expectOnPage(panel.getByTestId('scan-chart').locator('canvas')).toBeVisible();
    await panel.getByText('Show as table').click();
    await expectOnPage(panel.getByRole('table', { name: /Scans per day/ }).getByRole('row').nth(1)).toHaveText(`${new Date().toISOString().slice(0, 10)}2`);
    await panel.getByRole('button', { name: '7 days' }).click();
    await expectOnPage(panel.getByText('Scans in the last 7 days').locator('xpath=..')).toContainText('2');
    await expectOnPage(panel.getByRole('table', { name: /Scans per day/ }).getByRole('row')).toHaveCount(8);
    await panel.scrollIntoViewIfNeeded();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'analytics-01-dashboard');

    await page.setViewportSize(phone);
    await panel.scrollIntoViewIfNeeded();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'analytics-02-dashboard-phone');
  });

  it('shows the employee their own card’s scans in the portal (375 px)', async () => {
    const session = await signedIn(anaUser, '/employee-portal', phone);
    sessions.push(session);
    const { page } = session;
    const panel = analytics(page);
    await expectOnPage(panel.getByText('Scans in the last 30 days').locator('xpath=..')).toContainText('2');
    await expectOnPage(panel.getByRole('region', { name: 'By source' })).toContainText(/QR code\s*1 \(50%\)/);
    await expectOnPage(panel.getByRole('region', { name: 'Top cards' })).toHaveCount(0);
    await panel.getByTestId('scan-chart').scrollIntoViewIfNeeded();
    await expectOnPage(panel.getByTestId('scan-chart').locator('canvas')).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await panel.scrollIntoViewIfNeeded();
    await shot(page, 'analytics-03-portal-phone');
  });
});
