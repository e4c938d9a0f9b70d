// Webhooks in a real browser: the owner opens Company Settings → Webhooks, adds an endpoint on the local webhook
// receiver by keyboard and sees its secret once, sends a test event and watches it in the delivery log, replays it,
// rotates the secret after a confirmation; the receiver verified every delivery. axe clean at 1280 and 390 px, no
// sideways scroll at 390 px; screenshots under tests/artifacts/.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage } from '@playwright/test';
import type { Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { webhookMessages } from '../../shared/messages/webhooks';
import { axeViolations, horizontalOverflow } from '../support/axe';
import { desktop } from '../support/browser';
import { openBrowser, openCompanySettingsSection, shot, signedIn, type BrowserSession } from '../support/e2e';
import { createOwnerWithBusiness, origin, runtime, tables } from '../support/runtime';
import { AuthPage } from './pages/auth-page';

const phone390 = { width: 390, height: 844 };
const receiver = `http://127.0.0.1:${runtime.settings.webhookReceiverPort}`;
let owner: Awaited<ReturnType<typeof createOwnerWithBusiness>>;
const sessions: BrowserSession[] = [];

beforeAll(async () => {
  owner = await createOwnerWithBusiness({ name: 'Hooked Bakery' });
});
afterAll(async () => {
  await Promise.all(sessions.map((s) => s.browser.close()));
});

const openWebhooks = (page: Page) => openCompanySettingsSection(page, 'Webhooks');

const received = async (name: string) => (await fetch(`${receiver}/hooks/${name}`)).json() as Promise<{ headers: Record<string, string>; body: string; verified: boolean | null }[]>;

describe('Webhooks (1280 px, then 390 px)', () => {
  it('adds an endpoint with its secret shown once, sends a test event, sees the delivery log, replays, rotates', async () => {
    const session = await signedIn(owner.owner, '/business', desktop);
    sessions.push(session);
    const { page } = session;
    const { section } = await openWebhooks(page);
    await expectOnPage(section.getByText('No endpoints yet.', { exact: true })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // A URL the rules refuse is the field's error.
    await section.getByLabel('Endpoint URL *').fill('https://10.0.0.1/hook');
    await section.getByRole('button', { name: 'Add Endpoint' }).click();
    await expectOnPage(section.getByText(webhookMessages.urlPrivate, { exact: true })).toBeVisible();

    // Keyboard: the receiver's URL, then Enter (lead.created is ticked by default).
    const name = `e2e${randomBytes(4).toString('hex')}`;
    await section.getByLabel('Endpoint URL *').fill('');
    await section.getByLabel('Endpoint URL *').focus();
    await page.keyboard.type(`${receiver}/hooks/${name}`);
    await page.keyboard.press('Enter');
    const secretBox = section.getByTestId('webhook-secret');
    await expectOnPage(secretBox).toBeVisible();
    const secret = (await secretBox.textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await fetch(`${receiver}/hooks/${name}/secret`, { method: 'POST', body: secret });
    const endpoints = section.getByRole('list', { name: 'Webhook endpoints' });
    await expectOnPage(endpoints.getByText(`${receiver}/hooks/${name}`, { exact: true })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'webhooks-secret-once', { fullPage: false });
    await section.getByRole('button', { name: 'Done' }).click();
    await expectOnPage(secretBox).toBeHidden();

    // Send a test event: the delivery log shows it delivered.
    await endpoints.getByRole('button', { name: 'Send Test Event' }).click();
    const log = section.getByRole('list', { name: 'Delivery log' });
    await expectOnPage(log.getByText('Delivered', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expectOnPage(log.getByText('HTTP 204', { exact: false })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'webhooks-delivery-log', { fullPage: false });

    // Replay it: a second delivery of the same event.
    await log.getByRole('button', { name: /^Replay webhook.test/ }).first().click();
    await expectOnPage(log.getByText('Replay', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expectOnPage(log.getByText('Delivered', { exact: true })).toHaveCount(2, { timeout: 20_000 });
    const hits = await received(name);
    expect(hits).toHaveLength(2);
    expect(hits.every((h) => h.verified)).toBe(true);
    expect(new Webhook(secret).verify(hits[0]!.body, hits[0]!.headers)).toMatchObject({ type: 'webhook.test' });
    expect(hits[1]!.headers['webhook-id']).toBe(hits[0]!.headers['webhook-id']);

    // Rotate after the confirmation: a new secret shown once, the old one still signing.
    await endpoints.getByRole('button', { name: 'Rotate Secret' }).click();
    const confirm = page.getByRole('dialog', { name: 'Rotate signing secret?' });
    await expectOnPage(confirm).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Rotate Secret' }).click();
    await expectOnPage(secretBox).toBeVisible();
    const rotated = (await secretBox.textContent())!.trim();
    expect(rotated).not.toBe(secret);
    await expectOnPage(endpoints.getByText('The previous secret also signs until', { exact: false })).toBeVisible();
    const db = await tables();
    const stored = (await db.webhookEndpoint.query.byBusiness({ businessId: owner.business.id }).go()).data;
    expect(stored).toEqual([expect.objectContaining({ secret: rotated, previousSecret: secret })]);
  }, 120_000);

  it('fits a 390 px phone without sideways scroll, axe clean', async () => {
    const session = await openBrowser(phone390);
    sessions.push(session);
    const { page } = session;
    const auth = new AuthPage(page);
    await auth.goto('/business');
    await auth.signIn(owner.owner.email, owner.owner.password);
    await page.waitForURL(`${origin}/business`);
    const { dialog, section } = await openWebhooks(page);
    await section.getByRole('list', { name: 'Webhook endpoints' }).getByRole('button', { name: 'Delivery Log' }).click();
    await expectOnPage(section.getByRole('list', { name: 'Delivery log' })).toBeVisible();
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await dialog.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await section.getByRole('heading', { name: 'Webhooks' }).scrollIntoViewIfNeeded();
    await shot(page, 'webhooks-phone', { fullPage: false });
  });
});
