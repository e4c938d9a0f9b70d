// Accounts in a real browser on a 375 px phone: sign-up as a business owner or an agency (codes from the local
// mailbox), the route guards and the redirect back to a deep link, the forgotten password, where the landing
// page sends each role (and the one-shot pending redirect), the admin-only route, sign-out and the way to Google in local mode.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage } from '@playwright/test';
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { BrowserContext, Page } from 'playwright-core';
import { desktop, phone } from '../support/browser';
import { codeFromMailbox, openBrowser, shot, type BrowserSession } from '../support/e2e';
import { cognito, createUser, origin, runtime, signIn, tables, uniqueEmail } from '../support/runtime';
import { AuthPage } from './pages/auth-page';

let session: BrowserSession;

beforeAll(async () => {
  session = await openBrowser(phone);
});
afterAll(async () => {
  await session?.browser.close();
});

declare global {
  interface Window {
    __paths?: string[];
  }
}

/**
 * A fresh phone context (its own storage, so its own session) whose pages record every path the SPA visits in
 * window.__paths — to see the stops a redirect chain makes, not only where it ends.
 */
async function withPage(run: (page: Page, context: BrowserContext) => Promise<void>) {
  const context = await session.browser.newContext({ viewport: phone });
  await context.addInitScript(() => {
    const record = () => (window.__paths ??= []).push(location.pathname + location.search);
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (...args: Parameters<History['pushState']>) => {
        original(...args);
        record();
      };
    }
    record();
  });
  try {
    await run(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};
/** The paths visited since the page loaded, without repeats (the router also re-stamps the current entry). */
const visitedPaths = async (page: Page) => (await page.evaluate(() => window.__paths ?? [])).filter((p, i, all) => p !== all[i - 1]);

const fillSignIn = (page: Page, email: string, password: string) => new AuthPage(page).signIn(email, password);

/** Signs in through /auth (no redirect parameter) and waits until the app has sent the user on. */
async function signInThroughPage(page: Page, email: string, password: string) {
  const auth = new AuthPage(page);
  await auth.goto();
  await auth.signIn(email, password);
  await page.waitForURL((url) => url.pathname !== '/auth' && url.pathname !== '/');
}

async function subOf(email: string): Promise<string> {
  const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: runtime.ids.userPoolId, Username: email }));
  return user.UserAttributes!.find((a) => a.Name === 'sub')!.Value!;
}

async function storedAccountType(email: string) {
  const db = await tables();
  return (await db.profile.get({ userId: await subOf(email) }).go()).data?.accountType;
}

const demo = {
  admin: { email: 'admin@cardcrew.local', password: 'Admin1234!' },
  owner: { email: 'owner@acme.example', password: 'Demo1234!' },
  jane: { email: 'jane@acme.example', password: 'Demo1234!' },
  agency: { email: 'agency@bright.example', password: 'Demo1234!' },
};

describe('sign-up (375 px)', () => {
  it('signs up as a Business Owner: the setup note, the code from the mailbox, then business onboarding', async () => {
    await withPage(async (page) => {
      const email = uniqueEmail('biz');
      const auth = new AuthPage(page);
      await auth.goto();
      await auth.startSignUp(email, 'Owner123!', 'business');
      await expectOnPage(auth.message('Create and manage digital business cards for your company.')).toBeVisible();
      await expectOnPage(auth.message("After confirming your email, you'll be redirected to complete your business setup.")).toBeVisible();
      await shot(page, 'accounts-01-sign-up-business');
      await page.setViewportSize(desktop);
      await shot(page, 'accounts-02-sign-up-desktop');
      await page.setViewportSize(phone);

      await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
      await expectOnPage(auth.confirmationCode()).toBeVisible();
      await expectOnPage(page.getByRole('button', { name: 'Resend code' })).toBeVisible();
      await auth.confirmationCode().fill(await codeFromMailbox(email));
      await shot(page, 'accounts-03-confirm');
      await page.getByRole('button', { name: 'Confirm' }).click();

      await page.waitForURL(`${origin}/business-onboarding`);
      await expectOnPage(page.getByLabel(/Company Name/)).toBeVisible();
      await shot(page, 'accounts-04-business-onboarding');
      expect(await storedAccountType(email)).toBe('business');
      expect(await page.evaluate(() => localStorage.getItem('pending_account_type'))).toBeNull();
    });
  });

  it('signs up as a Marketing Agency: to / after confirming, then on to /agency, stored as an agency', async () => {
    await withPage(async (page) => {
      const email = uniqueEmail('agency');
      const auth = new AuthPage(page);
      await auth.goto();
      await auth.startSignUp(email, 'Agency123!', 'agency');
      await expectOnPage(auth.message('Manage multiple business clients and their digital business cards.')).toBeVisible();
      await expectOnPage(page.getByText(/redirected to complete your business setup/)).toHaveCount(0);
      await shot(page, 'accounts-05-sign-up-agency');
      await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

      await auth.confirm(await codeFromMailbox(email));
      await page.waitForURL(`${origin}/agency`);
      await expectOnPage(page.getByRole('heading', { name: 'Set up your agency' })).toBeVisible();
      const paths = await visitedPaths(page);
      expect(paths.slice(-2)).toEqual(['/', '/agency']); // the site root first, then the landing page's redirect
      await shot(page, 'accounts-06-agency-home');

      expect(await storedAccountType(email)).toBe('agency');
      expect(await page.evaluate(() => localStorage.getItem('pending_account_type'))).toBeNull();
    });
  });
});

describe('sign-in and the route guards (375 px)', () => {
  it('sends a visitor of every login-required route to /auth with the path and search to come back to', async () => {
    await withPage(async (page) => {
      for (const path of ['/business', '/business/demo-business-acme', '/business-onboarding', '/agency', '/admin', '/employee-portal', '/profile?tab=1']) {
        await page.goto(`${origin}${path}`);
        await page.waitForURL((url) => url.pathname === '/auth');
        expect(pathOf(page), path).toBe(`/auth?redirect=${encodeURIComponent(path)}`);
      }
      await expectOnPage(page.getByRole('heading', { name: 'Sign in to CardCrew' })).toBeVisible();
    });
  });

  it('refuses empty fields, then signs in from a protected deep link and comes back to it, search included', async () => {
    await withPage(async (page) => {
      await page.goto(`${origin}/business?x=1`);
      await page.waitForURL((url) => url.pathname === '/auth');
      expect(pathOf(page)).toBe('/auth?redirect=%2Fbusiness%3Fx%3D1');

      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expectOnPage(page.getByText('Please fill in all fields')).toBeVisible();

      await fillSignIn(page, demo.owner.email, demo.owner.password);
      await page.waitForURL(`${origin}/business?x=1`);
      await expectOnPage(page.getByRole('heading', { name: 'Acme Studio' })).toBeVisible();
      await expectOnPage(page.getByText('Successfully signed in')).toBeVisible();
      await shot(page, 'accounts-07-back-at-deep-link');

      // Signed in, /auth goes straight to its decoded redirect (or to / without one).
      await page.goto(`${origin}/auth?redirect=${encodeURIComponent('/pricing?plan=pro')}`);
      await page.waitForURL(`${origin}/pricing?plan=pro`);
    });
  });

  it('resets a forgotten password with the code from the mailbox: the new password works, the old one does not', async () => {
    const user = await createUser({ email: uniqueEmail('forgetful') });
    const newPassword = 'Remembered123!';
    await withPage(async (page) => {
      await page.goto(`${origin}/auth`);
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      await page.getByLabel('Email').fill(user.email);
      await shot(page, 'accounts-08-forgot-password');
      await page.getByRole('button', { name: 'Send Reset Code' }).click();
      await expectOnPage(page.getByLabel('Reset code')).toBeVisible();
      await page.getByLabel('Reset code').fill(await codeFromMailbox(user.email));
      await page.getByLabel('New password').fill(newPassword);
      await shot(page, 'accounts-09-reset-password');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await expectOnPage(page.getByText('Your password has been reset. Please sign in.')).toBeVisible();

      await expect(signIn(user.email, user.password)).rejects.toThrow();
      await expect(signIn(user.email, newPassword)).resolves.toMatchObject({ email: user.email });

      await fillSignIn(page, user.email, user.password);
      await expectOnPage(page.getByText('Authentication Error')).toBeVisible();
      expect(pathOf(page)).toBe('/auth');
      await fillSignIn(page, user.email, newPassword);
      await page.waitForURL(`${origin}/business`); // a new user defaults to the business type
    });
  });

  it('sends Continue with Google to the hosted UI with a PKCE S256 challenge, and shows the local Google account chooser', async () => {
    await withPage(async (page) => {
      await page.goto(`${origin}/auth`);
      await page.getByRole('button', { name: 'Continue with Google' }).click();
      await page.waitForURL((url) => url.port === String(runtime.settings.hostedUiPort) && url.pathname === '/oauth2/authorize');
      const authorize = new URL(page.url());
      expect(authorize.searchParams.get('client_id')).toBe(runtime.ids.userPoolClientId);
      expect(authorize.searchParams.get('redirect_uri')).toBe(`${origin}/`);
      expect(authorize.searchParams.get('identity_provider')).toBe('Google');
      expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
      await expectOnPage(page.getByRole('heading', { name: 'Choose an account' })).toBeVisible();
      await shot(page, 'accounts-10-google-chooser');
    });
  });
});

describe('where signed-in users go (375 px)', () => {
  const homes = [
    { who: 'admin', user: demo.admin, home: '/admin', heading: 'Admin Portal', accountType: 'admin' },
    { who: 'agency owner', user: demo.agency, home: '/agency', heading: 'Bright Agency', accountType: 'agency' },
    { who: 'business owner', user: demo.owner, home: '/business', heading: 'Acme Studio', accountType: 'business' },
    { who: 'employee', user: demo.jane, home: '/employee-portal', heading: 'Welcome back, Jane Cooper!', accountType: 'employee' },
  ] as const;

  it.each(homes)('sends the $who from the landing page to $home', async ({ user, home, heading, accountType }) => {
    await withPage(async (page) => {
      await signInThroughPage(page, user.email, user.password);
      expect(pathOf(page)).toBe(home);
      await page.goto(`${origin}/`);
      await page.waitForURL(`${origin}${home}`);
      await expectOnPage(page.getByRole('heading', { name: heading })).toBeVisible();
      expect(await storedAccountType(user.email)).toBe(accountType);
    });
  });

  it("shows an admin the label 'Admin' and the Admin link in the phone menu", async () => {
    await withPage(async (page) => {
      await signInThroughPage(page, demo.admin.email, demo.admin.password);
      // The admin portal has its own header; the site's navigation is on every public page.
      await page.goto(`${origin}/about`);
      await page.getByRole('button', { name: 'Open menu' }).click();
      const nav = page.getByRole('navigation', { name: 'Main' });
      expect(await nav.getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
      expect(await nav.getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/profile');
      expect(await nav.getByText('Admin', { exact: true }).filter({ visible: true }).count()).toBe(2); // the link and the account label
      expect(await nav.getByText(demo.admin.email).count()).toBe(0);
      await shot(page, 'accounts-11-admin-menu');
    });
  });

  it('uses a pending redirect path once, then clears it', async () => {
    await withPage(async (page) => {
      await signInThroughPage(page, demo.owner.email, demo.owner.password);
      await page.evaluate(() => localStorage.setItem('pending_redirect_path', '/pricing?from=google'));
      await page.goto(`${origin}/`);
      await page.waitForURL(`${origin}/pricing?from=google`);
      expect(await page.evaluate(() => localStorage.getItem('pending_redirect_path'))).toBeNull();
      await page.goto(`${origin}/`);
      await page.waitForURL(`${origin}/business`);
    });
  });

  it('keeps /admin for the admin group: an owner is sent through /auth to their own home', async () => {
    await withPage(async (page) => {
      await signInThroughPage(page, demo.owner.email, demo.owner.password);
      await page.goto(`${origin}/admin`);
      await page.waitForURL(`${origin}/business`);
      expect(await visitedPaths(page)).toEqual(['/admin', '/auth', '/', '/business']);
      expect(await page.getByRole('heading', { name: 'Admin Portal' }).count()).toBe(0);
    });
  });

  it('signs out from the top navigation and from the pricing header: the toast, back to /, and no session left', async () => {
    await withPage(async (page) => {
      await signInThroughPage(page, demo.owner.email, demo.owner.password);
      await page.goto(`${origin}/about`);
      await page.getByRole('button', { name: 'Open menu' }).click();
      const nav = page.getByRole('navigation', { name: 'Main' });
      // The session is read again after the page load; the menu shows the account once it is known.
      await expectOnPage(nav.getByText(demo.owner.email).filter({ visible: true })).toHaveCount(1);
      await expectOnPage(nav.getByRole('link', { name: 'Profile' })).toBeVisible();
      expect(await nav.getByRole('link', { name: 'Admin' }).count()).toBe(0);
      await shot(page, 'accounts-12-signed-in-menu');
      await nav.getByRole('button', { name: 'Sign Out' }).click();
      await expectOnPage(page.getByText('Successfully signed out')).toBeVisible();
      expect(pathOf(page)).toBe('/');
      await shot(page, 'accounts-13-signed-out');
      const tokens = () => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('CognitoIdentityServiceProvider') && k.endsWith('idToken')));
      expect(await tokens()).toEqual([]);

      await signInThroughPage(page, demo.owner.email, demo.owner.password);
      await page.goto(`${origin}/pricing`);
      const header = page.getByRole('banner');
      await expectOnPage(header.getByText(demo.owner.email)).toBeVisible();
      await shot(page, 'accounts-14-pricing-signed-in');
      expect(await page.getByRole('link', { name: 'Get Started' }).first().getAttribute('href')).toBe('/business');
      await header.getByRole('button', { name: 'Sign Out' }).click();
      await page.waitForURL(`${origin}/`);
      await expectOnPage(page.getByText('Successfully signed out').first()).toBeVisible();
      expect(await tokens()).toEqual([]);
      await page.goto(`${origin}/business`);
      await page.waitForURL(`${origin}/auth?redirect=%2Fbusiness`);
    });
  });
});

describe('sessions, keyboard and the signed-in landing page (375 px)', () => {
  const storedIdToken = (page: Page) =>
    page.evaluate(() => Object.entries(localStorage).find(([key]) => key.startsWith('CognitoIdentityServiceProvider') && key.endsWith('.idToken'))?.[1] ?? null);
  const expiryOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number }).exp * 1000;

  it('refreshes the session once 90 seconds or fewer remain, and stays signed in', async () => {
    await withPage(async (page) => {
      const refreshes: string[] = [];
      page.on('request', (req) => {
        if (req.url().includes('/cognito') && (req.postData() ?? '').includes('REFRESH_TOKEN_AUTH')) refreshes.push(req.url());
      });
      await page.clock.install();
      await signInThroughPage(page, demo.owner.email, demo.owner.password);
      const first = (await storedIdToken(page))!;

      // Stop the page's clock 125 s before expiry. The 30-second tick then fires somewhere in the next 30 s,
      // with 95 s or more left: nothing is refreshed.
      await page.clock.pauseAt(expiryOf(first) - 125_000);
      await page.clock.runFor(30_000);
      // A negative check needs real time to pass: a refresh, had one started, would reach the network within it.
      await new Promise((resolveWait) => setTimeout(resolveWait, 300));
      expect(refreshes).toEqual([]);
      expect(await storedIdToken(page)).toBe(first);

      // Within the next two ticks 90 s or fewer are left: the tokens are refreshed with the refresh token.
      await page.clock.runFor(60_000);
      await page.clock.resume();
      await expect.poll(() => refreshes.length, { timeout: 15_000 }).toBeGreaterThan(0);
      await expect.poll(() => storedIdToken(page), { timeout: 15_000 }).not.toBe(first);
      // The user pool's clock did not jump, so the new token runs out no earlier than the old one.
      expect(expiryOf((await storedIdToken(page))!)).toBeGreaterThanOrEqual(expiryOf(first));

      // The refreshed token is accepted: the dashboard still loads for the owner.
      await page.reload();
      await expectOnPage(page.getByRole('heading', { name: 'Acme Studio' })).toBeVisible();
    });
  });

  it('signs in with the keyboard alone: Tab to each field, Enter to submit', async () => {
    await withPage(async (page) => {
      await page.goto(`${origin}/auth?redirect=%2Fbusiness`);
      // The prerendered form is shown disabled (dimmed, out of the tab order) until the app has taken it over, so that
      // nothing typed is lost; a keyboard user tabs once it is enabled. On a loaded machine that takes a while.
      await expectOnPage(page.getByLabel('Email')).toBeEnabled();
      const focused = () => page.evaluate(() => document.activeElement?.getAttribute('id') ?? document.activeElement?.textContent ?? '');
      // Tab from the top of the page until the Email field has focus (every control on the way is reachable).
      for (let i = 0; i < 15 && !(await page.getByLabel('Email').evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
      expect(await page.getByLabel('Email').evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.type(demo.owner.email);
      await page.keyboard.press('Tab');
      expect(await page.getByLabel('Password').evaluate((el) => el === document.activeElement), await focused()).toBe(true);
      await page.keyboard.type(demo.owner.password);
      await page.keyboard.press('Enter');
      await page.waitForURL(`${origin}/business`);
      await expectOnPage(page.getByText('Successfully signed in')).toBeVisible();
    });
  });

  it("shows 'Welcome Back!' and signed-in buttons when the server cannot say who the user is", async () => {
    await withPage(async (page) => {
      await signInThroughPage(page, demo.owner.email, demo.owner.password);
      // Spec 1 §8: a failed role fetch is only logged and the role becomes none, so the landing page stays.
      await page.route('**/api/me', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"INTERNAL","message":"down"}}' }));
      await page.goto(`${origin}/`);
      await expectOnPage(page.getByRole('link', { name: 'Welcome Back!' })).toBeVisible();
      expect(pathOf(page)).toBe('/');
      expect(await page.getByRole('link', { name: 'Welcome Back!' }).getAttribute('href')).toBe('/business');
      expect(await page.getByRole('link', { name: 'Choose Business' }).getAttribute('href')).toBe('/business');
      expect(await page.getByRole('link', { name: 'Choose Agency' }).getAttribute('href')).toBe('/agency');
      expect(await page.getByRole('link', { name: 'Start Free Trial' }).count()).toBe(0);
      await shot(page, 'accounts-15-landing-signed-in');
    });
  });
});
