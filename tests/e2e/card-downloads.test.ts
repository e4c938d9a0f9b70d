// The image downloads in a real browser (issue 8 §5, §8): the portal's 'Download Business Card' is an 800×500 PNG
// whose QR code decodes to the card URL (with the QR source marker); the dashboard's 'Download QR Codes' is one ZIP with a 300×300 PNG per card,
// the business logo in the centre, every one decoding to its card's URL.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage } from '@playwright/test';
import { unzipSync } from 'fflate';
import jsQR from 'jsqr';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { onboardingMessages } from '../../shared/messages/onboarding';
import { desktop } from '../support/browser';
import { openBrowser, shot, type BrowserSession } from '../support/e2e';
import { addEmployee, createOwnerWithBusiness, createUser, origin, tables } from '../support/runtime';
import { confirmUpload, uploadPng } from '../support/uploads';
import { AuthPage } from './pages/auth-page';

let session: BrowserSession;
let owner: Awaited<ReturnType<typeof createOwnerWithBusiness>>;
const employees: Awaited<ReturnType<typeof addEmployee>>[] = [];

/** Decodes the QR code in a PNG (any size) the way a phone's reader would see the pixels. */
async function decode(png: Buffer): Promise<string | null> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

async function downloadOf(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), bytes: readFileSync((await download.path())!) };
}

async function signInAs(page: Page, email: string, password: string, path: string) {
  await page.context().clearCookies();
  await page.goto(`${origin}/`);
  await page.evaluate(() => localStorage.clear());
  const auth = new AuthPage(page);
  await auth.goto(path);
  await auth.signIn(email, password);
  await page.waitForURL(`${origin}${path}`);
}

beforeAll(async () => {
  owner = await createOwnerWithBusiness({ name: 'Download Depot' });
  const db = await tables();
  await db.business.patch({ businessId: owner.business.id }).set({ primaryColor: '#0F766E', secondaryColor: '#134E4A' }).go();
  expect((await confirmUpload(owner.owner, owner.business.id, await uploadPng(owner.owner, owner.business.id, 'logo'))).status).toBe(200);
  for (const name of ['Dana Download', 'Eli Export', 'Fay File']) employees.push(await addEmployee(owner.owner, owner.business.id, { name, status: 'active', jobTitle: 'Courier' }));
  session = await openBrowser(desktop, { acceptDownloads: true });
});
afterAll(async () => {
  await session?.browser.close();
});

describe('downloads', () => {
  it('the portal’s Download Business Card is an 800×500 PNG whose QR code decodes to the card URL with ?s=qr', async () => {
    const { page } = session;
    const user = await createUser();
    const db = await tables();
    const employee = employees[0]!;
    await db.membership.create({ userId: user.sub, scopeType: 'business', scopeId: owner.business.id, role: 'employee', employeeId: employee.id }).go();
    await db.employee.patch({ employeeId: employee.id }).set({ userId: user.sub }).go();
    await signInAs(page, user.email, user.password, '/employee-portal');

    const file = await downloadOf(page, () => page.getByRole('button', { name: 'Download Business Card' }).click());
    await expectOnPage(page.getByText(onboardingMessages.cardDownloaded)).toBeVisible();
    expect(file.name).toBe('dana-download-business-card.png');
    const meta = await sharp(file.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 800, 500]);
    expect(await decode(file.bytes)).toBe(`${employee.card.cardUrl}?s=qr`);
    await sharp(file.bytes).toFile('tests/artifacts/downloads-01-card-image.png');
  });

  it('the dashboard’s Download QR Codes is one ZIP of 300×300 PNGs with the logo in the centre, each decoding to its card', async () => {
    const { page } = session;
    await signInAs(page, owner.owner.email, owner.owner.password, '/business');
    const file = await downloadOf(page, () => page.getByRole('button', { name: 'Download QR Codes' }).click());
    expect(file.name).toBe('download-depot-qr-codes.zip');
    const entries = unzipSync(new Uint8Array(file.bytes));
    expect(Object.keys(entries).sort()).toEqual(['dana-download.png', 'eli-export.png', 'fay-file.png']);

    const decoded: string[] = [];
    for (const [name, bytes] of Object.entries(entries)) {
      const png = Buffer.from(bytes);
      const meta = await sharp(png).metadata();
      expect([meta.width, meta.height], name).toEqual([300, 300]);
      // The centre is the logo (a solid blue square), not QR modules.
      const { data } = await sharp(png).extract({ left: 145, top: 145, width: 10, height: 10 }).raw().toBuffer({ resolveWithObject: true });
      expect([data[0], data[1], data[2]], name).toEqual([0x1e, 0x40, 0xaf]);
      decoded.push((await decode(png))!);
    }
    expect(decoded.sort()).toEqual(employees.map((e) => `${e.card.cardUrl}?s=qr`).sort());
    await sharp(Buffer.from(entries['eli-export.png']!)).toFile('tests/artifacts/downloads-02-qr-with-logo.png');
    await shot(page, 'downloads-03-dashboard');
  });
});
