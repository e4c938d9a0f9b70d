// 'Virtual Background' in a real browser (issue 22 §4): an employee with a card picks each layout in the portal and
// downloads it; every file is a 1920×1080 PNG or JPEG of at most 1 MB whose QR code decodes to the card URL marked as
// a background scan, also from a copy scaled down to 960×540 (a stand-in for the picture a call sends at a distance).
// Keyboard only on a 390 px phone without sideways scroll, axe clean, the mirroring note shown; a scan of the decoded
// URL counts as 'Video background' in the employee's scan analytics.
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { portalMessages } from '../../shared/messages/portal';
import { axeViolations, horizontalOverflow } from '../support/axe';
import { desktop } from '../support/browser';
import { shot, signedIn, type BrowserSession } from '../support/e2e';
import { invite } from '../support/invitations';
import { addEmployee, api, createOwnerWithBusiness, createUser, tables, uniqueEmail, type TestUser } from '../support/runtime';
import { confirmUpload, pngImage, sendUpload } from '../support/uploads';
import { userAgents } from '../support/user-agents';

const phone390 = { width: 390, height: 844 };
const layouts = ['Brand panel left', 'Right corner', 'Minimal'] as const;
let owned: Awaited<ReturnType<typeof createOwnerWithBusiness>>;
let vera: Awaited<ReturnType<typeof addEmployee>>;
let veraUser: TestUser;
const sessions: BrowserSession[] = [];

/** Decodes the QR code in an image the way a phone's reader sees the pixels. */
async function decode(image: Buffer): Promise<string | null> {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

async function downloadOf(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), bytes: readFileSync((await download.path())!) };
}

const section = (page: Page) => page.getByRole('region', { name: 'Virtual Background' });

/** Checks a downloaded background: size, format, dimensions and its QR code, full size and at half size. */
async function expectBackground(file: { name: string; bytes: Buffer }, artifact: string) {
  const markedUrl = `${vera.card.cardUrl}?s=vb`;
  expect(file.name).toMatch(/^vera-backdrop-background\.(png|jpg)$/);
  expect(file.bytes.byteLength).toBeLessThanOrEqual(1024 * 1024);
  const meta = await sharp(file.bytes).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual([file.name.endsWith('.png') ? 'png' : 'jpeg', 1920, 1080]);
  expect(await decode(file.bytes)).toBe(markedUrl);
  // Where the code is in the picture: clear of the centre third (the speaker's head), in the upper two-thirds.
  const { data, info } = await sharp(file.bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const found = jsQR(new Uint8ClampedArray(data), info.width, info.height)!;
  const corners = [found.location.topLeftCorner, found.location.topRightCorner, found.location.bottomLeftCorner, found.location.bottomRightCorner];
  const xs = corners.map((c) => c.x);
  expect(Math.max(...xs) < 640 || Math.min(...xs) > 1280).toBe(true);
  expect(Math.max(...corners.map((c) => c.y))).toBeLessThan(720);
  expect(Math.max(...xs) - Math.min(...xs)).toBeGreaterThanOrEqual(290);
  const small = await sharp(file.bytes).resize(960, 540).png().toBuffer();
  expect(await decode(small)).toBe(markedUrl);
  writeFileSync(`tests/artifacts/${artifact}.${file.name.endsWith('.png') ? 'png' : 'jpg'}`, file.bytes);
}

beforeAll(async () => {
  owned = await createOwnerWithBusiness({ name: 'Backdrop Studio' });
  const db = await tables();
  await db.business.patch({ businessId: owned.business.id }).set({ primaryColor: '#0F766E', secondaryColor: '#134E4A' }).go();
  const logo = await sendUpload(owned.owner, owned.business.id, 'logo', await pngImage(300, '#f59e0b'));
  expect(logo.s3Status).toBeLessThan(300);
  expect((await confirmUpload(owned.owner, owned.business.id, logo.uploadId)).status).toBe(200);
  const email = uniqueEmail('vera');
  vera = await addEmployee(owned.owner, owned.business.id, { name: 'Vera Backdrop', email, jobTitle: 'Head of Remote Collaboration', status: 'active' });
  const token = await invite(owned, vera.id, email);
  veraUser = await createUser({ email });
  expect((await api('POST', `/api/invitations/${token}/accept`, { user: veraUser })).status).toBe(200);
});
afterAll(async () => {
  for (const session of sessions) await session.browser.close();
});

describe('virtual background', () => {
  it('downloads every layout as a 1920×1080 image of at most 1 MB whose QR code decodes to the background-marked card URL', async () => {
    const session = await signedIn(veraUser, '/employee-portal', desktop);
    sessions.push(session);
    const { page } = session;
    const background = section(page);
    // The previews are drawn when the section comes near the viewport (issue 25 §1), as a user scrolls to it.
    await background.scrollIntoViewIfNeeded();
    await expectOnPage(background).toContainText(portalMessages.background.mirrored);
    await expectOnPage(background).toContainText(portalMessages.background.mirrorSettings);
    // Every layout has its preview drawn.
    await expectOnPage(background.locator('img')).toHaveCount(3);
    await expectOnPage(background.getByRole('radio', { name: 'Brand panel left' })).toBeChecked();

    for (const [i, layout] of layouts.entries()) {
      const radio = background.getByRole('radio', { name: layout });
      await radio.check();
      await expectOnPage(radio).toBeChecked();
      const file = await downloadOf(page, () => background.getByRole('button', { name: 'Download background' }).click());
      await expectBackground(file, `virtual-background-0${i + 1}-${layout.toLowerCase().replaceAll(' ', '-')}`);
    }
    await expectOnPage(page.getByText(portalMessages.background.downloaded).first()).toBeVisible();

    await background.scrollIntoViewIfNeeded();
    expect(await axeViolations(page)).toEqual([]);
    expect(session.consoleErrors).toEqual([]);
    await shot(page, 'virtual-background-04-portal-desktop');
  });

  it('chooses a layout and downloads with the keyboard alone on a 390 px phone, without sideways scroll', async () => {
    const session = await signedIn(veraUser, '/employee-portal', phone390);
    sessions.push(session);
    const { page } = session;
    const background = section(page);
    // The previews are drawn when the section comes near the viewport (issue 25 §1), as a user scrolls to it.
    await background.scrollIntoViewIfNeeded();
    await expectOnPage(background.locator('img')).toHaveCount(3);
    await background.getByRole('radio', { name: 'Brand panel left' }).focus();
    await page.keyboard.press('ArrowRight');
    await expectOnPage(background.getByRole('radio', { name: 'Right corner' })).toBeChecked();
    await expectOnPage(background.getByRole('radio', { name: 'Right corner' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expectOnPage(background.getByRole('button', { name: 'Download background' })).toBeFocused();
    const file = await downloadOf(page, () => page.keyboard.press('Enter'));
    await expectBackground(file, 'virtual-background-05-keyboard-right-corner');

    await background.scrollIntoViewIfNeeded();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'virtual-background-06-portal-phone');
  });

  it('draws a business without a logo, in light brand colours, for a very long name without a title, and every code still decodes', async () => {
    const plain = await createOwnerWithBusiness({ name: 'Sunny Side Lemonade and Extraordinarily Long Company Names Incorporated' });
    const db = await tables();
    await db.business.patch({ businessId: plain.business.id }).set({ primaryColor: '#FDE047', secondaryColor: '#FACC15' }).go();
    const email = uniqueEmail('max');
    const max = await addEmployee(plain.owner, plain.business.id, { name: 'Maximiliana Theodora Wolfeschlegelsteinhausen-Bergerdorff', email, jobTitle: '', status: 'active' });
    const token = await invite(plain, max.id, email);
    const maxUser = await createUser({ email });
    expect((await api('POST', `/api/invitations/${token}/accept`, { user: maxUser })).status).toBe(200);

    const session = await signedIn(maxUser, '/employee-portal', desktop);
    sessions.push(session);
    const { page } = session;
    const background = section(page);
    // The previews are drawn when the section comes near the viewport (issue 25 §1), as a user scrolls to it.
    await background.scrollIntoViewIfNeeded();
    await expectOnPage(background.locator('img')).toHaveCount(3);
    for (const [i, layout] of layouts.entries()) {
      await background.getByRole('radio', { name: layout }).check();
      const file = await downloadOf(page, () => background.getByRole('button', { name: 'Download background' }).click());
      expect(file.name).toMatch(/^maximiliana-theodora-wolfeschlegelsteinhausen-bergerdorff-background\.(png|jpg)$/);
      expect(file.bytes.byteLength).toBeLessThanOrEqual(1024 * 1024);
      expect(await decode(file.bytes)).toBe(`${max.card.cardUrl}?s=vb`);
      expect(await decode(await sharp(file.bytes).resize(960, 540).png().toBuffer())).toBe(`${max.card.cardUrl}?s=vb`);
      writeFileSync(`tests/artifacts/virtual-background-0${i + 7}-no-logo-${layout.toLowerCase().replaceAll(' ', '-')}.${file.name.endsWith('.png') ? 'png' : 'jpg'}`, file.bytes);
    }
    expect(session.consoleErrors).toEqual([]);
  });

  it('a scan of the code on the background counts as a Video background scan', async () => {
    const markedUrl = `${vera.card.cardUrl}?s=vb`;
    expect((await fetch(markedUrl, { headers: { 'user-agent': userAgents.phone } })).status).toBe(200);
    const deadline = Date.now() + 15_000;
    let bySource: Record<string, number> = {};
    while (Date.now() < deadline) {
      const res = await api('GET', '/api/me/analytics?days=7', { user: veraUser });
      expect(res.status).toBe(200);
      bySource = res.body.bySource as Record<string, number>;
      if (bySource.background === 1) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(bySource).toMatchObject({ background: 1, qr: 0, link: 0 });

    const portal = await signedIn(veraUser, '/employee-portal', desktop);
    sessions.push(portal);
    const sources = portal.page.getByRole('region', { name: 'My Card Scans' }).getByRole('region', { name: 'By source' });
    await expectOnPage(sources).toContainText(/Video background\s*1 \(100%\)/);
  });
});
