// Google sign-in end to end on one machine (issue 12): the SPA's 'Continue with Google' goes through Amplify's
// signInWithRedirect to the local hosted UI (functions/local/hosted-ui.ts), whose Google account chooser stands in for
// Google. Each `it` runs alone with its own browser context (its own storage, so its own session). The last block
// talks HTTP to the hosted UI, as an attacker would: a wrong PKCE verifier, a reused code, a redirect URI not allowed.
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage } from '@playwright/test';
import { AdminGetUserCommand, ListUsersCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { Browser, Page } from 'playwright-core';
import { messages } from '../../shared/messages';
import { onboardingMessages } from '../../shared/messages/onboarding';
import { googleSubject } from '../../functions/local/hosted-ui';
import { axeViolations, horizontalOverflow } from '../support/axe';
import { desktop, launchBrowser, phone } from '../support/browser';
import { atHostedUi, chooseGoogleAccount, shot } from '../support/e2e';
import { invite } from '../support/invitations';
import { addEmployee, api, cognito, createOwnerWithBusiness, createUser, origin, runtime, tables, uniqueEmail } from '../support/runtime';

const hostedUi = `http://127.0.0.1:${runtime.settings.hostedUiPort}`;
const UserPoolId = runtime.ids.userPoolId;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function withPage(viewport: { width: number; height: number }, run: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ viewport });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

const pendingKeys = (page: Page) =>
  page.evaluate(() => [localStorage.getItem('pending_account_type'), localStorage.getItem('pending_redirect_path')]);

/** The Cognito user a Google identity became (google_<sub>), or null when it was linked to another user instead. */
async function federatedUser(email: string) {
  try {
    return await cognito.send(new AdminGetUserCommand({ UserPoolId, Username: `google_${googleSubject(email)}` }));
  } catch {
    return null;
  }
}
const attributeOf = (user: { UserAttributes?: { Name?: string; Value?: string }[] } | null, name: string) => user?.UserAttributes?.find((a) => a.Name === name)?.Value;
const usersWithEmail = async (email: string) => (await cognito.send(new ListUsersCommand({ UserPoolId, Filter: `email = "${email}"` }))).Users ?? [];

describe('Google sign-in in the browser', () => {
  it('signs up as a Marketing Agency with Google from /auth?redirect=…: the type is applied, the path kept, the keys cleared', async () => {
    await withPage(desktop, async (page) => {
      const email = uniqueEmail('google-agency');
      await page.goto(`${origin}/auth?redirect=${encodeURIComponent('/pricing')}`);
      await page.getByRole('button', { name: 'Sign up' }).click();
      await page.getByLabel('Account Type').selectOption('agency');
      await page.getByRole('button', { name: 'Continue with Google' }).click();
      await page.waitForURL(atHostedUi);
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, 'google-01-chooser-desktop');

      await chooseGoogleAccount(page, { email, name: 'Ada Agency', verified: true });
      await page.waitForURL(`${origin}/pricing`);
      await expectOnPage(page.getByText(email).first()).toBeVisible();
      expect(await pendingKeys(page)).toEqual([null, null]);
      await shot(page, 'google-02-agency-back-at-redirect');

      const user = await federatedUser(email);
      expect(attributeOf(user, 'custom:account_type')).toBe('agency');
      const db = await tables();
      expect((await db.profile.get({ userId: attributeOf(user, 'sub')! }).go()).data?.accountType).toBe('agency');
      await page.goto(`${origin}/`);
      await page.waitForURL(`${origin}/agency`);

      // Signing a Google user out stays on the site (locally there is no hosted-UI session to end).
      await page.getByRole('button', { name: 'Sign Out' }).first().click();
      await page.waitForURL(`${origin}/`);
      await expectOnPage(page.getByText(messages.auth.signedOut)).toBeVisible();
      expect(await page.evaluate(() => Object.keys(localStorage).some((k) => k.endsWith('.idToken')))).toBe(false);
    });
  });

  it('signs up as a Business Owner with Google and goes on to business onboarding, stored as a business', async () => {
    await withPage(phone, async (page) => {
      const email = uniqueEmail('google-business');
      await page.goto(`${origin}/auth`);
      await page.getByRole('button', { name: 'Sign up' }).click();
      await page.getByLabel('Account Type').selectOption('business');
      await page.getByRole('button', { name: 'Continue with Google' }).click();
      await page.waitForURL(atHostedUi);
      await chooseGoogleAccount(page, { email, name: 'Bea Business', verified: true });

      await page.waitForURL(`${origin}/business-onboarding`);
      await expectOnPage(page.getByRole('button', { name: 'Create Business' })).toBeVisible();
      expect(await pendingKeys(page)).toEqual([null, null]);
      await shot(page, 'google-10-business-onboarding');
      const db = await tables();
      expect((await db.profile.get({ userId: attributeOf(await federatedUser(email), 'sub')! }).go()).data?.accountType).toBe('business');
    });
  });

  it('signs a password user in with Google (same verified e-mail) into their own account and business', async () => {
    await withPage(phone, async (page) => {
      const { owner, business } = await createOwnerWithBusiness({ name: `Linked Co ${randomBytes(3).toString('hex')}` });
      await page.goto(`${origin}/auth`);
      await page.getByRole('button', { name: 'Continue with Google' }).click();
      await page.waitForURL(atHostedUi);
      expect(await horizontalOverflow(page)).toBe(0);
      await shot(page, 'google-03-chooser-phone');
      await chooseGoogleAccount(page, { email: owner.email, name: 'Owen Owner', verified: true });

      await page.waitForURL(`${origin}/business`);
      await expectOnPage(page.getByRole('heading', { name: business.name })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, 'google-04-password-user-own-business');

      // One person, one account: the Google identity is linked to the password user; no second user exists.
      expect(await federatedUser(owner.email)).toBeNull();
      const [native, ...others] = await usersWithEmail(owner.email);
      expect(others).toEqual([]);
      expect(native!.Username).not.toMatch(/^google_/);
      expect(JSON.parse(attributeOf({ UserAttributes: native!.Attributes }, 'identities') ?? '[]')).toMatchObject([{ providerName: 'Google', userId: googleSubject(owner.email) }]);
    });
  });

  it('lets an invited employee accept the invitation with Google', async () => {
    await withPage(phone, async (page) => {
      const owner = await createOwnerWithBusiness({ name: 'Google Invites Ltd' });
      const employeeEmail = uniqueEmail('google-hire');
      const employee = await addEmployee(owner.owner, owner.business.id, { name: 'Gail Hire', email: employeeEmail, status: 'draft' });
      const token = await invite(owner, employee.id, employeeEmail);

      await page.goto(`${origin}/employee-onboarding?id=${token}`);
      await page.getByRole('button', { name: 'Continue with Google' }).click();
      await page.waitForURL(atHostedUi);
      await chooseGoogleAccount(page, { email: employeeEmail, name: 'Gail Hire', verified: true });

      await page.waitForURL(`${origin}/employee-onboarding?id=${token}`);
      await page.getByRole('button', { name: `Continue as ${employeeEmail}` }).click();
      await expectOnPage(page.getByRole('heading', { name: 'Welcome to Google Invites Ltd!' })).toBeVisible();
      await expectOnPage(page.getByRole('heading', { name: 'Business Card Ready' })).toBeVisible();
      await shot(page, 'google-05-employee-linked');

      const sub = attributeOf(await federatedUser(employeeEmail), 'sub')!;
      const db = await tables();
      const { data: memberships } = await db.membership.query.primary({ userId: sub }).go();
      expect(memberships.map((m) => m.employeeId)).toEqual([employee.id]);
    });
  });

  it('does not link an invited employee whose Google e-mail is not the record\'s, or is not verified', async () => {
    await withPage(phone, async (page) => {
      const owner = await createOwnerWithBusiness({ name: 'Strict Invites Ltd' });
      const employeeEmail = uniqueEmail('strict-hire');
      const employee = await addEmployee(owner.owner, owner.business.id, { name: 'Sid Strict', email: employeeEmail, status: 'draft' });
      const token = await invite(owner, employee.id, employeeEmail);

      await page.goto(`${origin}/employee-onboarding?id=${token}`);
      await page.getByRole('button', { name: 'Continue with Google' }).click();
      await page.waitForURL(atHostedUi);
      const other = uniqueEmail('personal');
      await chooseGoogleAccount(page, { email: other, name: 'Sid Personal', verified: true });
      await page.waitForURL(`${origin}/employee-onboarding?id=${token}`);
      await expectOnPage(page.getByText(onboardingMessages.emailMismatch)).toBeVisible();
      await expectOnPage(page.getByRole('button', { name: `Continue as ${other}` })).toBeDisabled();
      expect(await horizontalOverflow(page)).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, 'google-08-employee-email-mismatch');

      await page.getByRole('button', { name: `Sign out and use ${employeeEmail}` }).click();
      await page.goto(`${origin}/employee-onboarding?id=${token}`);
      await page.getByRole('button', { name: 'Continue with Google' }).click();
      await page.waitForURL(atHostedUi);
      await chooseGoogleAccount(page, { email: employeeEmail, name: 'Sid Strict', verified: false });
      await page.waitForURL(`${origin}/employee-onboarding?id=${token}`);
      await page.getByRole('button', { name: `Continue as ${employeeEmail}` }).click();
      await expectOnPage(page.getByText('Please confirm your email address first.')).toBeVisible();
      await shot(page, 'google-09-employee-unverified');

      const db = await tables();
      expect((await db.employee.get({ employeeId: employee.id }).go()).data?.status).toBe('draft');
    });
  });

  it('never links a Google e-mail that Google has not verified: it becomes an account of its own', async () => {
    await withPage(phone, async (page) => {
      const native = await createUser({ email: uniqueEmail('unverified') });
      await page.goto(`${origin}/auth`);
      await page.getByRole('button', { name: 'Continue with Google' }).click();
      await page.waitForURL(atHostedUi);
      await chooseGoogleAccount(page, { email: native.email, name: 'Not Verified', verified: false });
      await page.waitForURL((url) => url.origin === origin && url.pathname !== '/');
      await shot(page, 'google-06-unverified-separate-account');

      const google = await federatedUser(native.email);
      expect(attributeOf(google, 'email_verified')).not.toBe('true');
      expect(attributeOf(google, 'sub')).not.toBe(native.sub);
      // The API sees the Google account as its own, unverified user.
      const idToken = await page.evaluate(() => Object.entries(localStorage).find(([k]) => k.endsWith('.idToken'))?.[1]);
      const googleMe = await fetch(`${origin}/api/me`, { method: 'POST', headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' }, body: '{}' });
      expect(await googleMe.json()).toMatchObject({ userId: attributeOf(google, 'sub'), emailVerified: false });
      const stored = (await usersWithEmail(native.email)).find((u) => u.Username !== google?.Username);
      expect(attributeOf({ UserAttributes: stored?.Attributes }, 'identities')).toBeUndefined();
      // The password user's own business data is not reachable from the Google account.
      const me = await api('POST', '/api/me', { user: native, body: {} });
      expect(me.body.userId).toBe(native.sub);
    });
  });

  it('comes back to /auth with the spec message and no account when the chooser is cancelled', async () => {
    await withPage(phone, async (page) => {
      await page.goto(`${origin}/auth`);
      await page.getByRole('button', { name: 'Sign up' }).click();
      await page.getByRole('button', { name: 'Continue with Google' }).click();
      await page.waitForURL(atHostedUi);
      const email = uniqueEmail('cancel');
      await page.getByLabel('Use another account').check();
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByRole('button', { name: 'Cancel' }).click();

      await page.waitForURL(`${origin}/auth`);
      await expectOnPage(page.getByText(onboardingMessages.googleFailed)).toBeVisible();
      await expectOnPage(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, 'google-07-cancelled');
      expect(await usersWithEmail(email)).toEqual([]);
    });
  });

  it('refuses a return whose state was tampered with: /auth with the spec message, not signed in', async () => {
    await withPage(phone, async (page) => {
      await page.goto(`${origin}/auth`);
      await page.getByRole('button', { name: 'Continue with Google' }).click();
      await page.waitForURL(atHostedUi);
      const tampered = new URL(page.url());
      tampered.searchParams.set('state', `${tampered.searchParams.get('state')}x`);
      await page.goto(tampered.toString());
      const email = uniqueEmail('tampered');
      await chooseGoogleAccount(page, { email, name: 'Tampered State', verified: true });

      await page.waitForURL(`${origin}/auth`);
      await expectOnPage(page.getByText(onboardingMessages.googleFailed)).toBeVisible();
      await page.reload();
      await expectOnPage(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
      expect(await page.evaluate(() => Object.keys(localStorage).some((k) => k.endsWith('.idToken')))).toBe(false);
    });
  });
});

describe('the hosted UI over HTTP', () => {
  const clientId = runtime.ids.userPoolClientId;
  const redirectUri = `${origin}/`;

  function authorizeUrl(overrides: Record<string, string | null> = {}, verifier = randomBytes(32).toString('base64url')) {
    const params: Record<string, string | null> = {
      client_id: clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      identity_provider: 'Google',
      scope: 'openid email profile',
      state: 'state-123',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      ...overrides,
    };
    const query = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== null));
    return `${hostedUi}/oauth2/authorize?${query}`;
  }

  /** Authorize, choose a verified typed account, and return the code from the redirect. */
  async function codeFor(email: string, verifier: string) {
    const chooser = await fetch(authorizeUrl({}, verifier));
    expect(chooser.status).toBe(200);
    const request = /name="request" value="([^"]+)"/.exec(await chooser.text())![1]!;
    const chosen = await fetch(`${hostedUi}/oauth2/google`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ request, account: 'typed', email, name: 'Http Test', email_verified: 'true', action: 'continue' }),
    });
    const back = new URL(chosen.headers.get('location')!);
    expect(back.origin + back.pathname).toBe(redirectUri);
    expect(back.searchParams.get('state')).toBe('state-123');
    return back.searchParams.get('code')!;
  }

  const exchange = (code: string, verifier: string) =>
    fetch(`${hostedUi}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', client_id: clientId, redirect_uri: redirectUri, code, code_verifier: verifier }),
    });

  it('refuses a code with the wrong PKCE verifier, and the code is then spent', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const code = await codeFor(uniqueEmail('pkce'), verifier);
    const wrong = await exchange(code, randomBytes(32).toString('base64url'));
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ error: 'invalid_grant' });
    expect((await exchange(code, verifier)).status).toBe(400);
  });

  it('trades a code with the right verifier, once, for tokens the local API accepts', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const email = uniqueEmail('pkce-ok');
    const code = await codeFor(email, verifier);
    const res = await exchange(code, verifier);
    expect(res.status).toBe(200);
    const tokens = (await res.json()) as { id_token: string; access_token: string; token_type: string };
    expect(tokens.token_type).toBe('Bearer');
    const me = await fetch(`${origin}/api/me`, { method: 'POST', headers: { authorization: `Bearer ${tokens.id_token}`, 'content-type': 'application/json' }, body: '{}' });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(email);
    const info = await fetch(`${hostedUi}/oauth2/userInfo`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(((await info.json()) as { email: string }).email).toBe(email);
    expect((await exchange(code, verifier)).status).toBe(400);
  });

  it('refuses a password sign-up for an e-mail that already signs in with Google, and creates no user', async () => {
    const email = uniqueEmail('google-first');
    await codeFor(email, randomBytes(32).toString('base64url'));
    const signUp = cognito.send(new SignUpCommand({ ClientId: clientId, Username: email, Password: 'Password123!', UserAttributes: [{ Name: 'email', Value: email }] }));
    await expect(signUp).rejects.toThrow(`PreSignUp failed with error ${messages.auth.signsInWithGoogle}.`);
    expect((await usersWithEmail(email)).map((u) => u.Username)).toEqual([`google_${googleSubject(email)}`]);
  });

  it('refuses an authorize request without PKCE S256, or with a redirect URI that is not allowed', async () => {
    const noPkce = await fetch(authorizeUrl({ code_challenge: null, code_challenge_method: null }), { redirect: 'manual' });
    expect(noPkce.status).toBe(302);
    const back = new URL(noPkce.headers.get('location')!);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('state')).toBe('state-123');
    const plain = await fetch(authorizeUrl({ code_challenge_method: 'plain' }), { redirect: 'manual' });
    expect(new URL(plain.headers.get('location')!).searchParams.get('error')).toBe('invalid_request');

    const elsewhere = await fetch(authorizeUrl({ redirect_uri: 'https://evil.example/' }), { redirect: 'manual' });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.headers.get('location')).toBeNull();
    const unknownClient = await fetch(authorizeUrl({ client_id: 'nope' }), { redirect: 'manual' });
    expect(unknownClient.status).toBe(400);
  });
});
