// Browser test helpers: a page per test with screenshots kept under tests/artifacts/, and the local mailbox.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect as expectOnPage } from '@playwright/test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { AuthPage } from '../e2e/pages/auth-page';
import { launchBrowser } from './browser';
import { mailbox, origin, runtime, type TestUser } from './runtime';
import { userAgents } from './user-agents';

export const artifactsDir = join('tests', 'artifacts');
mkdirSync(artifactsDir, { recursive: true });

/** A full-page (or, for an open dialog over a long page, viewport) screenshot with CSS animations finished. */
export async function shot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  await page.screenshot({ path: join(artifactsDir, `${name}.png`), fullPage: options.fullPage ?? true, animations: 'disabled' });
}

export interface BrowserSession {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  consoleErrors: string[];
}

/**
 * A browser at `viewport` that presents itself as a person's phone (below 768 px) or desktop: headless Chromium's own
 * User-Agent names it a bot, and the card page does not count bots as scans.
 */
export async function openBrowser(viewport: { width: number; height: number }, options: { javaScriptEnabled?: boolean; acceptDownloads?: boolean } = {}): Promise<BrowserSession> {
  const browser = await launchBrowser();
  const context = await browser.newContext({
    viewport,
    userAgent: viewport.width < 768 ? userAgents.phone : userAgents.desktop,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    acceptDownloads: options.acceptDownloads ?? true,
  });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  return { browser, context, page, consoleErrors };
}

/** Waits for the newest mail to `to` whose text matches `pattern`, and returns the first capture group. */
export async function codeFromMailbox(to: string, pattern = /\b(\d{6})\b/, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = (await mailbox()).filter((m) => [m.to].flat().includes(to));
    const last = mails[mails.length - 1];
    const match = last && pattern.exec(`${last.body.text ?? ''} ${last.body.html ?? ''}`);
    if (match?.[1]) return match[1];
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail with a code reached ${to}`);
}

/** A browser at `viewport` where `user` has signed in on /auth?redirect=`path` and landed on `path`. */
export async function signedIn(user: TestUser, path: string, viewport: { width: number; height: number }): Promise<BrowserSession> {
  const session = await openBrowser(viewport);
  const auth = new AuthPage(session.page);
  await auth.goto(path);
  await auth.signIn(user.email, user.password);
  await session.page.waitForURL(`${origin}${path}`);
  return session;
}

/** Opens Company Settings from the dashboard and scrolls to its section headed `name`. */
export async function openCompanySettingsSection(page: Page, name: string) {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Company Settings' });
  const section = dialog.getByRole('region', { name });
  await section.getByRole('heading', { name }).scrollIntoViewIfNeeded();
  return { dialog, section };
}

/** Opens Company Settings from the dashboard and its Single sign-on section, once its setup details are drawn. */
export async function openSsoSettings(page: Page) {
  const { dialog, section } = await openCompanySettingsSection(page, 'Single sign-on');
  await expectOnPage(section.getByText('What your identity provider needs from us', { exact: true })).toBeVisible();
  return { dialog, section };
}

const hostedUi = `http://127.0.0.1:${runtime.settings.hostedUiPort}`;
/** Whether the page is at the local hosted UI's authorize page (where 'Continue with Google' goes). */
export const atHostedUi = (url: URL) => url.origin === hostedUi && url.pathname === '/oauth2/authorize';

/** On the local Google account chooser: a typed Google account, its e-mail verified or not, then Continue. */
export async function chooseGoogleAccount(page: Page, account: { email: string; name: string; verified: boolean }) {
  await expectOnPage(page.getByRole('heading', { name: 'Choose an account' })).toBeVisible();
  await page.getByLabel('Use another account').check();
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Name', { exact: true }).fill(account.name);
  await page.getByLabel('Google has verified this email address').setChecked(account.verified);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** A white-labelled client's page shows no CardCrew: not in the tab (title, icon), the text or a platform mark; one <title>. */
export async function expectNoCardCrew(page: Page, where: string) {
  expect(await page.title(), where).not.toMatch(/cardcrew/i);
  expect(await page.locator('body').innerText(), where).not.toMatch(/cardcrew/i);
  expect(await page.locator('link[rel="icon"]').getAttribute('href'), where).not.toBe('/favicon.svg');
  expect(await page.locator('[data-platform-mark]').count(), where).toBe(0);
  expect(await page.locator('title').count(), where).toBe(1);
}
