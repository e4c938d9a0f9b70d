// An employee's first single sign-on in a real browser (issue 24), on one machine: the owner's business claims and
// verifies acme.example (the TXT record through the DNS stand-in) and connects the local SAML identity provider; Marcus
// (an employee with no login yet) uses 'Sign in with SSO' on /auth, signs in at the IdP and lands in his portal, linked
// to his employee. A new hire with no employee is refused with 'SSO sign-in failed' and the reason, and nothing is
// linked. The owner's 'Test sign-in' completes in its own tab and shows who signed in (or why not), keeping nothing;
// once the owner allows creating employees on first sign-in, the new hire gets a draft employee (card pending
// activation) that the owner sees in the Employees list. The owner then switches to the local OIDC provider and Jane's first sign-in works the same way.
// Switching provider keeps everyone linked (docs/decisions.md "Where a signed-in person goes, and switching identity
// provider"): after SAML → OIDC Marcus (linked through SAML) lands in his portal through OIDC; after OIDC → SAML Jane
// (linked through OIDC) lands in hers through SAML; with both providers side by side 'Sign in with SSO' offers both and
// each lands Marcus in the same portal. A leaver signing in through SSO sees 'Access Ended', not business onboarding.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage } from '@playwright/test';
import type { Browser, Page } from 'playwright-core';
import { messages } from '../../shared/messages';
import { ssoMessages, ssoTestMessages } from '../../shared/messages/sso';
import { LOCAL_OIDC_CLIENT } from '../../functions/local/oidc-idp';
import { SSO_TEST_PASSWORD } from '../../functions/local/sso-test-users';
import { axeViolations, horizontalOverflow } from '../support/axe';
import { desktop, launchBrowser } from '../support/browser';
import { shot, signedIn } from '../support/e2e';
import { addEmployee, api, createOwnerWithBusiness, origin, runtime, tables } from '../support/runtime';
import { removeTxtRecord } from '../support/sso-stand-ins';

const DOMAIN = 'acme.example';
let browser: Browser;
let acme: Awaited<ReturnType<typeof createOwnerWithBusiness>>;
const employees: Record<string, string> = {};
let claim: { id: string; txtRecord: { name: string } } | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
  acme = await createOwnerWithBusiness({ name: 'Acme SSO' });
  for (const [name, email] of [['Marcus Lee', 'marcus@acme.example'], ['Jane Cooper', 'jane@acme.example'], ['Lee Leaver', 'lee.leaver@acme.example']] as const) {
    employees[email] = (await addEmployee(acme.owner, acme.business.id, { name, email })).id;
  }
  const claimed = await api('POST', `/api/businesses/${acme.business.id}/sso/domains`, { user: acme.owner, body: { domain: DOMAIN } });
  expect(claimed.status, claimed.text).toBe(201);
  claim = claimed.body;
  // The owner creates the TXT record at 'their DNS provider': the stand-in's API.
  const dns = await fetch(`http://127.0.0.1:${runtime.settings.dnsPort}/records`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: claimed.body.txtRecord.name, value: claimed.body.txtRecord.value }),
  });
  expect(dns.status).toBe(200);
  const checked = await api('POST', `/api/businesses/${acme.business.id}/sso/domains/${claimed.body.id}/check`, { user: acme.owner });
  expect(checked.status, checked.text).toBe(200);
  expect(checked.body.state).toBe('verified');
  const saml = await api('PUT', `/api/businesses/${acme.business.id}/sso/provider`, { user: acme.owner, body: { type: 'SAML', metadataUrl: runtime.env.LOCAL_SAML_METADATA_URL } });
  expect(saml.status, saml.text).toBe(200);
});
afterAll(async () => {
  await browser?.close();
  // The domain is the SSO test users' (acme.example): released, so another file's business can claim and prove it.
  await api('DELETE', `/api/businesses/${acme.business.id}/sso/provider`, { user: acme.owner });
  if (claim) {
    await api('DELETE', `/api/businesses/${acme.business.id}/sso/domains/${claim.id}`, { user: acme.owner });
    await removeTxtRecord(claim.txtRecord.name);
  }
});

async function withPage(run: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ viewport: desktop });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

/** /auth → 'Sign in with SSO' → the work e-mail → (the provider picked, during a move) → the IdP's login page → signed in there. */
async function signInWithSso(page: Page, email: string, path = '/auth', pick?: (page: Page) => Promise<void>) {
  await page.goto(`${origin}${path}`);
  await page.getByRole('button', { name: 'Sign in with SSO', exact: true }).click();
  await page.getByLabel('Work email').fill(email);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  if (pick) await pick(page);
  await page.getByLabel('Work e-mail').fill(email);
  await page.getByLabel('Password').fill(SSO_TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function linkedUserOf(email: string) {
  const db = await tables();
  return (await db.employee.get({ employeeId: employees[email]! }).go({ consistent: true })).data?.userId ?? null;
}

describe('first sign-in through the business’s identity provider', () => {
  it('SAML: Marcus signs in with SSO and lands in his portal, linked to his employee', async () => {
    await withPage(async (page) => {
      await signInWithSso(page, 'marcus@acme.example');
      await page.waitForURL(`${origin}/employee-portal`, { timeout: 20_000 });
      await expectOnPage(page.getByText('Marcus Lee', { exact: true }).first()).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, 'sso-saml-portal', { fullPage: false });
    });
    const userId = await linkedUserOf('marcus@acme.example');
    expect(userId).toBeTruthy();
    const db = await tables();
    expect((await db.membership.get({ userId: userId!, scopeType: 'business', scopeId: acme.business.id }).go()).data).toMatchObject({ role: 'employee', employeeId: employees['marcus@acme.example'] });
    expect((await db.employee.get({ employeeId: employees['marcus@acme.example']! }).go()).data?.status).toBe('active');
  });

  it("'Test sign-in': the owner completes the IdP login in the opened tab and sees who signed in; a refusal shows its reason; the owner's session is untouched", async () => {
    const owner = await signedIn(acme.owner, '/business', desktop);
    try {
      const { page, context } = owner;
      const sessionKeys = () => page.evaluate(() => Object.entries(localStorage).filter(([k]) => k.startsWith('CognitoIdentityServiceProvider.')).sort());
      const before = await sessionKeys();
      await page.getByRole('button', { name: 'Settings' }).click();
      const section = page.getByRole('dialog', { name: 'Company Settings' }).getByRole('region', { name: 'Single sign-on' });
      const testButton = section.getByTestId('sso-provider').getByRole('button', { name: 'Test sign-in', exact: true });

      async function testAs(email: string) {
        await testButton.scrollIntoViewIfNeeded();
        const [tab] = await Promise.all([context.waitForEvent('page'), testButton.click()]);
        await tab.getByLabel('Work e-mail').fill(email);
        await tab.getByLabel('Password').fill(SSO_TEST_PASSWORD);
        await tab.getByRole('button', { name: 'Sign in', exact: true }).click();
        await tab.waitForURL(`${origin}/sso/test-callback`, { timeout: 20_000 });
        return tab;
      }

      const ok = await testAs('marcus@acme.example');
      await expectOnPage(ok.getByRole('heading', { name: ssoTestMessages.succeeded })).toBeVisible({ timeout: 20_000 });
      const person = ok.getByTestId('sso-test-person');
      await expectOnPage(person.getByText('marcus@acme.example', { exact: true })).toBeVisible();
      await expectOnPage(person.getByText('Marcus Lee', { exact: true })).toBeVisible();
      // The code left the address bar; no tokens were stored by the test.
      expect(ok.url()).toBe(`${origin}/sso/test-callback`);
      expect(await axeViolations(ok)).toEqual([]);
      await shot(ok, 'sso-test-sign-in-succeeded', { fullPage: false });
      await ok.setViewportSize({ width: 390, height: 844 });
      expect(await horizontalOverflow(ok)).toBe(0);
      expect(await axeViolations(ok)).toEqual([]);
      await shot(ok, 'sso-test-sign-in-phone', { fullPage: false });
      await ok.close();

      // The new hire has no employee (and the switch is off): refused with the reason.
      const refused = await testAs('new.hire@acme.example');
      await expectOnPage(refused.getByRole('heading', { name: ssoMessages.signInFailed })).toBeVisible({ timeout: 20_000 });
      await expectOnPage(refused.getByRole('alert')).toHaveText(ssoMessages.noEmployee);
      expect(await axeViolations(refused)).toEqual([]);
      await shot(refused, 'sso-test-sign-in-failed', { fullPage: false });
      await refused.close();

      // The owner is still the owner: the same session keys, and a reload keeps the dashboard.
      expect(await sessionKeys()).toEqual(before);
      expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('cardcrew.ssoTest.')))).toEqual([]);
      await page.reload();
      await expectOnPage(page.getByRole('heading', { name: 'Employee Cards' })).toBeVisible({ timeout: 20_000 });
      expect(page.url()).toBe(`${origin}/business`);
    } finally {
      await owner.browser.close();
    }
    // Nothing was linked or created by the tests.
    const db = await tables();
    expect((await db.employeeEmailGuard.get({ businessId: acme.business.id, email: 'new.hire@acme.example' }).go()).data).toBeNull();
  });

  it('refuses a new hire with no employee: SSO sign-in failed with the reason, nothing linked', async () => {
    await withPage(async (page) => {
      await signInWithSso(page, 'new.hire@acme.example');
      await page.waitForURL(`${origin}/auth`, { timeout: 20_000 });
      const alert = page.getByRole('alert').filter({ hasText: ssoMessages.signInFailed });
      await expectOnPage(alert).toBeVisible();
      await expectOnPage(alert).toHaveText(`${ssoMessages.signInFailed}. ${ssoMessages.noEmployee}`);
      await shot(page, 'sso-refused', { fullPage: false });
    });
    const db = await tables();
    const { data } = await db.employeeEmailGuard.get({ businessId: acme.business.id, email: 'new.hire@acme.example' }).go();
    expect(data).toBeNull();
  });

  it("with 'create employees on first sign-in' on, the new hire gets a draft employee and lands in the portal, card pending activation", async () => {
    const on = await api('PUT', `/api/businesses/${acme.business.id}/sso/settings`, { user: acme.owner, body: { createEmployeesOnFirstSignIn: true, requireSso: false } });
    expect(on.status, on.text).toBe(200);
    await withPage(async (page) => {
      await signInWithSso(page, 'new.hire@acme.example');
      await page.waitForURL(`${origin}/employee-portal`, { timeout: 20_000 });
      await expectOnPage(page.getByText('Nora Hire', { exact: true }).first()).toBeVisible();
      await expectOnPage(page.getByText('Your digital business card is pending activation', { exact: true })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, 'sso-draft-portal', { fullPage: false });
      // No QR code was made at sign-in (the me area writes no media); the portal makes it on request.
      await page.getByRole('button', { name: 'Generate QR Code', exact: true }).click();
      await expectOnPage(page.getByRole('img', { name: "QR code for Nora Hire's business card" })).toBeVisible({ timeout: 20_000 });
    });
    const db = await tables();
    const { data: guard } = await db.employeeEmailGuard.get({ businessId: acme.business.id, email: 'new.hire@acme.example' }).go();
    const draft = (await db.employee.get({ employeeId: guard!.employeeId }).go()).data;
    expect(draft).toMatchObject({ name: 'Nora Hire', status: 'draft', businessId: acme.business.id });
    expect(draft?.userId).toBeTruthy();
    expect((await db.card.get({ cardId: draft!.cardId! }).go()).data?.isActive).toBe(false);
    // The owner reviews it in the Employees list.
    const owner = await signedIn(acme.owner, '/business', desktop);
    try {
      await expectOnPage(owner.page.getByText('Nora Hire', { exact: true }).first()).toBeVisible({ timeout: 20_000 });
      await shot(owner.page, 'sso-draft-in-employees', { fullPage: false });
    } finally {
      await owner.browser.close();
    }
  });

  it('OIDC: after the owner switches providers, Jane signs in with SSO, keeping her deep link', async () => {
    const oidc = await api('PUT', `/api/businesses/${acme.business.id}/sso/provider`, {
      user: acme.owner,
      body: { type: 'OIDC', issuer: runtime.env.LOCAL_OIDC_ISSUER, clientId: LOCAL_OIDC_CLIENT.clientId, clientSecret: LOCAL_OIDC_CLIENT.clientSecret },
    });
    expect(oidc.status, oidc.text).toBe(200);
    expect(JSON.stringify(oidc.body)).not.toContain(LOCAL_OIDC_CLIENT.clientSecret);
    await withPage(async (page) => {
      await signInWithSso(page, 'jane@acme.example', '/auth?redirect=%2Femployee-portal');
      await page.waitForURL(`${origin}/employee-portal`, { timeout: 20_000 });
      await expectOnPage(page.getByText('Jane Cooper', { exact: true }).first()).toBeVisible();
      await shot(page, 'sso-oidc-portal', { fullPage: false });
    });
    expect(await linkedUserOf('jane@acme.example')).toBeTruthy();
  });

  it('SAML → OIDC: Marcus, linked through the replaced SAML provider, signs in through OIDC and lands in his portal', async () => {
    const samlUser = await linkedUserOf('marcus@acme.example');
    // The replaced provider's link went with it.
    expect(samlUser).toBeNull();
    await withPage(async (page) => {
      await signInWithSso(page, 'marcus@acme.example');
      await page.waitForURL(`${origin}/employee-portal`, { timeout: 20_000 });
      await expectOnPage(page.getByText('Marcus Lee', { exact: true }).first()).toBeVisible();
      await expectOnPage(page.getByText('Welcome to CardCrew!')).toHaveCount(0);
      expect(await axeViolations(page)).toEqual([]);
    });
    const userId = await linkedUserOf('marcus@acme.example');
    expect(userId).toBeTruthy();
    const db = await tables();
    expect((await db.membership.get({ userId: userId!, scopeType: 'business', scopeId: acme.business.id }).go()).data).toMatchObject({ role: 'employee', employeeId: employees['marcus@acme.example'] });
  });

  it('OIDC → SAML: Jane, linked through OIDC, signs in through SAML after the switch back and lands in her portal', async () => {
    const oidcUser = await linkedUserOf('jane@acme.example');
    expect(oidcUser).toBeTruthy();
    const back = await api('PUT', `/api/businesses/${acme.business.id}/sso/provider`, { user: acme.owner, body: { type: 'SAML', metadataUrl: runtime.env.LOCAL_SAML_METADATA_URL } });
    expect(back.status, back.text).toBe(200);
    expect(back.body.previousProvider).toBeNull();
    const db = await tables();
    expect((await db.membership.get({ userId: oidcUser!, scopeType: 'business', scopeId: acme.business.id }).go()).data).toBeNull();
    await withPage(async (page) => {
      await signInWithSso(page, 'jane@acme.example');
      await page.waitForURL(`${origin}/employee-portal`, { timeout: 20_000 });
      await expectOnPage(page.getByText('Jane Cooper', { exact: true }).first()).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, 'sso-switch-back-portal', { fullPage: false });
    });
    const samlUser = await linkedUserOf('jane@acme.example');
    expect(samlUser).toBeTruthy();
    expect(samlUser).not.toBe(oidcUser);
  });

  it('two providers side by side: Sign in with SSO offers both, and each lands Marcus in his portal', async () => {
    const both = await api('PUT', `/api/businesses/${acme.business.id}/sso/provider`, {
      user: acme.owner,
      body: { type: 'OIDC', issuer: runtime.env.LOCAL_OIDC_ISSUER, clientId: LOCAL_OIDC_CLIENT.clientId, clientSecret: LOCAL_OIDC_CLIENT.clientSecret, keepCurrentProvider: true },
    });
    expect(both.status, both.text).toBe(200);
    expect(both.body.previousProvider).toMatchObject({ type: 'SAML' });
    const users = new Set<string>();
    for (const label of [/OpenID Connect/, /SAML 2\.0/]) {
      await withPage(async (page) => {
        await signInWithSso(page, 'marcus@acme.example', '/auth', async (p) => {
          await expectOnPage(p.getByText(ssoMessages.chooseProvider).first()).toBeVisible();
          await expectOnPage(p.getByRole('button', { name: /^Continue with / })).toHaveCount(2);
          expect(await axeViolations(p)).toEqual([]);
          if (users.size === 0) await shot(p, 'sso-choose-provider', { fullPage: false });
          await p.getByRole('button', { name: label }).click();
        });
        await page.waitForURL(`${origin}/employee-portal`, { timeout: 20_000 });
        await expectOnPage(page.getByText('Marcus Lee', { exact: true }).first()).toBeVisible();
        expect(await axeViolations(page)).toEqual([]);
        const db = await tables();
        const links = (await db.membership.query.byScope({ scopeType: 'business', scopeId: acme.business.id }).go({ pages: 'all' })).data.filter((m) => m.employeeId === employees['marcus@acme.example']);
        for (const link of links) users.add(link.userId);
      });
    }
    // One employee, two sign-ins (one per provider), both linked to it.
    expect(users.size).toBe(2);
  });

  it('a leaver signing in through SSO sees Access Ended with the company, never business onboarding', async () => {
    const left = await api('POST', `/api/businesses/${acme.business.id}/employees/${employees['lee.leaver@acme.example']}/deactivate`, { user: acme.owner, body: {} });
    expect(left.status, left.text).toBe(200);
    await withPage(async (page) => {
      await signInWithSso(page, 'lee.leaver@acme.example', '/auth', async (p) => {
        await p.getByRole('button', { name: /SAML 2\.0/ }).click();
      });
      await page.waitForURL(`${origin}/employee-portal`, { timeout: 20_000 });
      await expectOnPage(page.getByRole('heading', { name: messages.leavers.portalClosedTitle })).toBeVisible();
      await expectOnPage(page.getByText(messages.leavers.portalClosedCompany('Acme SSO'))).toBeVisible();
      await expectOnPage(page.getByText('Welcome to CardCrew!')).toHaveCount(0);
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, 'sso-leaver-access-ended', { fullPage: false });
      await page.goto(`${origin}/business-onboarding`);
      await page.waitForURL(`${origin}/employee-portal`, { timeout: 20_000 });
      await expectOnPage(page.getByRole('heading', { name: messages.leavers.portalClosedTitle })).toBeVisible();
    });
    expect(await linkedUserOf('lee.leaver@acme.example')).toBeNull();
  });
});
