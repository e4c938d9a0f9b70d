// 'Share your card' in the employee portal, in a real browser on a 390 px phone: the share sheet gets the card URL marked
// as a share (navigator.share stubbed in the page to record its argument: headless Chromium has no Web Share), Copy link
// copies the plain URL, the text, WhatsApp and e-mail links open prefilled with their own marks, and a visit through
// each counts under its own source in the employee's scan analytics. Where there is no share sheet the section says
// so and the other ways remain. Axe clean, keyboard, no sideways scroll.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage } from '@playwright/test';
import type { Page } from 'playwright-core';
import { portalMessages } from '../../shared/messages/portal';
import { axeViolations, horizontalOverflow } from '../support/axe';
import { shot, signedIn, type BrowserSession } from '../support/e2e';
import { invite } from '../support/invitations';
import { addEmployee, api, createOwnerWithBusiness, createUser, uniqueEmail, type TestUser } from '../support/runtime';
import { userAgents } from '../support/user-agents';

const phone390 = { width: 390, height: 844 };
let owned: Awaited<ReturnType<typeof createOwnerWithBusiness>>;
let sia: Awaited<ReturnType<typeof addEmployee>>;
let siaUser: TestUser;
const sessions: BrowserSession[] = [];

/** A Web Share API and a clipboard that record what they are given (`window.__shared`, `window.__copied`). */
function recordingShareAndClipboard() {
  const w = window as unknown as { __shared: unknown[]; __copied: string[] };
  w.__shared = [];
  w.__copied = [];
  Object.defineProperty(navigator, 'share', {
    configurable: true,
    value: (data: unknown) => {
      w.__shared.push(JSON.parse(JSON.stringify(data)));
      return Promise.resolve();
    },
  });
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: {
      writeText: (text: string) => {
        w.__copied.push(text);
        return Promise.resolve();
      },
    },
  });
}

/** A clipboard that refuses to write, as a browser does when the permission is refused. */
function refusingClipboard() {
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: () => Promise.reject(new DOMException('refused', 'NotAllowedError')) } });
}

const recorded = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __shared: unknown[]; __copied: string[] };
    return { __shared: w.__shared, __copied: w.__copied };
  });
const shareSection = (page: Page) => page.getByRole('region', { name: 'Share your card' });

beforeAll(async () => {
  owned = await createOwnerWithBusiness({ name: 'Share Works' });
  const email = uniqueEmail('sia');
  sia = await addEmployee(owned.owner, owned.business.id, { name: 'Sia Sharer', email, status: 'active' });
  const token = await invite(owned, sia.id, email);
  siaUser = await createUser({ email });
  expect((await api('POST', `/api/invitations/${token}/accept`, { user: siaUser })).status).toBe(200);
});
afterAll(async () => {
  for (const session of sessions) await session.browser.close();
});

describe('sharing the card from the portal', () => {
  it('shares the card URL marked as a share, copies the plain link and prefills text, WhatsApp and e-mail, each counted as its own source', async () => {
    const session = await signedIn(siaUser, '/employee-portal', phone390);
    sessions.push(session);
    const { page } = session;
    await page.addInitScript(recordingShareAndClipboard);
    await page.reload();
    const section = shareSection(page);
    const cardUrl = sia.card.cardUrl;
    await expectOnPage(section.getByRole('textbox', { name: 'Your card’s link' })).toHaveValue(cardUrl);
    await expectOnPage(section).not.toContainText(portalMessages.share.noShareSheet);

    // Share, from the keyboard: the sheet gets a title, the words and the marked URL.
    await section.getByRole('button', { name: 'Share', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expectOnPage.poll(async () => (await recorded(page)).__shared).toEqual([
      { title: 'Sia Sharer’s digital business card', text: portalMessages.share.message, url: `${cardUrl}?s=sh` },
    ]);

    await section.getByRole('button', { name: 'Copy link' }).click();
    await expectOnPage(section.getByRole('status')).toHaveText(portalMessages.share.copied);
    expect((await recorded(page)).__copied).toEqual([cardUrl]);

    // The prefilled links, read back as the apps would.
    const hrefOf = (name: string) => section.getByRole('link', { name }).getAttribute('href');
    const text = (await hrefOf('Send by text'))!;
    expect(text.startsWith('sms:?&body=')).toBe(true);
    expect(decodeURIComponent(text.slice('sms:?&body='.length))).toBe(`${portalMessages.share.message} ${cardUrl}?s=sms`);
    const whatsapp = new URL((await hrefOf('Send on WhatsApp'))!);
    expect(whatsapp.origin).toBe('https://wa.me');
    expect(whatsapp.searchParams.get('text')).toBe(`${portalMessages.share.message} ${cardUrl}?s=wa`);
    await expectOnPage(section.getByRole('link', { name: 'Send on WhatsApp' })).toHaveAttribute('target', '_blank');
    const email = (await hrefOf('Send by email'))!;
    expect(email).toMatch(/^mailto:\?subject=[^&]+&body=/);
    expect(decodeURIComponent(email.split('&body=')[1]!)).toBe(`${portalMessages.share.message} ${cardUrl}?s=em\r\n\r\nSia Sharer`);

    await section.scrollIntoViewIfNeeded();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'share-01-shared-phone');

    // A recipient's phone opens each link: each counts under its own source.
    const shared = [`${cardUrl}?s=sh`, `${cardUrl}?s=sms`, whatsapp.searchParams.get('text')!.split(' ').at(-1)!, `${cardUrl}?s=em`];
    for (const url of shared) expect((await fetch(url, { headers: { 'user-agent': userAgents.phone } })).status).toBe(200);
    const mine = await api('GET', '/api/me/analytics?days=7', { user: siaUser });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ totalInRange: 4, bySource: { share: 1, text: 1, whatsapp: 1, email: 1, link: 0, notRecorded: 0 } });
    await page.reload();
    const bySource = page.getByRole('region', { name: 'My Card Scans' }).getByRole('region', { name: 'By source' });
    // The portal's sections load one after another: on a busy machine the analytics come last.
    await expectOnPage(bySource).toContainText(/Share button\s*1 \(25%\)/, { timeout: 20_000 });
    await expectOnPage(bySource).toContainText(/Text message\s*1 \(25%\)/);
    await expectOnPage(bySource).toContainText(/WhatsApp\s*1 \(25%\)/);
    await expectOnPage(bySource).toContainText(/Email\s*1 \(25%\)/);
  });

  it('says there is no share sheet where the browser has none, and the other ways still work; a refused clipboard is explained', async () => {
    const session = await signedIn(siaUser, '/employee-portal', phone390);
    sessions.push(session);
    const { page } = session;
    expect(await page.evaluate(() => typeof navigator.share)).toBe('undefined');
    const section = shareSection(page);
    await expectOnPage(section).toContainText(portalMessages.share.noShareSheet, { timeout: 20_000 });
    await expectOnPage(section.getByRole('button', { name: 'Share', exact: true })).toHaveCount(0);
    await expectOnPage(section.getByRole('link')).toHaveText(['Send by text', 'Send on WhatsApp', 'Send by email']);

    // Headless Chromium's own clipboard, with the permission granted: the plain URL is what lands there.
    await session.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await section.getByRole('button', { name: 'Copy link' }).focus();
    await page.keyboard.press('Enter');
    await expectOnPage(section.getByRole('status')).toHaveText(portalMessages.share.copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(sia.card.cardUrl);
    await section.scrollIntoViewIfNeeded();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'share-02-no-share-sheet-phone');

    await page.addInitScript(refusingClipboard);
    await page.reload();
    await shareSection(page).getByRole('button', { name: 'Copy link' }).click();
    await expectOnPage(shareSection(page).getByRole('status')).toHaveText(portalMessages.share.copyFailed);
    // The link is on screen to copy by hand: focusing it selects it all.
    const field = shareSection(page).getByRole('textbox', { name: 'Your card’s link' });
    await field.focus();
    expect(await field.evaluate((input: HTMLInputElement) => input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0))).toBe(sia.card.cardUrl);
    expect(await axeViolations(page)).toEqual([]);
  });
});
