// The mails in a real browser (issue 21 §1: every mail themed per recipient, from one React Email layout). An invitation
// to the seeded Northwind Bakery (a client of Bright Agency, white-label on) is read from the local mailbox and shown
// as a mail client would: Bright Agency's name and support contacts, no CardCrew anywhere, its button leads to the
// onboarding page. A direct customer's invitation (Acme Studio) keeps CardCrew's frame. axe clean, no sideways scroll
// on a phone.
import { afterAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage } from '@playwright/test';
import { axeViolations, horizontalOverflow } from '../support/axe';
import { openBrowser, shot, type BrowserSession } from '../support/e2e';
import { invite } from '../support/invitations';
import { addEmployee, mailbox, origin, signIn, uniqueEmail, type TestUser } from '../support/runtime';

const sessions: BrowserSession[] = [];
afterAll(async () => {
  for (const s of sessions) await s.browser.close();
});

/** Invites a new employee of `businessId` and returns the invitation mail from the local mailbox and its token. */
async function invitationFor(user: TestUser, businessId: string, name: string) {
  const email = uniqueEmail('mail-template');
  const employee = await addEmployee(user, businessId, { status: 'draft', email, name });
  const token = await invite({ owner: user, business: { id: businessId } }, employee.id, email);
  const mails = (await mailbox()).filter((m) => [m.to].flat().includes(email));
  return { mail: mails[mails.length - 1]!, token };
}

describe('mails as the recipient sees them', () => {
  it('a white-labelled client’s invitation: Bright Agency’s brand and support, no CardCrew, a working button', async () => {
    const agency = await signIn('agency@bright.example', 'Demo1234!');
    const { mail, token } = await invitationFor(agency, 'demo-business-northwind', 'Mira <Mail> "Test"');
    expect(mail.from).toMatch(/^"Bright Agency" </);
    const session = await openBrowser({ width: 390, height: 844 });
    sessions.push(session);
    const { page } = session;
    await page.setContent(mail.body.html!);

    await expectOnPage(page).toHaveTitle('Join Northwind Bakery');
    await expectOnPage(page.getByRole('heading', { level: 1, name: 'Join Northwind Bakery' })).toBeVisible();
    await expectOnPage(page.getByText('Hi Mira <Mail> "Test",', { exact: true })).toBeVisible();
    const body = await page.locator('body').innerText();
    expect(body).not.toMatch(/cardcrew/i);
    expect(body).toContain('Bright Agency');
    await expectOnPage(page.getByRole('link', { name: 'support@bright.example', exact: true })).toHaveAttribute(
      'href',
      'mailto:support@bright.example',
    );
    await expectOnPage(page.getByRole('link', { name: 'https://bright.example/support', exact: true })).toHaveAttribute(
      'href',
      'https://bright.example/support',
    );
    // Bright Agency's domain is active (the seed), so its client's invitation opens there, not on the platform.
    const button = page.getByRole('link', { name: 'Set up my account', exact: true });
    await expectOnPage(button).toHaveAttribute('href', `http://cards.bright.localhost:${new URL(origin).port}/employee-onboarding?id=${token}`);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'mail-templates-01-white-label-invitation');

    await page.goto((await button.getAttribute('href'))!);
    await expectOnPage(page.getByText('Mira <Mail> "Test"').first()).toBeVisible();
    await expectOnPage(page).toHaveTitle('Bright Agency');
  });

  it('a direct customer’s invitation keeps CardCrew’s frame', async () => {
    const owner = await signIn('owner@acme.example', 'Demo1234!');
    const { mail } = await invitationFor(owner, 'demo-business-acme', 'Carl Crew');
    const session = await openBrowser({ width: 700, height: 900 });
    sessions.push(session);
    const { page } = session;
    await page.setContent(mail.body.html!);
    await expectOnPage(page.getByRole('heading', { level: 1, name: 'Join Acme Studio on CardCrew' })).toBeVisible();
    await expectOnPage(
      page.getByText('CardCrew · Digital business cards for your whole team', { exact: true }),
    ).toBeVisible();
    expect(await page.locator('body').innerText()).not.toContain('Bright');
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(page)).toBe(0);
    await shot(page, 'mail-templates-02-cardcrew-invitation');
  });
});
