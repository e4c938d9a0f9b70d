// Custom domains in a real browser (issue 21 §2): an agency adds a domain in Agency Settings, sees the CNAME to create
// and the domain go active, then removes it after a warning naming its QR codes; the section is axe clean, works by
// keyboard and fits a 390 px phone; once active it counts the clients' cards whose QR codes still use the platform
// address and moves them to the domain after a confirmation; Bright Agency's seeded domain serves Northwind's card page in Northwind's brand.
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage } from '@playwright/test';
import { customDomainMessages } from '../../shared/messages/custom-domains';
import { addClient, agencyWithSettings } from '../support/agencies';
import { axeViolations, horizontalOverflow } from '../support/axe';
import { desktop } from '../support/browser';
import { atHostedUi, chooseGoogleAccount, expectNoCardCrew, openBrowser, shot, signedIn, type BrowserSession } from '../support/e2e';
import { invite } from '../support/invitations';
import { addEmployee, api, createOwnerWithBusiness, origin, signIn, tables, uniqueEmail } from '../support/runtime';
import { AuthPage } from './pages/auth-page';

const sessions: BrowserSession[] = [];
afterAll(async () => {
  for (const s of sessions) await s.browser.close();
});

describe('custom domain in Agency Settings', () => {
  it('adds a domain by keyboard, shows the CNAME record, goes active, and removes it after the warning', async () => {
    const { user, agencyId } = await agencyWithSettings();
    const session = await signedIn(user, '/agency', desktop);
    sessions.push(session);
    const { page } = session;
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const dialog = page.getByRole('dialog');
    const section = dialog.getByRole('region', { name: 'Custom domain' });
    await expectOnPage(section).toBeVisible();

    // The form refuses a name that is not a lower-case hostname before sending it.
    const field = section.getByLabel('Domain', { exact: true });
    await field.fill('Cards.Example.com');
    await field.press('Enter');
    await expectOnPage(section.getByText(customDomainMessages.lowerCase)).toBeVisible();

    const domain = `cards-${randomBytes(3).toString('hex')}.e2e.localhost`;
    await field.fill(domain);
    await field.press('Enter');
    await expectOnPage(section.getByText(domain, { exact: true }).first()).toBeVisible();
    await expectOnPage(section.getByText('Pending DNS')).toBeVisible();
    await expectOnPage(section.getByText('tenants.cloudfront.localhost', { exact: true })).toBeVisible();
    await expectOnPage(section.getByRole('button', { name: `Copy the record value tenants.cloudfront.localhost` })).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await shot(page, 'custom-domains-01-pending', { fullPage: false });
    expect(await axeViolations(page)).toEqual([]);

    // The section looks again by itself while the domain is on its way; Check again does it at once.
    await section.getByRole('button', { name: 'Check again' }).click();
    await expectOnPage(section.getByText('Active', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expectOnPage(section.getByText(`Card pages of your clients open at http://${domain}`)).toBeVisible();
    await shot(page, 'custom-domains-02-active', { fullPage: false });
    expect(await axeViolations(page)).toEqual([]);
    const db = await tables();
    expect((await db.customDomain.get({ domain }).go({ consistent: true })).data).toMatchObject({ agencyId, state: 'active' });

    // Remove, by keyboard, after the warning.
    await section.getByRole('button', { name: 'Remove domain' }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: `Remove ${domain}?` });
    await expectOnPage(confirm.getByText(customDomainMessages.removeWarning(0, domain))).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'custom-domains-03-remove', { fullPage: false });
    await confirm.getByRole('button', { name: 'Remove domain' }).click();
    await expectOnPage(page.getByText(customDomainMessages.removed(domain, 0))).toBeVisible();
    await expectOnPage(section.getByText('Pending DNS')).toHaveCount(0);
    await expectOnPage(section.getByText('Active', { exact: true })).toHaveCount(0);
    expect((await db.customDomain.get({ domain }).go({ consistent: true })).data).toBeNull();
  });

  it('fits a 390 px phone without sideways scroll', async () => {
    const { user } = await agencyWithSettings();
    const session = await signedIn(user, '/agency', { width: 390, height: 844 });
    sessions.push(session);
    const { page } = session;
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const section = page.getByRole('dialog').getByRole('region', { name: 'Custom domain' });
    await section.getByLabel('Domain', { exact: true }).fill(`a-rather-long-name-${randomBytes(3).toString('hex')}.cards.example.com`);
    await section.getByRole('button', { name: 'Add domain' }).click();
    await expectOnPage(section.getByText('Pending DNS')).toBeVisible();
    await section.getByText('DNS record to create at your DNS provider').scrollIntoViewIfNeeded();
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'custom-domains-04-phone', { fullPage: false });
  });
});

describe('moving QR codes to an active domain', () => {
  it("shows how many cards' QR codes use the platform address and moves them by keyboard after the confirmation; fits 390 px", async () => {
    const { user, agencyId } = await agencyWithSettings();
    const clientId = await addClient(user, 'Harbour Florist');
    const cards = [await addEmployee(user, clientId, { name: 'Ada Stem' }), await addEmployee(user, clientId, { name: 'Bo Petal' })];
    const domain = `cards-${randomBytes(3).toString('hex')}.e2e.localhost`;
    expect((await api('POST', `/api/agencies/${agencyId}/domains`, { user, body: { domain } })).status).toBe(201);
    // The API reads CloudFront at most every 2 s: it is active within seconds (a .localhost name in the stand-in).
    await expect.poll(async () => (await api('GET', `/api/agencies/${agencyId}/domains`, { user })).body.domains[0].state, { timeout: 20_000, interval: 500 }).toBe('active');

    const session = await signedIn(user, '/agency', { width: 390, height: 844 });
    sessions.push(session);
    const { page } = session;
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const section = page.getByRole('dialog').getByRole('region', { name: 'Custom domain' });
    await expectOnPage(section.getByText('Active', { exact: true })).toBeVisible();
    await expectOnPage(section.getByText(customDomainMessages.platformQrCards(2))).toBeVisible();
    const moveButton = section.getByRole('button', { name: 'Move QR codes to this domain' });
    await moveButton.scrollIntoViewIfNeeded();
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'custom-domains-12-move-phone', { fullPage: false });

    await page.setViewportSize(desktop);
    await moveButton.focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: `Move QR codes to ${domain}?` });
    await expectOnPage(confirm.getByText(customDomainMessages.moveConfirm(2, domain))).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'custom-domains-13-move-confirm', { fullPage: false });
    await confirm.getByRole('button', { name: 'Move QR codes' }).focus();
    await page.keyboard.press('Enter');
    await expectOnPage(page.getByText(customDomainMessages.moved(domain, 2))).toBeVisible();
    await expectOnPage(moveButton).toHaveCount(0);
    await expectOnPage(section.getByText(customDomainMessages.platformQrCards(2))).toHaveCount(0);
    await shot(page, 'custom-domains-14-moved', { fullPage: false });

    const db = await tables();
    const domainOrigin = `http://${domain}:${new URL(origin).port}`;
    for (const { card } of cards) {
      const stored = (await db.card.get({ cardId: card.id }).go({ consistent: true })).data!;
      expect(stored.qrOrigin).toBe(domainOrigin);
      expect(stored.qrCodeUrl).not.toBe(card.qrCodeUrl);
    }
  });
});

describe("card pages on Bright Agency's domain", () => {
  it("opens Northwind's card on cards.bright.localhost in Northwind's brand, with no CardCrew and no script", async () => {
    const session = await openBrowser({ width: 390, height: 844 });
    sessions.push(session);
    const { page } = session;
    const port = new URL(origin).port;
    const res = await page.goto(`http://cards.bright.localhost:${port}/card/demo-card-sam-baker`);
    expect(res?.status()).toBe(200);
    await expectOnPage(page.getByRole('heading', { name: 'Sam Baker' })).toBeVisible();
    await expectOnPage(page.getByText('Northwind Bakery').first()).toBeVisible();
    expect(await page.content()).not.toMatch(/cardcrew/i);
    expect(await page.locator('script').count()).toBe(0);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'custom-domains-05-card-on-domain');

    // Acme's card is not Bright's to serve.
    const acme = await page.goto(`http://cards.bright.localhost:${port}/card/demo-card-jane-cooper`);
    expect(acme?.status()).toBe(404);
  });
});

describe("Northwind's product on Bright Agency's domain", () => {
  const NORTHWIND = 'demo-business-northwind';
  const onBright = (path: string) => `http://cards.bright.localhost:${new URL(origin).port}${path}`;

  it("takes Northwind's owner from the domain's home page through sign-in to the dashboard and, signed out, back to the agency's sign-in there, never naming CardCrew", async () => {
    const session = await openBrowser(desktop);
    sessions.push(session);
    const { page } = session;
    await page.goto(onBright('/'));
    await expectOnPage(page.getByRole('heading', { name: 'Your digital business cards', level: 1 })).toBeVisible();
    await expectOnPage(page.locator('main > p').first()).toHaveText(/^B?Bright Agency$/);
    await expectOnPage(page).toHaveTitle('Bright Agency');
    await expectNoCardCrew(page, 'home on the domain');
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'custom-domains-06-domain-home');

    // By keyboard: Sign In opens the agency's sign-in page on the domain.
    await page.getByRole('link', { name: 'Sign In' }).focus();
    await page.keyboard.press('Enter');
    await expectOnPage(page.getByRole('heading', { name: 'Sign in to Bright Agency', level: 1 })).toBeVisible();
    expect(new URL(page.url()).host).toBe(new URL(onBright('/')).host);
    await expectNoCardCrew(page, 'sign-in on the domain');
    // An account is made there through an invitation only. Google and SSO come back to the domain (through the relay).
    await expectOnPage(page.getByRole('button', { name: 'Sign up' })).toHaveCount(0);
    await expectOnPage(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
    await expectOnPage(page.getByRole('button', { name: 'Sign in with SSO' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'custom-domains-07-domain-sign-in');

    await new AuthPage(page).signIn('owner@northwind.example', 'Demo1234!');
    await page.waitForURL((url) => url.pathname === '/business');
    await expectOnPage(page.getByRole('heading', { name: 'Northwind Bakery' }).first()).toBeVisible();
    expect(new URL(page.url()).host).toBe(new URL(onBright('/')).host);
    await expectOnPage(page).toHaveTitle('Bright Agency');
    await expectNoCardCrew(page, 'dashboard on the domain');
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'custom-domains-08-domain-dashboard');

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(new URL(page.url()).host).toBe(new URL(onBright('/')).host);
    await expectOnPage(page.getByRole('heading', { name: 'Sign in to Bright Agency', level: 1 })).toBeVisible();
    await expectNoCardCrew(page, 'sign-in after Sign Out on the domain');
  });

  it("lets Northwind's invited employee sign up with Google on Bright's domain and come back there, through the platform's relay", async () => {
    const owner = await signIn('owner@northwind.example', 'Demo1234!');
    const email = uniqueEmail('bright-google');
    const employee = await addEmployee(owner, NORTHWIND, { name: 'Gwen Google', email, status: 'draft' });
    const token = await invite({ owner, business: { id: NORTHWIND } }, employee.id, email);
    const session = await openBrowser({ width: 390, height: 844 });
    sessions.push(session);
    const { page } = session;
    const onDomain = (url: URL) => url.host === new URL(onBright('/')).host;

    await page.goto(onBright(`/employee-onboarding?id=${token}`));
    await expectNoCardCrew(page, 'invitation on the domain');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.waitForURL(atHostedUi);
    await chooseGoogleAccount(page, { email, name: 'Gwen Google', verified: true });
    // Cognito → the platform's relay → the domain's /auth/callback → the invitation, all without a CardCrew page between.
    await page.waitForURL((url) => onDomain(url) && url.pathname === '/employee-onboarding');
    await page.getByRole('button', { name: `Continue as ${email}` }).click();
    // Linking (the employee, the membership, the Cognito group, then a refreshed session) took over 5 s on a loaded machine.
    await expectOnPage(page.getByRole('heading', { name: 'Welcome to Northwind Bakery!' })).toBeVisible({ timeout: 15_000 });
    expect(onDomain(new URL(page.url()))).toBe(true);
    await expectNoCardCrew(page, 'employee onboarding after Google on the domain');
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'custom-domains-12-domain-google-employee');
    // The session lives on the domain's origin, in Amplify's keys; the code left the address bar.
    expect(await page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('CognitoIdentityServiceProvider.') && k.endsWith('.idToken')))).toBe(true);

    const db = await tables();
    const { data: stored } = await db.employee.get({ employeeId: employee.id }).go();
    expect(stored?.userId).toBeTruthy();
    const { data: memberships } = await db.membership.query.primary({ userId: stored!.userId! }).go();
    expect(memberships.map((m) => [m.scopeId, m.employeeId])).toEqual([[NORTHWIND, employee.id]]);
  });

  it("fits a 390 px phone: the domain's home, sign-in and dashboard", async () => {
    const session = await openBrowser({ width: 390, height: 844 });
    sessions.push(session);
    const { page } = session;
    await page.goto(onBright('/'));
    await expectOnPage(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'custom-domains-09-domain-home-phone');
    await page.goto(onBright('/auth'));
    await new AuthPage(page).signIn('owner@northwind.example', 'Demo1234!');
    await page.waitForURL((url) => url.pathname === '/business');
    await expectOnPage(page.getByRole('heading', { name: 'Northwind Bakery' }).first()).toBeVisible();
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'custom-domains-10-domain-dashboard-phone');
  });

  it("sends Northwind's owner signing out on the platform's address to the sign-in page on Bright's domain", async () => {
    const owner = await signIn('owner@northwind.example', 'Demo1234!');
    const session = await signedIn(owner, '/business', desktop);
    sessions.push(session);
    const { page } = session;
    await expectOnPage(page.getByRole('heading', { name: 'Northwind Bakery' }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.host === new URL(onBright('/')).host && url.pathname === '/auth');
    await expectOnPage(page.getByRole('heading', { name: 'Sign in to Bright Agency', level: 1 })).toBeVisible();
    await expectNoCardCrew(page, 'sign-in on the domain after Sign Out on the platform');
  });

  it('refuses the owner of a business that is not a client of Bright on its domain, signs them out, and points to the platform', async () => {
    const { owner } = await createOwnerWithBusiness();
    const session = await openBrowser(desktop);
    sessions.push(session);
    const { page } = session;
    await page.goto(onBright('/auth'));
    await new AuthPage(page).signIn(owner.email, owner.password);
    const alert = page.getByRole('alert').filter({ hasText: customDomainMessages.notThisSite });
    await expectOnPage(alert).toBeVisible();
    await expectOnPage(alert.getByRole('link', { name: 'Go to the platform’s sign-in' })).toHaveAttribute('href', `${origin}/auth`);
    expect(new URL(page.url()).pathname).toBe('/auth');
    // Signed out again: the domain's dashboard sends them back to sign in.
    expect(await page.evaluate(() => Object.keys(localStorage).some((k) => k.includes('idToken')))).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'custom-domains-11-domain-refused');
  });
});
