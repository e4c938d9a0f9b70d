// The e-mail signature in a real browser (issue 22 §3): an employee sees the live preview in the portal, copies it from
// the keyboard (the clipboard holds text/html and text/plain, read back here) and downloads the .htm file; the owner
// chooses the fields and adds a disclaimer in Company Settings, sees the employee's signature in the Employee Profile
// dialog, and the employee's preview follows; without ClipboardItem the copy-command fallback still puts both types on
// the clipboard. axe clean, 390 px phone without sideways scroll.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage } from '@playwright/test';
import type { Page } from 'playwright-core';
import { messages } from '../../shared/messages';
import { emailSignatureMessages } from '../../shared/messages/email-signature';
import { axeViolations, horizontalOverflow } from '../support/axe';
import { desktop } from '../support/browser';
import { shot, signedIn, type BrowserSession } from '../support/e2e';
import { invite } from '../support/invitations';
import { addEmployee, api, createOwnerWithBusiness, createUser, origin, tables, uniqueEmail, type TestUser } from '../support/runtime';
import { confirmUpload, pngImage, sendUpload } from '../support/uploads';
import { BusinessDashboardPage } from './pages/business-dashboard-page';

const phone390 = { width: 390, height: 844 };
const PREVIEW = 'iframe[title="Email signature preview"]';
const disclaimer = 'This message and its attachments are confidential and meant for the addressee only.';
let owned: Awaited<ReturnType<typeof createOwnerWithBusiness>>;
let sam: Awaited<ReturnType<typeof addEmployee>>;
let samUser: TestUser;
const sessions: BrowserSession[] = [];

const section = (page: Page) => page.getByRole('region', { name: 'Email Signature' });
const markedUrl = () => `${sam.card.cardUrl}?s=es`;

beforeAll(async () => {
  owned = await createOwnerWithBusiness({ name: 'Signal Studio' });
  const db = await tables();
  await db.business.patch({ businessId: owned.business.id }).set({ primaryColor: '#0F766E', secondaryColor: '#115E59' }).go();
  const email = uniqueEmail('sam');
  sam = await addEmployee(owned.owner, owned.business.id, { name: 'Sam Sender', email, status: 'active', jobTitle: 'Account Manager', officePhone: '+1 555 0142' });
  const token = await invite(owned, sam.id, email);
  samUser = await createUser({ email });
  expect((await api('POST', `/api/invitations/${token}/accept`, { user: samUser })).status).toBe(200);
  // A photo and a logo, uploaded as the dashboard uploads them (media on the site's origin).
  const photo = await sendUpload(owned.owner, owned.business.id, 'photo', await pngImage(300, '#f59e0b'), { employeeId: sam.id });
  expect((await confirmUpload(owned.owner, owned.business.id, photo.uploadId)).status).toBe(200);
  const logo = await sendUpload(owned.owner, owned.business.id, 'logo', await pngImage(200, '#0f766e'));
  expect((await confirmUpload(owned.owner, owned.business.id, logo.uploadId)).status).toBe(200);
});
afterAll(async () => {
  for (const session of sessions) await session.browser.close();
});

describe('Email Signature', () => {
  it('shows the employee a live preview, copies HTML and plain text from the keyboard, and downloads the .htm', async () => {
    const session = await signedIn(samUser, '/employee-portal', desktop);
    sessions.push(session);
    const { page, context } = session;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });

    const region = section(page);
    await expectOnPage(region.getByRole('heading', { name: 'Email Signature' })).toBeVisible();
    // The preview is made when it is scrolled near (below the first screen, it would slow the page's load).
    await region.scrollIntoViewIfNeeded();
    const preview = page.frameLocator(PREVIEW);
    await expectOnPage(preview.getByText('Sam Sender', { exact: true })).toBeVisible();
    await expectOnPage(preview.getByText('Account Manager', { exact: true })).toBeVisible();
    await expectOnPage(preview.getByRole('link', { name: 'View my digital card', exact: true })).toHaveAttribute('href', markedUrl());
    await expectOnPage(preview.getByRole('link', { name: '+1 555 0142', exact: true })).toHaveAttribute('href', 'tel:+15550142');
    await expectOnPage(preview.getByRole('link', { name: sam.email, exact: true })).toHaveAttribute('href', `mailto:${sam.email}`);
    // The photo, the logo and the QR code, each loaded from the site's media (a broken image has no natural width).
    for (const name of ['Photo of Sam Sender', 'Signal Studio logo', 'QR code: scan to open my digital card']) {
      const img = preview.getByRole('img', { name, exact: true });
      await expectOnPage(img).toBeVisible();
      await expectOnPage.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
      expect(new URL((await img.getAttribute('src'))!).origin).toBe(origin);
    }
    // The preview is as tall as the signature: nothing is cut off, no empty space below.
    const frame = page.locator(PREVIEW);
    const heights = await frame.evaluate((el: HTMLIFrameElement) => ({ frame: el.clientHeight, content: el.contentDocument!.documentElement.scrollHeight }));
    expect(heights.frame).toBeGreaterThanOrEqual(heights.content);
    expect(heights.frame).toBeLessThan(heights.content + 10);

    // Copy from the keyboard: the clipboard holds both types.
    await region.getByRole('button', { name: 'Copy signature' }).focus();
    await page.keyboard.press('Enter');
    await expectOnPage(page.getByText(emailSignatureMessages.copied, { exact: true })).toBeVisible();
    const clip = await page.evaluate(async () => {
      const [item] = await navigator.clipboard.read();
      return { types: item!.types, html: await (await item!.getType('text/html')).text(), text: await (await item!.getType('text/plain')).text() };
    });
    expect([...clip.types].sort()).toEqual(['text/html', 'text/plain']);
    expect(clip.html).toContain('<table');
    expect(clip.html).toContain(`href="${markedUrl()}"`);
    expect(clip.html).not.toMatch(/\sclass=/);
    expect(clip.text).toBe(['Sam Sender', 'Account Manager', 'Signal Studio', 'Office: +1 555 0142', `Email: ${sam.email}`, `View my digital card: ${markedUrl()}`].join('\n'));

    // Download .htm: a whole document named after the person, holding the same signature.
    const [download] = await Promise.all([page.waitForEvent('download'), region.getByRole('button', { name: 'Download .htm' }).click()]);
    expect(download.suggestedFilename()).toBe('sam-sender-signature.htm');
    const file = await readFile((await download.path())!, 'utf8');
    expect(file.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(file).toContain('<meta charset="utf-8">');
    expect(file).toContain(`href="${markedUrl()}"`);
    expect(file).toContain(`/media/signature-qr/${owned.business.id}/${sam.card.id}/`);

    // The paste instructions open from the keyboard.
    await region.getByText('How to add it to your e-mail').focus();
    await page.keyboard.press('Enter');
    await expectOnPage(region.getByText(emailSignatureMessages.howTo.gmail)).toBeVisible();
    await region.scrollIntoViewIfNeeded();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'signature-01-portal-desktop');

    await page.setViewportSize(phone390);
    await region.scrollIntoViewIfNeeded();
    // On a phone the text wraps and the frame grows with it: nothing is cut off at the bottom.
    await expectOnPage
      .poll(() => frame.evaluate((el: HTMLIFrameElement) => el.clientHeight - el.contentDocument!.documentElement.scrollHeight))
      .toBeGreaterThanOrEqual(0);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'signature-02-portal-phone');
  });

  it('the owner chooses the fields and a disclaimer in Company Settings; the Employee Profile dialog and the portal follow', async () => {
    const owner = await signedIn(owned.owner, '/business', desktop);
    sessions.push(owner);
    const { page } = owner;
    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog');
    const fields = dialog.getByRole('group', { name: 'Email Signature' });
    await fields.scrollIntoViewIfNeeded();
    await expectOnPage(fields.getByLabel('QR code', { exact: true })).toBeChecked();
    await fields.getByLabel('QR code', { exact: true }).uncheck();
    await fields.getByLabel('Phone numbers', { exact: true }).uncheck();
    const disclaimerField = fields.getByLabel(/Disclaimer/);
    await disclaimerField.fill('x'.repeat(301));
    await dialog.getByRole('button', { name: 'Save Settings' }).click();
    await expectOnPage(fields.getByText('Must be at most 300 characters')).toBeVisible();
    await expectOnPage(disclaimerField).toHaveAttribute('aria-invalid', 'true');
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'signature-03-settings-error', { fullPage: false });
    await disclaimerField.fill(disclaimer);
    await dialog.getByRole('button', { name: 'Save Settings' }).click();
    await expectOnPage(page.getByText(messages.company.settingsUpdated)).toBeVisible();

    const db = await tables();
    expect((await db.business.get({ businessId: owned.business.id }).go()).data).toMatchObject({
      signatureFields: { photo: true, jobTitle: true, phones: false, email: true, logo: true, qrCode: false, cardLink: true },
      signatureDisclaimer: disclaimer,
    });

    // The owner's Employee Profile dialog shows the employee's signature with the new choices.
    const dashboard = new BusinessDashboardPage(page);
    await dashboard.openEmployee('Sam Sender');
    const inDialog = dashboard.dialog().getByRole('region', { name: 'Email Signature' });
    await inDialog.scrollIntoViewIfNeeded();
    const ownerPreview = inDialog.frameLocator(PREVIEW);
    await expectOnPage(ownerPreview.getByText(disclaimer)).toBeVisible();
    await expectOnPage(ownerPreview.getByRole('img', { name: 'Photo of Sam Sender' })).toBeVisible();
    await expectOnPage(ownerPreview.getByRole('img', { name: /QR code/ })).toHaveCount(0);
    await expectOnPage(inDialog.getByRole('button', { name: 'Copy signature' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'signature-04-profile-dialog', { fullPage: false });

    // The employee's preview follows.
    const portal = await signedIn(samUser, '/employee-portal', phone390);
    sessions.push(portal);
    await section(portal.page).scrollIntoViewIfNeeded();
    const preview = portal.page.frameLocator(PREVIEW);
    await expectOnPage(preview.getByText(disclaimer)).toBeVisible();
    await expectOnPage(preview.getByText('Sam Sender', { exact: true })).toBeVisible();
    await expectOnPage(preview.getByRole('img', { name: /QR code/ })).toHaveCount(0);
    await expectOnPage(preview.getByRole('link', { name: '+1 555 0142' })).toHaveCount(0);
    await section(portal.page).scrollIntoViewIfNeeded();
    expect(await horizontalOverflow(portal.page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(portal.page)).toEqual([]);
    await shot(portal.page, 'signature-05-portal-follows-phone');
  });

  it('copies both types without ClipboardItem too (the copy-command fallback)', async () => {
    const session = await signedIn(samUser, '/employee-portal', desktop);
    sessions.push(session);
    const { page, context } = session;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    await page.addInitScript(() => {
      delete (window as { ClipboardItem?: unknown }).ClipboardItem;
    });
    await page.reload();
    expect(await page.evaluate(() => typeof (window as { ClipboardItem?: unknown }).ClipboardItem)).toBe('undefined');
    const region = section(page);
    await region.scrollIntoViewIfNeeded();
    await expectOnPage(page.frameLocator(PREVIEW).getByText('Sam Sender', { exact: true })).toBeVisible();
    await region.getByRole('button', { name: 'Copy signature' }).click();
    await expectOnPage(page.getByText(emailSignatureMessages.copied, { exact: true })).toBeVisible();
    // Read back through the async API (reading needs no ClipboardItem constructor).
    const clip = await page.evaluate(async () => {
      const [item] = await navigator.clipboard.read();
      return { types: [...item!.types].sort(), html: await (await item!.getType('text/html')).text(), text: await (await item!.getType('text/plain')).text() };
    });
    expect(clip.types).toEqual(['text/html', 'text/plain']);
    expect(clip.html).toContain(`href="${markedUrl()}"`);
    expect(clip.text.startsWith('Sam Sender\n')).toBe(true);
  });
});
