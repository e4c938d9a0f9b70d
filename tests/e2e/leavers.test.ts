// The leaver journey in a real browser (issue 23 §2): the owner deactivates an employee from the Employee Profile
// dialog, which says what will happen first (picks a colleague and who gets the leads, by keyboard) → the card says the
// person is no longer with the company (410) and links the colleague → the leads are reassigned (the dashboard's table
// and the new holder's portal say where they came from) → the leaver signing in with their password gets a clear
// message naming the company and whom to contact, no portal, and no way into business onboarding; signing in with
// Google (the same verified e-mail) lands on the same message. (Through SSO: tests/e2e/sso-sign-in.test.ts.)
// axe-clean dialog, 410 page and refusal; 390 px without sideways scroll; screenshots.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage } from '@playwright/test';
import { messages } from '../../shared/messages';
import { axeViolations, horizontalOverflow } from '../support/axe';
import { linkedEmployeeUser } from '../support/apple-wallet';
import { desktop } from '../support/browser';
import { atHostedUi, chooseGoogleAccount, openBrowser, shot, signedIn, type BrowserSession } from '../support/e2e';
import { addEmployee, api, createOwnerWithBusiness, freshClientAddress, origin, tables, type TestUser } from '../support/runtime';
import { AuthPage } from './pages/auth-page';
import { BusinessDashboardPage } from './pages/business-dashboard-page';

const m = messages.leavers;
const phone390 = { width: 390, height: 844 };
const sessions: BrowserSession[] = [];
let owner: Awaited<ReturnType<typeof createOwnerWithBusiness>>;
let leaver: Awaited<ReturnType<typeof addEmployee>>;
let colleague: Awaited<ReturnType<typeof addEmployee>>;
let heir: Awaited<ReturnType<typeof addEmployee>>;
let leaverUser: TestUser;
let heirUser: TestUser;

async function linked(employeeId: string): Promise<TestUser> {
  const user = await linkedEmployeeUser(owner.business.id, employeeId);
  await (await tables()).employee.patch({ employeeId }).set({ userId: user.sub }).go();
  return user;
}

beforeAll(async () => {
  owner = await createOwnerWithBusiness({ name: 'Departure Co', website: 'https://departure.example' });
  leaver = await addEmployee(owner.owner, owner.business.id, { name: 'Lee Leaver', jobTitle: 'Sales Lead', status: 'active' });
  colleague = await addEmployee(owner.owner, owner.business.id, { name: 'Cora Colleague', jobTitle: 'Sales', status: 'active' });
  heir = await addEmployee(owner.owner, owner.business.id, { name: 'Hal Heir', jobTitle: 'Sales', status: 'active' });
  leaverUser = await linked(leaver.id);
  heirUser = await linked(heir.id);
  // A lead from Lee's card page.
  const lead = new URLSearchParams({ name: 'Vera Visitor', email: 'vera@example.com', company: 'Initech', consent: 'yes' }).toString();
  const shared = await api('POST', `/api/public/cards/${leaver.card.id}/contact`, { body: lead, headers: { 'content-type': 'application/x-www-form-urlencoded' }, from: freshClientAddress() });
  expect(shared.status).toBe(200);
});
afterAll(async () => {
  for (const s of sessions) await s.browser.close();
});

describe('a leaver', () => {
  it('is deactivated in a dialog that says what will happen; their card then says they left and links the colleague; their leads moved', async () => {
    const session = await signedIn(owner.owner, '/business', desktop);
    sessions.push(session);
    const { page } = session;
    const dashboard = new BusinessDashboardPage(page);
    await dashboard.openEmployee('Lee Leaver');
    await page.getByRole('dialog').getByRole('button', { name: 'Deactivate', exact: true }).click();

    const dialog = page.getByRole('dialog', { name: m.dialogTitle('Lee Leaver') });
    await expectOnPage(dialog).toBeVisible();
    await expectOnPage(dialog.getByText(m.cardWillSay('Lee Leaver', 'Departure Co'))).toBeVisible();
    await expectOnPage(dialog.getByText(m.leadsWillMove(1))).toBeVisible();
    await expectOnPage(dialog.getByText(m.signedOut)).toBeVisible();
    await expectOnPage(dialog.getByText(m.walletVoided)).toBeVisible();
    // The pickers are searchable comboboxes (issue 39); nobody set a default successor, so it starts at the company.
    const successor = dialog.getByRole('combobox', { name: m.cardWillSay('Lee Leaver', 'Departure Co') });
    await expectOnPage(successor).toHaveValue(m.noSuccessor);
    await successor.focus();
    await page.keyboard.press('ArrowDown');
    await expectOnPage(dialog.getByRole('option')).toHaveText([m.noSuccessor, m.successorCard('Cora Colleague'), m.successorCard('Hal Heir')].map((t) => new RegExp(`^${t}`)));
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expectOnPage(successor).toHaveAttribute('aria-expanded', 'false');
    await shot(page, 'leavers-01-dialog', { fullPage: false });

    await page.setViewportSize(phone390);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'leavers-02-dialog-390', { fullPage: false });
    await page.setViewportSize(desktop);

    // By keyboard: search the colleague and the heir, pick each with the arrows and Enter, then Deactivate.
    await successor.focus();
    await page.keyboard.type('cora');
    // The search answered: 'nobody' and Cora.
    await expectOnPage(dialog.getByRole('option')).toHaveCount(2);
    await expectOnPage(dialog.getByRole('option', { name: m.successorCard('Cora Colleague') })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expectOnPage(successor).toHaveAttribute('aria-activedescendant', /.+/);
    await page.keyboard.press('Enter');
    await expectOnPage(successor).toHaveValue(m.successorCard('Cora Colleague'));
    const leads = dialog.getByRole('combobox', { name: m.leadsWillMove(1) });
    await leads.focus();
    await page.keyboard.type('Hal');
    // The owner has no profile, so 'the owner's contacts' comes first, then Hal.
    await expectOnPage(dialog.getByRole('option')).toHaveCount(2);
    await expectOnPage(dialog.getByRole('option', { name: 'Hal Heir' })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expectOnPage(leads).toHaveValue('Hal Heir');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expectOnPage(dialog.getByRole('button', { name: m.confirm, exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expectOnPage(page.getByText(m.deactivated('Lee Leaver'))).toBeVisible();
    await expectOnPage(dialog).toBeHidden();

    // Stored: Lee inactive with a leaver item pointing to Cora; the lead is Hal's, noted as from Lee's card.
    const db = await tables();
    expect((await db.employee.get({ employeeId: leaver.id }).go()).data?.status).toBe('inactive');
    expect((await db.leaver.get({ cardId: leaver.card.id }).go()).data).toMatchObject({ name: 'Lee Leaver', successorCardId: colleague.card.id });
    expect((await db.contact.query.byEmployee({ employeeId: heir.id }).go()).data).toMatchObject([{ email: 'vera@example.com', reassignedFrom: 'Lee Leaver' }]);

    // The dashboard's Contacts table says whose it is now and where it came from.
    await page.keyboard.press('Escape');
    const contacts = page.getByRole('region', { name: 'Contacts' }).or(page.locator('section[aria-labelledby="business-contacts-heading"]'));
    await expectOnPage(contacts.getByText(/Shared with Hal Heir · From Lee Leaver’s card/)).toBeVisible();

    // The card: 410, who left, the colleague's card; no Save Contact, no form (the page has no script; JS stays on for axe).
    const card = await openBrowser(phone390);
    sessions.push(card);
    const response = await card.page.goto(`${origin}/card/${leaver.card.id}`);
    expect(response?.status()).toBe(410);
    await expectOnPage(card.page.getByRole('heading', { name: m.gone('Lee Leaver', 'Departure Co') })).toBeVisible();
    await expectOnPage(card.page.getByText('Save Contact')).toHaveCount(0);
    await expectOnPage(card.page.locator('form')).toHaveCount(0);
    expect(await horizontalOverflow(card.page)).toBe(0);
    expect(await axeViolations(card.page)).toEqual([]);
    await shot(card.page, 'leavers-03-card-410-390');
    await card.page.getByRole('link', { name: m.successorCard('Cora Colleague'), exact: true }).click();
    await card.page.waitForURL(`${origin}/card/${colleague.card.id}`);
    await expectOnPage(card.page.getByRole('heading', { name: 'Cora Colleague' })).toBeVisible();
  });

  it('hands the leads to the heir’s portal, and the leaver signing in gets a clear message and no portal', async () => {
    const heirSession = await signedIn(heirUser, '/employee-portal', desktop);
    sessions.push(heirSession);
    await expectOnPage(heirSession.page.getByText('Vera Visitor')).toBeVisible();
    await expectOnPage(heirSession.page.getByText(/From Lee Leaver’s card/)).toBeVisible();

    const session = await openBrowser(phone390);
    sessions.push(session);
    const { page } = session;
    const auth = new AuthPage(page);
    await auth.goto();
    await auth.signIn(leaverUser.email, leaverUser.password);
    await page.waitForURL(`${origin}/employee-portal`);
    await expectOnPage(page.getByRole('heading', { name: m.portalClosedTitle })).toBeVisible();
    await expectOnPage(page.getByText(m.portalClosed)).toBeVisible();
    await expectOnPage(page.getByRole('button', { name: 'Edit Profile' })).toHaveCount(0);
    await expectOnPage(page.getByText('Lee Leaver')).toHaveCount(0);
    await expectOnPage(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    // It names the company they left and whom there to contact (its owner), from /api/me.
    await expectOnPage(page.getByText(m.portalClosedCompany('Departure Co'))).toBeVisible();
    await expectOnPage(page.getByRole('link', { name: new RegExp(owner.owner.email) })).toHaveAttribute('href', `mailto:${owner.owner.email}`);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'leavers-04-portal-refused-390');

    // Business onboarding is not a way round it: the leaver is sent back to 'Access Ended', and the API refuses too.
    for (const path of ['/business-onboarding', '/business']) {
      await page.goto(`${origin}${path}`);
      await page.waitForURL(`${origin}/employee-portal`);
      await expectOnPage(page.getByRole('heading', { name: m.portalClosedTitle })).toBeVisible();
      await expectOnPage(page.getByRole('link', { name: 'Set Up My Business' })).toHaveCount(0);
    }
  });

  it('sends the leaver signing in with Google to the same Access Ended, never business onboarding', async () => {
    const session = await openBrowser(desktop);
    sessions.push(session);
    const { page } = session;
    await page.goto(`${origin}/auth`);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.waitForURL(atHostedUi);
    await chooseGoogleAccount(page, { email: leaverUser.email, name: 'Lee Leaver', verified: true });
    await page.waitForURL(`${origin}/employee-portal`);
    await expectOnPage(page.getByRole('heading', { name: m.portalClosedTitle })).toBeVisible();
    await expectOnPage(page.getByText(m.portalClosedCompany('Departure Co'))).toBeVisible();
    await expectOnPage(page.getByText('Welcome to CardCrew!')).toHaveCount(0);
    await expectOnPage(page.getByRole('link', { name: 'Set Up My Business' })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'leavers-05-google-access-ended');
    await page.goto(`${origin}/business-onboarding`);
    await page.waitForURL(`${origin}/employee-portal`);
    await expectOnPage(page.getByRole('heading', { name: m.portalClosedTitle })).toBeVisible();

    // Stored: the leaver's account (the Google sign-in is linked to it) has no live membership and owns no business.
    const db = await tables();
    const { data: memberships } = await db.membership.query.primary({ userId: leaverUser.sub }).go();
    expect(memberships.filter((x) => !x.leftAt)).toEqual([]);
    expect((await db.businessOwnerGuard.get({ ownerId: leaverUser.sub }).go()).data).toBeNull();
  });
});
