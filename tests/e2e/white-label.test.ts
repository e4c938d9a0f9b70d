// White-label from the client's side, in a real browser (issue 21 §1): the seeded Northwind Bakery is a client of Bright
// Agency, which has white-label on. Its owner signs in and sees Bright Agency, not CardCrew, in the tab (title and
// icon) and nowhere on the dashboard; signing out brings CardCrew back. axe clean, on a phone too.
import { afterAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage } from '@playwright/test';
import { axeViolations, horizontalOverflow } from '../support/axe';
import { desktop } from '../support/browser';
import { expectNoCardCrew, openBrowser, shot, signedIn, type BrowserSession } from '../support/e2e';
import { invite } from '../support/invitations';
import { hexToHsl, hslToCss } from '../../shared/colour';
import { messages } from '../../shared/messages';
import { addClient, agencySettings, agencyWithSettings } from '../support/agencies';
import { pngImage, uploadAgencyLogo } from '../support/uploads';
import { addEmployee, api, createUser, origin, signIn, tables, uniqueEmail, type TestUser } from '../support/runtime';
import { AuthPage } from './pages/auth-page';

const sessions: BrowserSession[] = [];
afterAll(async () => {
  for (const s of sessions) await s.browser.close();
});

describe('a white-labelled client’s owner', () => {
  it('sees Bright Agency in the tab and no CardCrew on the dashboard, and Bright Agency’s sign-in page after signing out', async () => {
    const owner = await signIn('owner@northwind.example', 'Demo1234!');
    const session = await signedIn(owner, '/business', desktop);
    sessions.push(session);
    const { page } = session;
    await expectOnPage(page.getByRole('heading', { name: 'Northwind Bakery' }).first()).toBeVisible();
    await expectOnPage(page).toHaveTitle('Bright Agency');
    const icon = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(decodeURIComponent(icon ?? '')).toMatch(/^data:image\/svg\+xml,<svg.*>B<\/text><\/svg>$/);
    expect(await page.locator('body').innerText()).not.toMatch(/cardcrew/i);
    // Billed by its agency (issue 20): the agency as the payer, not CardCrew's price per user (the agency's margin).
    const cost = page.getByRole('heading', { name: 'Monthly Cost' }).locator('..');
    await expectOnPage(cost).toContainText('$0.00');
    await expectOnPage(cost.getByText('Billed by Bright Agency', { exact: true })).toBeVisible();
    await expectOnPage(cost).not.toContainText('per user');
    // The agency's support where CardCrew's Home and Pricing links were.
    await expectOnPage(page.getByRole('link', { name: 'Bright Agency support', exact: true })).toHaveAttribute('href', 'https://bright.example/support');
    await expectOnPage(page.getByRole('link', { name: 'Pricing', exact: true })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'white-label-01-client-dashboard');

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    // Signed out, the agency's sign-in page (issue 40), not CardCrew's marketing home.
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    await expectOnPage(page.getByRole('heading', { name: 'Sign in to Bright Agency', level: 1 })).toBeVisible();
    await expectOnPage(page).toHaveTitle('Bright Agency');
    expect(decodeURIComponent((await page.locator('link[rel="icon"]').getAttribute('href')) ?? '')).toContain('>B</text>');
  });

  it('opens an invitation to Northwind Bakery in Bright Agency’s brand: title and icon, no CardCrew', async () => {
    const agency = await signIn('agency@bright.example', 'Demo1234!');
    const email = uniqueEmail('northwind-new');
    const employee = await addEmployee(agency, 'demo-business-northwind', { status: 'draft', email, name: 'Nina New' });
    const token = await invite({ owner: agency, business: { id: 'demo-business-northwind' } }, employee.id, email);
    const session = await openBrowser({ width: 390, height: 844 });
    sessions.push(session);
    const { page } = session;
    await page.goto(`${origin}/employee-onboarding?id=${token}`);
    await expectOnPage(page.getByText('Nina New').first()).toBeVisible();
    await expectOnPage(page).toHaveTitle('Bright Agency');
    expect(decodeURIComponent((await page.locator('link[rel="icon"]').getAttribute('href')) ?? '')).toContain('>B</text>');
    expect(await page.locator('body').innerText()).not.toMatch(/cardcrew/i);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'white-label-02-onboarding');
  });

  it('shows Northwind’s card page with Northwind’s mark in the tab and no CardCrew anywhere', async () => {
    const session = await openBrowser({ width: 390, height: 844 });
    sessions.push(session);
    const { page } = session;
    const res = await page.goto(`${origin}/card/demo-card-sam-baker`);
    expect(res?.status()).toBe(200);
    expect(await res!.text()).not.toMatch(/cardcrew|favicon\.svg/i);
    const icon = decodeURIComponent((await page.locator('link[rel="icon"]').getAttribute('href')) ?? '');
    expect(icon).toMatch(/^data:image\/svg\+xml,<svg.*fill="#B45309".*>N<\/text><\/svg>$/);
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe('the agency’s client list', () => {
  it('turns white-label off for one client from its card, by keyboard, and on again: stored on the client; axe clean; fits a phone', async () => {
    const agency = await signIn('agency@bright.example', 'Demo1234!');
    const clientId = await addClient(agency, 'Override Bakery');
    const session = await signedIn(agency, '/agency', desktop);
    sessions.push(session);
    const { page } = session;
    const select = page.getByLabel('White-label for Override Bakery', { exact: true });
    // Bright's switch is on (seed): the new client follows it.
    await expectOnPage(select).toHaveValue('agency');
    await expectOnPage(select.locator('option:checked')).toHaveText(messages.agency.clientWhiteLabelFollow(true));
    const brandedBy = async () => (await (await tables()).business.get({ businessId: clientId }).go({ consistent: true })).data?.whiteLabelAgencyId;
    expect(await brandedBy()).toBeTruthy();

    // Keyboard only: each arrow key on the focused select saves the next choice ("On", then "Off for this client").
    await select.press('ArrowDown');
    await expectOnPage(page.getByText(messages.agency.clientWhiteLabelSaved('Override Bakery', true))).toBeVisible();
    await expectOnPage(select).toHaveValue('on');
    await expectOnPage(select).toBeEnabled();
    await select.press('ArrowDown');
    await expectOnPage(page.getByText(messages.agency.clientWhiteLabelSaved('Override Bakery', false))).toBeVisible();
    await expectOnPage(select).toHaveValue('off');
    expect(await brandedBy()).toBeUndefined();
    expect(await axeViolations(page)).toEqual([]);
    await select.scrollIntoViewIfNeeded();
    await shot(page, 'white-label-03-client-override');

    await select.selectOption('agency');
    await expect.poll(brandedBy, { timeout: 15_000 }).toBeTruthy();
    await expectOnPage(page.getByText(messages.agency.clientWhiteLabelSaved('Override Bakery', true)).first()).toBeVisible();
    // Reloaded, the list shows what is stored.
    await page.reload();
    await expectOnPage(page.getByLabel('White-label for Override Bakery', { exact: true })).toHaveValue('agency');

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('White-label for Override Bakery', { exact: true }).scrollIntoViewIfNeeded();
    await shot(page, 'white-label-04-client-override-phone');
  });
});

describe('the agency’s chrome for its clients (colours, favicon, the sign-in page)', () => {
  const brightPrimary = hslToCss(hexToHsl('#7C3AED'));

  it('gives Northwind’s owner Bright’s colours in the top bar and buttons, and no CardCrew anywhere in the page', async () => {
    const owner = await signIn('owner@northwind.example', 'Demo1234!');
    const session = await signedIn(owner, '/business', desktop);
    sessions.push(session);
    const { page } = session;
    await expectOnPage(page.getByRole('heading', { name: 'Northwind Bakery' }).first()).toBeVisible();
    await expectOnPage.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--primary').trim())).toBe(brightPrimary);
    // A primary button is painted in Bright's violet (#7C3AED, through integer HSL), not Northwind's amber (#B45309).
    // Polled: the button's colour transition (150 ms) runs from the default blue once the brand's variables are set.
    const addButton = page.getByRole('button', { name: 'Add Employee' }).first();
    await expectOnPage.poll(() => addButton.evaluate((el) => getComputedStyle(el).backgroundColor)).toMatch(/^rgb\(124, 5[89], 237\)$/);
    // The tab's title and icon follow once the brand chrome's module has loaded (after the colours, on a busy machine).
    await expectOnPage(page).toHaveTitle('Bright Agency');
    expect(await page.content()).not.toMatch(/cardcrew/i);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'white-label-05-client-chrome');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    // Northwind's own colours stay on its business (its cards).
    const { data } = await (await tables()).business.get({ businessId: 'demo-business-northwind' }).go();
    expect(data).toMatchObject({ primaryColor: '#B45309', whiteLabelPrimaryColor: '#7C3AED' });
  });

  it('opens /auth from a Northwind invitation in Bright’s brand, and plain /auth in CardCrew’s', async () => {
    const agency = await signIn('agency@bright.example', 'Demo1234!');
    const email = uniqueEmail('northwind-auth');
    const employee = await addEmployee(agency, 'demo-business-northwind', { status: 'draft', email, name: 'Ada Auth' });
    const token = await invite({ owner: agency, business: { id: 'demo-business-northwind' } }, employee.id, email);
    const session = await openBrowser({ width: 390, height: 844 });
    sessions.push(session);
    const { page } = session;
    await page.goto(`${origin}/auth?redirect=${encodeURIComponent(`/employee-onboarding?id=${token}`)}`);
    await expectOnPage(page.getByRole('heading', { name: 'Sign in to Bright Agency', level: 1 })).toBeVisible();
    await expectOnPage(page).toHaveTitle('Bright Agency');
    await expectOnPage.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--primary').trim())).toBe(brightPrimary);
    expect(await page.content()).not.toMatch(/cardcrew/i);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'white-label-06-auth-from-invitation');
    // Keyboard: the e-mail field is reachable and takes input.
    await page.keyboard.press('Tab');
    await expectOnPage(page.getByLabel('Email', { exact: true })).toBeVisible();

    await page.goto(`${origin}/auth`);
    await expectOnPage(page.getByRole('heading', { name: 'Sign in to CardCrew', level: 1 })).toBeVisible();
    await expectOnPage(page.getByRole('link', { name: 'CardCrew', exact: true })).toBeVisible();
  });

  it('puts the agency’s favicon renditions in the tab: 32 px icon and 180 px apple-touch-icon', async () => {
    const { user, agencyId } = await agencyWithSettings();
    const clientId = await addClient(user, 'Icon Client');
    expect((await api('PUT', '/api/agency', { user, body: agencySettings({ whiteLabel: true, supportEmail: 'help@icon.example' }) })).status).toBe(200);
    const confirmed = await api('POST', `/api/agency/uploads/${await uploadAgencyLogo(user, await pngImage(48, '#0F766E'), 'favicon')}/confirm`, { user, body: {} });
    expect(confirmed.status, confirmed.text).toBe(200);
    const owner = await createUser();
    await (await tables()).membership.create({ userId: owner.sub, scopeType: 'business', scopeId: clientId, role: 'owner' }).go();
    const session = await signedIn(owner, '/business', desktop);
    sessions.push(session);
    const { page } = session;
    await expectOnPage(page.getByRole('heading', { name: 'Icon Client' }).first()).toBeVisible();
    const base = (confirmed.body.url as string).slice(0, -'favicon-512.png'.length);
    expect(base).toContain(`/favicons/${agencyId}/`);
    await expectOnPage(page.locator('link[rel="icon"]')).toHaveAttribute('href', `${base}favicon-32.png`);
    await expectOnPage(page.locator('link[rel="icon"]')).toHaveAttribute('sizes', '32x32');
    await expectOnPage(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', `${base}favicon-180.png`);
    await expectOnPage(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('sizes', '180x180');
    const icon = await page.request.get(`${base}favicon-32.png`);
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toBe('image/png');
  });
});

describe('Agency Settings → White-label → Favicon', () => {
  it('uploads a square favicon from the dialog: stored, previewed, said; axe clean; fits a phone', async () => {
    const { user, agencyId } = await agencyWithSettings();
    const session = await signedIn(user, '/agency', { width: 390, height: 844 });
    sessions.push(session);
    const { page } = session;
    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog');
    await expectOnPage(dialog.getByText(messages.agency.faviconFromLogo)).toBeVisible();
    await dialog.getByLabel('Favicon', { exact: true }).setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: await pngImage(64, '#0F766E') });
    await expectOnPage(page.getByText(messages.upload.faviconUploaded)).toBeVisible();
    await expectOnPage(dialog.getByText(messages.agency.faviconOwn)).toBeVisible();
    const { data } = await (await tables()).agency.get({ agencyId }).go({ consistent: true });
    expect(data?.faviconUrl).toMatch(new RegExp(`/favicons/${agencyId}/[^/]+/favicon-512\\.png$`));
    const preview = dialog.locator(`img[src="${data!.faviconUrl}"]`);
    await expectOnPage(preview).toBeVisible();
    await preview.scrollIntoViewIfNeeded();
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'white-label-07-favicon-upload', { fullPage: false });
  });
});

/** The marketing site's pages (the platform's): a white-labelled client's product links none of them (issue 40). */
const marketingLinks = 'a[href="/"], a[href^="/#"], a[href="/pricing"], a[href="/about"], a[href="/terms"], a[href="/privacy"]';

/** Nothing of CardCrew that a person sees: the tab's title and icon, the page's text, its mark. */
/** A Northwind employee who accepted an invitation: a user linked to an active employee. */
async function northwindEmployee(): Promise<TestUser> {
  const agency = await signIn('agency@bright.example', 'Demo1234!');
  const employee = await addEmployee(agency, 'demo-business-northwind', { status: 'active', name: 'Wes Whisk', email: uniqueEmail('northwind-wes') });
  const user = await createUser();
  const db = await tables();
  await db.membership.create({ userId: user.sub, scopeType: 'business', scopeId: 'demo-business-northwind', role: 'employee', employeeId: employee.id }).go();
  await db.profile.create({ userId: user.sub, email: user.email, displayName: 'Wes Whisk', accountType: 'employee' }).go();
  await db.employee.patch({ employeeId: employee.id }).set({ userId: user.sub }).go();
  return user;
}

describe('a white-labelled client’s people around the product: sign-out, sign-in, forgot password, 404 (issue 40)', () => {
  it('takes Northwind’s owner from Sign Out to Bright Agency’s sign-in and reset pages, by keyboard, with no CardCrew and no marketing link; the next person to sign in here decides', async () => {
    const owner = await signIn('owner@northwind.example', 'Demo1234!');
    const session = await signedIn(owner, '/business', desktop);
    sessions.push(session);
    const { page } = session;
    await expectOnPage(page.getByRole('heading', { name: 'Northwind Bakery' }).first()).toBeVisible();
    expect(await page.locator(marketingLinks).count()).toBe(0);

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    await expectOnPage(page.getByRole('heading', { name: 'Sign in to Bright Agency', level: 1 })).toBeVisible();
    await expectOnPage(page.locator('main > p').first()).toHaveText(/^B?Bright Agency$/); // the agency's mark: initial and name
    await expectOnPage(page).toHaveTitle('Bright Agency');
    await expectNoCardCrew(page, 'sign-in after Sign Out');
    expect(await page.locator(marketingLinks).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'white-label-11-signed-out-auth');

    // By keyboard: from the e-mail field to 'Forgot password?', and Enter opens the reset page in the same brand.
    await page.getByLabel('Email', { exact: true }).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expectOnPage(page.getByRole('button', { name: 'Forgot password?' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expectOnPage(page.getByRole('heading', { name: 'Reset your password', level: 1 })).toBeVisible();
    await expectOnPage(page.locator('main > p').first()).toHaveText(/^B?Bright Agency$/); // the agency's mark: initial and name
    await expectNoCardCrew(page, 'forgot password');
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'white-label-12-forgot-password-phone');

    // Opened afresh (the prerendered page), and the 404 page: still Bright Agency's, one <title>, home is its sign-in.
    await page.goto(`${origin}/auth`);
    await expectOnPage(page.getByRole('heading', { name: 'Sign in to Bright Agency', level: 1 })).toBeVisible();
    await expectOnPage(page).toHaveTitle('Bright Agency');
    await expectNoCardCrew(page, 'sign-in opened afresh');
    expect(await horizontalOverflow(page)).toBe(0);
    await page.goto(`${origin}/no-such-page`);
    await expectOnPage(page.getByRole('heading', { name: 'Oops! Page not found', level: 1 })).toBeVisible();
    await expectOnPage(page).toHaveTitle('Bright Agency');
    await expectNoCardCrew(page, '404');
    await expectOnPage(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/auth');
    await expectOnPage.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--primary').trim())).toBe(hslToCss(hexToHsl('#7C3AED')));
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'white-label-13-not-found-phone');
    await page.getByRole('link', { name: 'Return to Home' }).focus();
    await page.keyboard.press('Enter');
    await expectOnPage(page.getByRole('heading', { name: 'Sign in to Bright Agency', level: 1 })).toBeVisible();

    // Another person signs in on this browser (a direct customer): the server's answer replaces the kept brand.
    const auth = new AuthPage(page);
    await auth.signIn('owner@acme.example', 'Demo1234!');
    await page.waitForURL((url) => url.pathname === '/business');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto(`${origin}/auth`);
    await expectOnPage(page.getByRole('heading', { name: 'Sign in to CardCrew', level: 1 })).toBeVisible();
  });

  it('paints the prerendered sign-in page without CardCrew for Northwind’s signed-out owner before the app has run', async () => {
    const owner = await signIn('owner@northwind.example', 'Demo1234!');
    const session = await signedIn(owner, '/business', { width: 390, height: 844 });
    sessions.push(session);
    const { page } = session;
    await expectOnPage(page.getByRole('heading', { name: 'Northwind Bakery' }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    // The app's code never arrives: what is painted is the HTML and web/remembered-brand.js alone.
    await page.route(/\/assets\/(?!remembered-brand-)[^/]+\.js$/, (route) => route.abort());
    await page.goto(`${origin}/auth`);
    await expectOnPage(page).toHaveTitle('Bright Agency');
    expect(decodeURIComponent((await page.locator('link[rel="icon"]').getAttribute('href')) ?? '')).toMatch(/fill="#334155".*>B<\/text>/);
    for (const mark of await page.locator('[data-platform-mark]').all()) await expectOnPage(mark).toBeHidden();
    await expectOnPage(page.getByRole('heading', { level: 1 })).toBeHidden();
    // Hidden, not removed: the form keeps its place, so nothing moves when the brand is drawn.
    await expectOnPage(page.getByLabel('Email', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.querySelector('script[data-brand-key]'))).toBeNull();
    await page.unroute(/\/assets\/(?!remembered-brand-)[^/]+\.js$/);
  });

  it('takes a Northwind employee from the portal’s Sign Out to Bright Agency’s sign-in page; the portal links no marketing page', async () => {
    const employee = await northwindEmployee();
    const session = await signedIn(employee, '/employee-portal', { width: 390, height: 844 });
    sessions.push(session);
    const { page } = session;
    await expectOnPage(page.getByText('Wes Whisk').first()).toBeVisible();
    expect(await page.locator(marketingLinks).count()).toBe(0);
    expect(await page.locator('body').innerText()).not.toMatch(/cardcrew/i);
    const signOut = page.getByRole('button', { name: 'Sign Out' });
    await signOut.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/auth');
    await expectOnPage(page.getByRole('heading', { name: 'Sign in to Bright Agency', level: 1 })).toBeVisible();
    await expectOnPage(page).toHaveTitle('Bright Agency');
    await expectNoCardCrew(page, 'employee signed out');
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'white-label-14-employee-signed-out-phone');
  });

  it('shows a direct customer CardCrew everywhere: Sign Out goes home, sign-in and reset pages and the 404 page are CardCrew’s', async () => {
    const owner = await signIn('owner@acme.example', 'Demo1234!');
    const session = await signedIn(owner, '/business', desktop);
    sessions.push(session);
    const { page } = session;
    await expectOnPage(page.getByRole('link', { name: 'Pricing', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expectOnPage(page).toHaveTitle(/CardCrew/);
    await page.goto(`${origin}/auth`);
    await expectOnPage(page.getByRole('heading', { name: 'Sign in to CardCrew', level: 1 })).toBeVisible();
    await expectOnPage(page.getByRole('link', { name: 'CardCrew', exact: true })).toBeVisible();
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('/favicon.svg');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expectOnPage(page.getByRole('heading', { name: 'Reset your password', level: 1 })).toBeVisible();
    await expectOnPage(page.getByRole('link', { name: 'CardCrew', exact: true })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`${origin}/no-such-page`);
    await expectOnPage(page).toHaveTitle('Page not found · CardCrew');
    expect(await page.locator('title').count()).toBe(1);
    await expectOnPage(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(await axeViolations(page)).toEqual([]);
  });
});
