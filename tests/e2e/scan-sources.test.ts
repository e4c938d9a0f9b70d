// Where scans come from, in a real browser (issue 22 §6, §7): the employee portal's 'Write to NFC tag' writes one NDEF
// URL record with the card URL marked as an NFC scan (a fake NDEFReader stands in for Chrome on Android's Web NFC and
// records what is written), says in plain words when writing fails or is cancelled, and explains which phones can
// write tags where there is no Web NFC; the employee's and the owner's scan analytics list the new sources. 390 px
// phone without sideways scroll, axe clean, keyboard.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage } from '@playwright/test';
import type { Page } from 'playwright-core';
import { portalMessages } from '../../shared/messages/portal';
import { axeViolations, horizontalOverflow } from '../support/axe';
import { desktop } from '../support/browser';
import { shot, signedIn, type BrowserSession } from '../support/e2e';
import { invite } from '../support/invitations';
import { addEmployee, api, createOwnerWithBusiness, createUser, scanCard, uniqueEmail, type TestUser } from '../support/runtime';

const phone390 = { width: 390, height: 844 };
let owned: Awaited<ReturnType<typeof createOwnerWithBusiness>>;
let nia: Awaited<ReturnType<typeof addEmployee>>;
let niaUser: TestUser;
const sessions: BrowserSession[] = [];

/**
 * A fake Web NFC: `NDEFReader#write` records the message it is given in `window.__nfcWrites` and then does what
 * `window.__nfcMode` says — succeed, fail with a DOMException of that name, or wait for a tag until aborted.
 */
function fakeWebNfc() {
  const w = window as unknown as { __nfcWrites: unknown[]; __nfcMode: string; NDEFReader: unknown };
  w.__nfcWrites = [];
  w.__nfcMode = 'ok';
  w.NDEFReader = class {
    write(message: unknown, options?: { signal?: AbortSignal }): Promise<void> {
      w.__nfcWrites.push(JSON.parse(JSON.stringify(message)));
      if (w.__nfcMode === 'ok') return Promise.resolve();
      if (w.__nfcMode !== 'wait') return Promise.reject(new DOMException('fake failure', w.__nfcMode));
      return new Promise((_, reject) => options?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    }
  };
}

const writes = (page: Page) => page.evaluate(() => (window as unknown as { __nfcWrites: unknown[] }).__nfcWrites);
const setMode = (page: Page, mode: string) => page.evaluate((m) => ((window as unknown as { __nfcMode: string }).__nfcMode = m), mode);
const nfcSection = (page: Page) => page.getByRole('region', { name: 'Write to NFC tag' });

beforeAll(async () => {
  owned = await createOwnerWithBusiness({ name: 'Tag Works' });
  const email = uniqueEmail('nia');
  nia = await addEmployee(owned.owner, owned.business.id, { name: 'Nia Tagger', email, status: 'active' });
  const token = await invite(owned, nia.id, email);
  niaUser = await createUser({ email });
  expect((await api('POST', `/api/invitations/${token}/accept`, { user: niaUser })).status).toBe(200);
});
afterAll(async () => {
  for (const session of sessions) await session.browser.close();
});

describe('scan sources and NFC', () => {
  it('writes one NDEF URL record with the card URL marked as an NFC scan, from the keyboard, on a 390 px phone', async () => {
    const session = await signedIn(niaUser, '/employee-portal', phone390);
    sessions.push(session);
    const { page } = session;
    await page.addInitScript(fakeWebNfc);
    await page.reload();

    const section = nfcSection(page);
    const nfcUrl = `${nia.card.cardUrl}?s=n`;
    await expectOnPage(section).toContainText(`The tag will open ${nfcUrl}`);
    const button = section.getByRole('button', { name: 'Write to NFC tag' });
    await button.focus();
    await page.keyboard.press('Enter');
    await expectOnPage(section.getByRole('status')).toHaveText(portalMessages.nfc.written);
    expect(await writes(page)).toEqual([{ records: [{ recordType: 'url', data: nfcUrl }] }]);
    await expectOnPage(section.getByRole('button', { name: 'Write another tag' })).toBeFocused();

    await section.scrollIntoViewIfNeeded();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'nfc-01-written-phone');
  });

  it('says in plain words when NFC permission is denied, no tag can be written, the tag moves away, or writing is cancelled', async () => {
    const session = await signedIn(niaUser, '/employee-portal', phone390);
    sessions.push(session);
    const { page } = session;
    await page.addInitScript(fakeWebNfc);
    await page.reload();
    const section = nfcSection(page);
    const button = section.getByRole('button', { name: 'Write to NFC tag' });

    for (const [mode, message] of [
      ['NotAllowedError', portalMessages.nfc.permissionDenied],
      ['NotSupportedError', portalMessages.nfc.noTag],
      ['NetworkError', portalMessages.nfc.tagMoved],
    ] as const) {
      await setMode(page, mode);
      await button.click();
      await expectOnPage(section.getByRole('status')).toHaveText(message);
    }

    // Waiting for a tag: the live region says what to do, Cancel stops the wait from the keyboard.
    await setMode(page, 'wait');
    await button.click();
    await expectOnPage(section.getByRole('status')).toHaveText(portalMessages.nfc.waiting);
    await expectOnPage(button).toBeDisabled();
    await section.getByRole('button', { name: 'Cancel' }).focus();
    await page.keyboard.press('Enter');
    await expectOnPage(section.getByRole('status')).toHaveText(portalMessages.nfc.cancelled);
    await expectOnPage(section.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
    await expectOnPage(button).toBeFocused();
    expect(await writes(page)).toHaveLength(4);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'nfc-02-cancelled-phone');
  });

  it('explains which phones can write tags where the browser has no Web NFC, and offers no button', async () => {
    const session = await signedIn(niaUser, '/employee-portal', desktop);
    sessions.push(session);
    const { page } = session;
    expect(await page.evaluate(() => 'NDEFReader' in window)).toBe(false);
    const section = nfcSection(page);
    await expectOnPage(section).toContainText(portalMessages.nfc.unsupported);
    await expectOnPage(section.getByRole('button')).toHaveCount(0);
    await section.scrollIntoViewIfNeeded();
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(phone390);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'nfc-03-unsupported-phone');
  });

  it('lists each source in the employee’s and the owner’s scan analytics, channels without scans left out', async () => {
    for (const via of ['nfc', 'nfc', 'signature', 'googleWallet', 'qr'] as const) expect((await scanCard(nia.card.id, { via })).status).toBe(200);
    expect((await scanCard(nia.card.id, { mark: 'unknown' })).status).toBe(200);

    const portal = await signedIn(niaUser, '/employee-portal', phone390);
    sessions.push(portal);
    const bySource = portal.page.getByRole('region', { name: 'My Card Scans' }).getByRole('region', { name: 'By source' });
    await expectOnPage(bySource.getByRole('listitem')).toHaveText([/QR code\s*1 \(17%\)/, /Shared link\s*1 \(17%\)/, /NFC tag\s*2 \(33%\)/, /Google Wallet\s*1 \(17%\)/, /Email signature\s*1 \(17%\)/]);
    await bySource.scrollIntoViewIfNeeded();
    expect(await horizontalOverflow(portal.page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(portal.page)).toEqual([]);
    await shot(portal.page, 'nfc-04-sources-portal-phone');

    const dashboard = await signedIn(owned.owner, '/business', desktop);
    sessions.push(dashboard);
    const ownerSources = dashboard.page.getByRole('region', { name: 'Scan Analytics' }).getByRole('region', { name: 'By source' });
    await expectOnPage(ownerSources).toContainText(/NFC tag\s*2 \(33%\)/);
    await expectOnPage(ownerSources).toContainText(/Google Wallet\s*1 \(17%\)/);
    await expectOnPage(ownerSources).toContainText(/Email signature\s*1 \(17%\)/);
    await expectOnPage(ownerSources).not.toContainText('Apple Wallet');
    await expectOnPage(ownerSources).not.toContainText('Video background');
    await ownerSources.scrollIntoViewIfNeeded();
    expect(await axeViolations(dashboard.page)).toEqual([]);
  });
});
