// Company Settings in a real browser (issue 8 §1, §2): the owner changes the brand colours and uploads a logo (the
// progress bar shows while the file travels), saves, and the dashboard and a live public card show the new look.
// Then an employee photo from the profile dialog appears on the card page; an image over 40 megapixels is refused with
// a message in the dialog. The logo upload is offered before the logo URL (issue 27 §3). axe on the dialog at 1280 and
// 375 px.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage } from '@playwright/test';
import { brandTheme } from '../../shared/colour';
import { messages } from '../../shared/messages';
import { axeViolations } from '../support/axe';
import { desktop, phone } from '../support/browser';
import { openBrowser, shot, type BrowserSession } from '../support/e2e';
import { addEmployee, createOwnerWithBusiness, origin, tables } from '../support/runtime';
import { pngImage } from '../support/uploads';
import { AuthPage } from './pages/auth-page';
import { BusinessDashboardPage } from './pages/business-dashboard-page';

let session: BrowserSession;
let owner: Awaited<ReturnType<typeof createOwnerWithBusiness>>;
let employee: Awaited<ReturnType<typeof addEmployee>>;

beforeAll(async () => {
  owner = await createOwnerWithBusiness({ name: 'Brand Studio' });
  employee = await addEmployee(owner.owner, owner.business.id, { name: 'Pia Photo', status: 'active', jobTitle: 'Photographer' });
  session = await openBrowser(desktop);
});
afterAll(async () => {
  await session?.browser.close();
});

describe('Company Settings (1280 px, then 375 px)', () => {
  it('re-themes the dashboard and the live card page with new colours and an uploaded logo', async () => {
    const { page } = session;
    const auth = new AuthPage(page);
    await auth.goto('/business');
    await auth.signIn(owner.owner.email, owner.owner.password);
    await page.waitForURL(`${origin}/business`);

    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog');
    await expectOnPage(dialog.getByRole('heading', { name: 'Company Settings' })).toBeVisible();
    await expectOnPage(dialog.getByLabel(/Company Name/)).toHaveValue('Brand Studio');
    expect(await axeViolations(page)).toEqual([]);

    await dialog.getByLabel('Primary Color').fill('purple');
    await dialog.getByRole('button', { name: 'Save Settings' }).click();
    await expectOnPage(dialog.getByText(messages.settings.hexColor)).toBeVisible();
    await dialog.getByLabel('Primary Color').fill('#7C3AED');
    await dialog.getByLabel('Secondary Color').fill('#5B21B6');
    await dialog.getByLabel('Description', { exact: true }).fill('Brands that people remember.');

    // The logo upload: hold the file's trip to the bucket for a moment so the progress bar can be seen.
    await dialog.getByRole('tab', { name: 'Upload' }).click();
    await page.route('**/cardcrew-media', async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await dialog.locator('input[type="file"][accept*="image/"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await pngImage(300, '#f59e0b') });
    await expectOnPage(dialog.getByRole('progressbar')).toBeVisible();
    await shot(page, 'settings-01-uploading');
    await expectOnPage(page.getByText(messages.upload.logoUploaded)).toBeVisible();
    await page.unroute('**/cardcrew-media');
    await shot(page, 'settings-02-dialog');

    await dialog.getByRole('button', { name: 'Save Settings' }).click();
    await expectOnPage(page.getByText(messages.company.settingsUpdated)).toBeVisible();
    await expectOnPage(page.getByRole('img', { name: 'Brand Studio logo' })).toBeVisible();
    const theme = brandTheme({ primaryColor: '#7C3AED', secondaryColor: '#5B21B6', accentColor: null });
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--primary').trim())).toBe(theme['--primary']);
    await shot(page, 'settings-03-dashboard-rethemed');

    const db = await tables();
    const business = (await db.business.get({ businessId: owner.business.id }).go()).data!;
    expect(business).toMatchObject({ primaryColor: '#7C3AED', secondaryColor: '#5B21B6', description: 'Brands that people remember.' });
    expect(business.logoUrl).toMatch(/\/media\/logos\/.+\/256\.webp$/);

    const card = await session.context.newPage();
    await card.goto(employee.card.cardUrl);
    const html = await card.content();
    expect(html).toContain(`--primary:${theme['--primary']}`);
    expect(html).toContain(business.logoUrl!.replace('/256.webp', '/64.webp'));
    await expectOnPage(card.getByRole('img', { name: 'Brand Studio logo' })).toBeVisible();
    await shot(card, 'settings-04-card-rethemed');
    await card.close();
  });

  it('uploads an employee photo from the profile dialog, shown on the public card page', async () => {
    const { page } = session;
    const dashboard = new BusinessDashboardPage(page);
    await dashboard.openEmployee('Pia Photo');
    await dashboard.dialog().getByRole('button', { name: 'Edit', exact: true }).click();
    await dashboard.dialog().locator('input[type="file"][accept*="image/"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await pngImage(400, '#0ea5e9') });
    await expectOnPage(page.getByText('Photo uploaded')).toBeVisible();
    await page.keyboard.press('Escape');

    const db = await tables();
    const photoUrl = (await db.employee.get({ employeeId: employee.id }).go()).data!.photoUrl!;
    expect(photoUrl).toMatch(/\/media\/photos\/.+\/192\.webp$/);
    const card = await session.context.newPage();
    await card.goto(employee.card.cardUrl);
    await expectOnPage(card.getByRole('img', { name: 'Pia Photo' })).toHaveAttribute('src', photoUrl.replace('/192.webp', '/96.webp'));
    await shot(card, 'settings-05-card-photo');
    await card.close();
  });

  it('offers the logo upload first, with the formats it takes; a logo URL is the second option (1280 px, then 375 px)', async () => {
    const { page } = session;
    for (const [label, viewport] of [['1280', desktop], ['375', phone]] as const) {
      await page.setViewportSize(viewport);
      await page.getByRole('button', { name: 'Settings' }).click();
      const dialog = page.getByRole('dialog');
      const logo = dialog.getByRole('group', { name: 'Company Logo' });
      await expectOnPage(logo.getByRole('tab')).toHaveText(['Upload', 'URL']);
      await expectOnPage(logo.getByRole('tab', { name: 'Upload' })).toHaveAttribute('aria-selected', 'true');
      // The upload is there without a click, and says what it takes.
      await expectOnPage(logo.getByRole('button', { name: 'Choose image…' })).toBeVisible();
      await expectOnPage(logo.getByText(messages.upload.hint)).toBeVisible();
      await expectOnPage(logo.getByLabel('Logo URL')).toHaveCount(0);
      await logo.scrollIntoViewIfNeeded();
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, `settings-08-logo-upload-first-${label}`, { fullPage: false });
      await page.keyboard.press('Escape');
    }
    await page.setViewportSize(desktop);

    // The URL is still there as the second option, and it is what gets stored.
    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'URL' }).click();
    await dialog.getByLabel('Logo URL').fill('https://cdn.example.com/brand-studio.png');
    await dialog.getByRole('button', { name: 'Save Settings' }).click();
    // The dialog closes once this save has succeeded (an earlier save's toast may still be on screen).
    await expectOnPage(dialog).toHaveCount(0);
    await expectOnPage(page.getByText(messages.company.settingsUpdated).first()).toBeVisible();
    const db = await tables();
    expect((await db.business.get({ businessId: owner.business.id }).go()).data!.logoUrl).toBe('https://cdn.example.com/brand-studio.png');
  });

  it('refuses a file that is not an image before uploading, with the spec message', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'Upload' }).click();
    await dialog.locator('input[type="file"][accept*="image/"]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    // In a toast, and under the field in the dialog.
    await expectOnPage(page.locator('[data-sonner-toast]').getByText(messages.upload.invalidType)).toBeVisible();
    await expectOnPage(dialog.getByText(messages.upload.invalidType)).toBeVisible();
    await page.keyboard.press('Escape');
  });

  it('says an image over 40 megapixels is too large, in the dialog, at 1280 px and in the profile dialog at 375 px', async () => {
    const { page } = session;
    const big = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#0ea5e9' } }).png().toBuffer();
    const db = await tables();
    const logoBefore = (await db.business.get({ businessId: owner.business.id }).go()).data!.logoUrl;
    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'Upload' }).click();
    await dialog.locator('input[type="file"][accept*="image/"]').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: big });
    await expectOnPage(dialog.getByText(messages.upload.tooManyPixels)).toBeVisible();
    await expectOnPage(dialog.getByRole('button', { name: 'Choose image…' })).toHaveAccessibleDescription(messages.upload.tooManyPixels);
    await expectOnPage(page.locator('[data-sonner-toast]').getByText(messages.upload.tooManyPixelsTitle)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'settings-07-image-too-large', { fullPage: false });
    await page.keyboard.press('Escape');
    expect((await db.business.get({ businessId: owner.business.id }).go()).data!.logoUrl).toBe(logoBefore);

    await page.setViewportSize(phone);
    const dashboard = new BusinessDashboardPage(page);
    const photoBefore = (await db.employee.get({ employeeId: employee.id }).go()).data!.photoUrl;
    await dashboard.openEmployee('Pia Photo');
    await dashboard.dialog().getByRole('button', { name: 'Edit', exact: true }).click();
    await dashboard.dialog().locator('input[type="file"][accept*="image/"]').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: big });
    await expectOnPage(dashboard.dialog().getByText(messages.upload.tooManyPixels)).toBeVisible();
    await dashboard.dialog().getByText(messages.upload.tooManyPixels).scrollIntoViewIfNeeded();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'settings-08-photo-too-large-phone', { fullPage: false });
    await page.keyboard.press('Escape');
    expect((await db.employee.get({ employeeId: employee.id }).go()).data!.photoUrl).toBe(photoBefore);
    await page.setViewportSize(desktop);
  });

  it('fits the dialog on a phone', async () => {
    const { page } = session;
    await page.setViewportSize(phone);
    // On a phone the earlier steps' toasts lie over the header (and the pointer over them pauses their timers), as
    // for a person who has just saved: wait for them to go, with the pointer elsewhere, before using the header.
    await page.mouse.move(1, phone.height - 1);
    await expectOnPage(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
    await page.getByRole('button', { name: 'Settings' }).click();
    await expectOnPage(page.getByRole('dialog').getByRole('heading', { name: 'Company Settings' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await page.screenshot({ path: 'tests/artifacts/settings-06-dialog-phone.png', animations: 'disabled' });
    await page.keyboard.press('Escape');
    await page.setViewportSize(desktop);
  });
});
