// Single sign-on setup that fails early, in words (issue 39), in a real browser: connecting OIDC with a wrong client
// secret shows the provider's refusal under the field and saves nothing; 'Require SSO' stays off until a Test sign-in
// through the current provider succeeded (recorded by the callback page), then asks first, saying who will be refused
// and that the owner keeps a password. Keyboard, axe clean, 390 px. (Admins' claims: tests/integration/sso-setup-checks.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage } from '@playwright/test';
import { ssoMessages, ssoTestMessages } from '../../shared/messages/sso';
import { SSO_TEST_PASSWORD } from '../../functions/local/sso-test-users';
import { providerNameOf } from '../../functions/src/sso/provider-name';
import { axeViolations, horizontalOverflow } from '../support/axe';
import { desktop } from '../support/browser';
import { openSsoSettings, shot, signedIn, type BrowserSession } from '../support/e2e';
import { addEmployee, api, createOwnerWithBusiness, origin, tables } from '../support/runtime';
import { addTxtRecord, LOCAL_OIDC_CLIENT, localOidcIssuer, removeTxtRecord } from '../support/sso-stand-ins';

const phone390 = { width: 390, height: 844 };
const ACME = 'acme.example';
let acme: Awaited<ReturnType<typeof createOwnerWithBusiness>>;
let claim: { id: string; txtRecord: { name: string; value: string } };
const sessions: BrowserSession[] = [];

beforeAll(async () => {
  acme = await createOwnerWithBusiness({ name: 'Acme Checks' });
  await addEmployee(acme.owner, acme.business.id, { name: 'Marcus Lee', email: `marcus@${ACME}` });
  const claimed = await api('POST', `/api/businesses/${acme.business.id}/sso/domains`, { user: acme.owner, body: { domain: ACME } });
  expect(claimed.status, claimed.text).toBe(201);
  claim = claimed.body;
  await addTxtRecord(claim.txtRecord.name, claim.txtRecord.value);
  expect((await api('POST', `/api/businesses/${acme.business.id}/sso/domains/${claim.id}/check`, { user: acme.owner })).status).toBe(200);
});
afterAll(async () => {
  await Promise.all(sessions.map((s) => s.browser.close()));
  // acme.example is the SSO test users' domain: released for the other files.
  await api('DELETE', `/api/businesses/${acme.business.id}/sso/provider`, { user: acme.owner });
  if (claim) {
    await api('DELETE', `/api/businesses/${acme.business.id}/sso/domains/${claim.id}`, { user: acme.owner });
    await removeTxtRecord(claim.txtRecord.name, claim.txtRecord.value);
  }
});

describe('single sign-on setup checks', () => {
  it('refuses a wrong OIDC client secret in words, saving nothing; the right one connects (390 px phone)', async () => {
    const session = await signedIn(acme.owner, '/business', phone390);
    sessions.push(session);
    const { page } = session;
    const { dialog, section } = await openSsoSettings(page);
    await section.getByRole('radio', { name: 'OpenID Connect' }).check();
    await section.getByLabel('Issuer URL').fill(localOidcIssuer);
    await section.getByLabel('Client ID').fill(LOCAL_OIDC_CLIENT.clientId);
    await section.getByLabel('Client secret').fill('not-the-secret');
    // Keyboard: Enter in the secret field submits.
    await section.getByLabel('Client secret').press('Enter');
    await expectOnPage(section.getByText(ssoMessages.oidcClientRefused, { exact: true })).toBeVisible({ timeout: 15_000 });
    await expectOnPage(section.getByLabel('Client secret')).toHaveAttribute('aria-invalid', 'true');
    const db = await tables();
    expect((await db.ssoConnection.get({ businessId: acme.business.id }).go({ consistent: true })).data?.providerName).toBeUndefined();
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await dialog.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await section.getByLabel('Client secret').scrollIntoViewIfNeeded();
    await shot(page, 'sso-oidc-wrong-secret-phone', { fullPage: false });

    await section.getByLabel('Client secret').fill(LOCAL_OIDC_CLIENT.clientSecret);
    await section.getByRole('button', { name: 'Connect Provider' }).click();
    await expectOnPage(page.getByText(ssoMessages.providerSaved, { exact: true })).toBeVisible({ timeout: 15_000 });
    await expectOnPage(section.getByTestId('sso-provider').getByText('OpenID Connect connected', { exact: true })).toBeVisible();
    expect((await db.ssoConnection.get({ businessId: acme.business.id }).go({ consistent: true })).data).toMatchObject({ providerType: 'OIDC', providerName: providerNameOf(acme.business.id) });
  });

  it("keeps 'Require SSO' off until a test sign-in succeeded, then asks first and switches it on", async () => {
    const session = await signedIn(acme.owner, '/business', desktop);
    sessions.push(session);
    const { page, context } = session;
    const { section } = await openSsoSettings(page);
    const requireSso = section.getByRole('switch', { name: /Require SSO/ });
    await expectOnPage(requireSso).toBeDisabled();
    await expectOnPage(section.getByText(ssoMessages.requireSsoTestFirst, { exact: true })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // Test sign-in through the OIDC provider in its own tab: recorded.
    const testButton = section.getByTestId('sso-provider').getByRole('button', { name: 'Test sign-in', exact: true });
    await testButton.scrollIntoViewIfNeeded();
    const [tab] = await Promise.all([context.waitForEvent('page'), testButton.click()]);
    await tab.getByLabel('Work e-mail').fill(`marcus@${ACME}`);
    await tab.getByLabel('Password').fill(SSO_TEST_PASSWORD);
    await tab.getByRole('button', { name: 'Sign in', exact: true }).click();
    await tab.waitForURL(`${origin}/sso/test-callback`, { timeout: 20_000 });
    await expectOnPage(tab.getByRole('heading', { name: ssoTestMessages.succeeded })).toBeVisible({ timeout: 20_000 });
    await expectOnPage(tab.getByTestId('sso-test-recorded')).toHaveText(ssoTestMessages.recorded, { timeout: 15_000 });
    expect(await axeViolations(tab)).toEqual([]);
    await shot(tab, 'sso-test-recorded', { fullPage: false });
    await tab.close();
    const db = await tables();
    expect((await db.ssoConnection.get({ businessId: acme.business.id }).go({ consistent: true })).data).toMatchObject({ testedProviderName: providerNameOf(acme.business.id) });

    // Back in Company Settings: the switch is enabled; turning it on asks first, by keyboard.
    await page.bringToFront();
    // Coming back to the tab (the browser's focus and visibility events, which headless tabs do not send themselves).
    await page.evaluate(() => {
      window.dispatchEvent(new Event('focus'));
      window.dispatchEvent(new Event('visibilitychange'));
    });
    await expectOnPage(section.getByTestId('sso-tested')).toBeVisible({ timeout: 15_000 });
    await expectOnPage(requireSso).toBeEnabled();
    await requireSso.focus();
    await page.keyboard.press('Space');
    const confirm = page.getByRole('dialog', { name: ssoMessages.requireSsoConfirmTitle });
    await expectOnPage(confirm).toBeVisible();
    await expectOnPage(confirm.getByText(ssoMessages.requireSsoConfirmDescription('Acme Checks'), { exact: true })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'sso-require-confirm', { fullPage: false });
    // Cancel leaves it off; confirm switches it on.
    await page.keyboard.press('Escape');
    await expectOnPage(confirm).toBeHidden();
    await expectOnPage(requireSso).not.toBeChecked();
    expect((await db.ssoConnection.get({ businessId: acme.business.id }).go({ consistent: true })).data?.requireSso).toBe(false);
    await requireSso.focus();
    await page.keyboard.press('Space');
    await confirm.getByRole('button', { name: ssoMessages.requireSsoConfirm }).click();
    await expectOnPage(page.getByText(ssoMessages.settingsSaved, { exact: true }).first()).toBeVisible();
    await expectOnPage(requireSso).toBeChecked();
    expect((await db.ssoConnection.get({ businessId: acme.business.id }).go({ consistent: true })).data?.requireSso).toBe(true);
    // Off again needs no test and no question.
    await requireSso.click();
    await expectOnPage(requireSso).not.toBeChecked();
    await expectOnPage.poll(async () => (await db.ssoConnection.get({ businessId: acme.business.id }).go({ consistent: true })).data?.requireSso).toBe(false);
  });
});
