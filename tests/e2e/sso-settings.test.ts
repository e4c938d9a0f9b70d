// Single sign-on settings in a real browser (issue 24): the owner opens Company Settings → Single sign-on, claims a
// domain with the keyboard and sees the TXT record to create; Check refuses while the record is missing; a SAML
// provider is connected by uploading its metadata XML (the provider appears in Cognito and the app client); what the
// IdP needs from us is shown; a switch saves, Require SSO waits for a test sign-in; Disconnect asks first. axe clean at 1280 and 390 px, no sideways
// scroll at 390 px; screenshots under tests/artifacts/.
import { DescribeUserPoolClientCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage } from '@playwright/test';
import { ssoMessages } from '../../shared/messages/sso';
import { providerNameOf } from '../../functions/src/sso/provider-name';
import { axeViolations, horizontalOverflow } from '../support/axe';
import { desktop } from '../support/browser';
import { openBrowser, openSsoSettings, shot, signedIn, type BrowserSession } from '../support/e2e';
import { cognito, createOwnerWithBusiness, origin, runtime, tables, uniqueDomain } from '../support/runtime';
import { sampleSamlMetadata } from '../support/saml-metadata';
import { AuthPage } from './pages/auth-page';

const phone390 = { width: 390, height: 844 };
let owner: Awaited<ReturnType<typeof createOwnerWithBusiness>>;
const sessions: BrowserSession[] = [];

beforeAll(async () => {
  owner = await createOwnerWithBusiness({ name: 'Single Sign Bakery' });
});
afterAll(async () => {
  await Promise.all(sessions.map((s) => s.browser.close()));
});

describe('Single sign-on settings (1280 px, then 390 px)', () => {
  it('claims a domain, refuses Check without the TXT record, connects SAML by metadata upload and saves the switches', async () => {
    const session = await signedIn(owner.owner, '/business', desktop);
    sessions.push(session);
    const { page } = session;
    const { section } = await openSsoSettings(page);
    await expectOnPage(section.getByText('No domains yet.', { exact: false })).toBeVisible();
    await expectOnPage(section.getByText(`${runtime.env.SSO_AUTH_ORIGIN}/saml2/idpresponse`, { exact: true })).toBeVisible();
    await expectOnPage(section.getByText(`urn:amazon:cognito:sp:${runtime.ids.userPoolId}`, { exact: true })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // A public mail domain is refused under the field.
    await section.getByLabel('E-mail domain').fill('gmail.com');
    await section.getByRole('button', { name: 'Claim Domain' }).click();
    await expectOnPage(section.getByText(ssoMessages.publicMailDomain, { exact: true })).toBeVisible();

    // Keyboard: type the domain and press Enter.
    const domain = uniqueDomain('sso');
    await section.getByLabel('E-mail domain').fill('');
    await section.getByLabel('E-mail domain').focus();
    await page.keyboard.type(domain);
    await page.keyboard.press('Enter');
    const list = section.getByRole('list', { name: 'Single sign-on domains' });
    await expectOnPage(list.getByText(domain, { exact: true })).toBeVisible();
    await expectOnPage(list.getByText('Pending DNS', { exact: true })).toBeVisible();
    await expectOnPage(list.getByText(`_cardcrew-sso.${domain}`, { exact: true })).toBeVisible();
    const db = await tables();
    const stored = (await db.ssoDomain.get({ domain, businessId: owner.business.id }).go({ consistent: true })).data!;
    await expectOnPage(list.getByText(`cardcrew-sso=${stored.token}`, { exact: true })).toBeVisible();

    await section.getByRole('button', { name: `Check ${domain}` }).click();
    await expectOnPage(page.getByText(`${domain} is not verified yet`, { exact: true })).toBeVisible();
    await expectOnPage(list.getByText('Pending DNS', { exact: true })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'sso-domain-pending', { fullPage: false });

    // SAML by uploading the metadata XML.
    await section.getByLabel('Metadata XML file').setInputFiles({ name: 'okta-metadata.xml', mimeType: 'application/xml', buffer: Buffer.from(sampleSamlMetadata('http://www.okta.com/exk1sso')) });
    await section.getByRole('button', { name: 'Connect Provider' }).click();
    await expectOnPage(page.getByText(ssoMessages.providerSaved, { exact: true })).toBeVisible();
    const provider = section.getByTestId('sso-provider');
    await expectOnPage(provider.getByText('SAML 2.0 connected', { exact: true })).toBeVisible();
    await expectOnPage(provider.getByText('Entity ID: http://www.okta.com/exk1sso', { exact: true })).toBeVisible();
    await expectOnPage(provider.getByText('Verify a domain to test the sign-in.', { exact: true })).toBeVisible();
    const { UserPoolClient } = await cognito.send(new DescribeUserPoolClientCommand({ UserPoolId: runtime.ids.userPoolId, ClientId: runtime.ids.userPoolClientId }));
    expect(UserPoolClient?.SupportedIdentityProviders).toContain(providerNameOf(owner.business.id));
    expect(await axeViolations(page)).toEqual([]);
    await provider.scrollIntoViewIfNeeded();
    await shot(page, 'sso-provider-connected', { fullPage: false });

    // Require SSO, with the owner's note, waits for a successful test sign-in (tests/e2e/sso-setup-checks.test.ts runs
    // one); the other switch saves by keyboard.
    const requireSso = section.getByRole('switch', { name: /Require SSO/ });
    await expectOnPage(section.getByText(ssoMessages.ownerKeepsPassword, { exact: false })).toBeVisible();
    await expectOnPage(requireSso).toBeDisabled();
    await expectOnPage(section.getByText(ssoMessages.requireSsoTestFirst, { exact: true })).toBeVisible();
    const createOnFirst = section.getByRole('switch', { name: /Allow creating employees on first sign-in/ });
    await createOnFirst.focus();
    await page.keyboard.press('Space');
    await expectOnPage(createOnFirst).toBeChecked();
    await expectOnPage(page.getByText(ssoMessages.settingsSaved, { exact: true }).first()).toBeVisible();
    expect((await db.ssoConnection.get({ businessId: owner.business.id }).go()).data).toMatchObject({ requireSso: false, createEmployeesOnFirstSignIn: true, providerType: 'SAML' });

    // Disconnect asks first.
    await provider.getByRole('button', { name: 'Disconnect' }).click();
    const confirm = page.getByRole('dialog', { name: 'Disconnect the identity provider?' });
    await expectOnPage(confirm).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Disconnect' }).click();
    await expectOnPage(page.getByText(ssoMessages.providerRemoved, { exact: true })).toBeVisible();
    await expectOnPage(section.getByRole('button', { name: 'Connect Provider' })).toBeVisible();
    expect((await db.ssoConnection.get({ businessId: owner.business.id }).go()).data?.providerName).toBeUndefined();
  });

  it('fits a 390 px phone without sideways scroll, axe clean, the OIDC form refusing an issuer without discovery', async () => {
    const session = await openBrowser(phone390);
    sessions.push(session);
    const { page } = session;
    const auth = new AuthPage(page);
    await auth.goto('/business');
    await auth.signIn(owner.owner.email, owner.owner.password);
    await page.waitForURL(`${origin}/business`);
    const { dialog, section } = await openSsoSettings(page);
    await section.getByRole('radio', { name: 'OpenID Connect' }).check();
    await section.getByLabel('Issuer URL').fill(origin);
    await section.getByLabel('Client ID').fill('cardcrew');
    await section.getByLabel('Client secret').fill('a-client-secret');
    await section.getByRole('button', { name: 'Connect Provider' }).click();
    await expectOnPage(section.getByText(ssoMessages.issuerNoDiscovery, { exact: true })).toBeVisible();
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await dialog.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await section.getByLabel('Issuer URL').scrollIntoViewIfNeeded();
    await shot(page, 'sso-phone', { fullPage: false });
  });
});
