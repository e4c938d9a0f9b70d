// The agency's sending domain in a real browser: Agency Settings → Sending domain adds a domain by keyboard, shows
// the three DKIM records to create and the state going pending → verified (Check), and removes it after a warning;
// the section is axe clean, works by keyboard and fits a 390 px phone.
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage } from '@playwright/test';
import { customDomainMessages } from '../../shared/messages/custom-domains';
import { sendingDomainMessages } from '../../shared/messages/sending-domain';
import { agencyWithSettings } from '../support/agencies';
import { axeViolations, horizontalOverflow } from '../support/axe';
import { desktop } from '../support/browser';
import { shot, signedIn, type BrowserSession } from '../support/e2e';
import { tables } from '../support/runtime';

const sessions: BrowserSession[] = [];
afterAll(async () => {
  for (const s of sessions) await s.browser.close();
});

async function openSection(viewport: { width: number; height: number }) {
  const { user, agencyId } = await agencyWithSettings();
  const session = await signedIn(user, '/agency', viewport);
  sessions.push(session);
  const { page } = session;
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const section = page.getByRole('dialog').getByRole('region', { name: 'Sending domain' });
  await expectOnPage(section).toBeVisible();
  return { page, section, agencyId };
}

describe('sending domain in Agency Settings', () => {
  it('adds a domain by keyboard, checks it by keyboard until SES has verified it, and removes it after the warning', async () => {
    const { page, section, agencyId } = await openSection(desktop);

    // The form refuses a name that is not a lower-case hostname before sending it.
    const field = section.getByLabel('Domain', { exact: true });
    await field.fill('Mail.Example.com');
    await field.press('Enter');
    await expectOnPage(section.getByText(customDomainMessages.lowerCase)).toBeVisible();

    const domain = `mail-${randomBytes(3).toString('hex')}.e2e.localhost`;
    await field.fill(domain);
    await field.press('Enter');
    await expectOnPage(section.getByText(domain, { exact: true })).toBeVisible();
    await expectOnPage(section.getByText('Pending', { exact: true })).toBeVisible();
    // Check, by keyboard, at once (the section also looks again by itself every few seconds while pending): SES finds
    // the records of a .localhost domain and it is verified.
    await section.getByRole('button', { name: 'Check', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expectOnPage(section.getByText('Verified', { exact: true })).toBeVisible({ timeout: 15_000 });
    await expectOnPage(section.getByText(sendingDomainMessages.verified(`no-reply@${domain}`))).toBeVisible();
    await expectOnPage(section.getByText('DKIM records to create at your DNS provider')).toHaveCount(0);
    await section.scrollIntoViewIfNeeded();
    await shot(page, 'sending-domain-02-verified', { fullPage: false });
    expect(await axeViolations(page)).toEqual([]);
    const db = await tables();
    expect((await db.sendingDomain.get({ domain }).go({ consistent: true })).data).toMatchObject({ agencyId, state: 'verified' });

    // Remove, by keyboard, after the warning.
    await section.getByRole('button', { name: 'Remove sending domain' }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: `Remove ${domain}?` });
    await expectOnPage(confirm.getByText(sendingDomainMessages.removeWarning(domain))).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'sending-domain-03-remove', { fullPage: false });
    await confirm.getByRole('button', { name: 'Remove sending domain' }).focus();
    await page.keyboard.press('Enter');
    await expectOnPage(page.getByText(sendingDomainMessages.removed(domain))).toBeVisible();
    await expectOnPage(section.getByLabel('Domain', { exact: true })).toBeVisible();
    expect((await db.sendingDomain.get({ domain }).go({ consistent: true })).data).toBeNull();
  });

  it('shows the three DKIM records of a pending domain, copyable, and fits a 390 px phone without sideways scroll', async () => {
    const { page, section } = await openSection(desktop);
    const domain = `a-rather-long-sending-name-${randomBytes(3).toString('hex')}.mail.example.com`;
    await section.getByLabel('Domain', { exact: true }).fill(domain);
    await section.getByRole('button', { name: 'Add sending domain' }).click();
    await expectOnPage(section.getByText('Pending', { exact: true })).toBeVisible();
    await expectOnPage(section.getByText(sendingDomainMessages.pending)).toBeVisible();
    await expectOnPage(section.getByText('DKIM records to create at your DNS provider')).toBeVisible();
    // Three CNAMEs, each name and value copyable; adding is done (one per agency), so the form is gone.
    await expectOnPage(section.getByRole('button', { name: /^Copy the record value .+\.dkim\.amazonses\.com$/ })).toHaveCount(3);
    await expectOnPage(section.getByRole('button', { name: new RegExp(`^Copy the record name .+\\._domainkey\\.${domain.replace(/\./g, '\\.')}$`) })).toHaveCount(3);
    await expectOnPage(section.getByLabel('Domain', { exact: true })).toHaveCount(0);
    await section.getByText('DKIM records to create at your DNS provider').scrollIntoViewIfNeeded();
    await shot(page, 'sending-domain-01-pending', { fullPage: false });
    expect(await axeViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    await section.getByText('DKIM records to create at your DNS provider').scrollIntoViewIfNeeded();
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'sending-domain-04-phone', { fullPage: false });
  });
});
