// Card designs in a real browser: the owner picks a layout and optional fields in Company Settings, watches the live
// preview (the card page's own HTML for a real employee) change before saving, saves, and the public card page
// changes. Every design passes axe (WCAG 2.2 AA) with all optional fields on, at 390 px and 1280 px, in a dark and a
// light brand colour, with no sideways scrolling on the phone; the card page has no script.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage } from '@playwright/test';
import { cardLayouts } from '../../shared/schemas/card-design';
import { axeViolations, horizontalOverflow } from '../support/axe';
import { desktop } from '../support/browser';
import { openBrowser, shot, type BrowserSession } from '../support/e2e';
import { addEmployee, api, createOwnerWithBusiness, origin, tables } from '../support/runtime';
import { AuthPage } from './pages/auth-page';

const phone390 = { width: 390, height: 844 };
const allOn = { pronouns: true, bio: true, booking: true, address: true, links: true };
const allOff = { pronouns: false, bio: false, booking: false, address: false, links: false };

let session: BrowserSession;
let owner: Awaited<ReturnType<typeof createOwnerWithBusiness>>;
let employee: Awaited<ReturnType<typeof addEmployee>>;

beforeAll(async () => {
  owner = await createOwnerWithBusiness({ name: 'Design Studio' });
  employee = await addEmployee(owner.owner, owner.business.id, {
    name: 'Dana Designer',
    email: 'dana.designer@example.com',
    status: 'active',
    jobTitle: 'Art Director',
    department: 'Studio',
  });
  const saved = await api('PUT', `/api/businesses/${owner.business.id}/employees/${employee.id}`, {
    user: owner.owner,
    body: {
      name: 'Dana Designer',
      email: 'dana.designer@example.com',
      jobTitle: 'Art Director',
      department: 'Studio',
      role: 'employee',
      status: 'active',
      cardExtras: {
        pronouns: 'they/them',
        bio: 'Twenty years of type and colour.\nAsk me about kerning.',
        bookingUrl: 'https://cal.example/dana',
        officeAddress: '12 Rua Augusta\n1100-048 Lisboa',
        links: [
          { label: 'Portfolio', url: 'https://dana.example/work' },
          { label: 'Dribbble', url: 'https://dribbble.example/dana' },
        ],
      },
    },
  });
  if (saved.status !== 200) throw new Error(`extras not saved: ${saved.status} ${saved.text}`);
  session = await openBrowser(desktop);
});
afterAll(async () => {
  await session?.browser.close();
});

const setDesign = async (
  layout: string,
  colours: { primaryColor: string; secondaryColor: string; accentColor: string },
) => {
  const res = await api('PUT', `/api/businesses/${owner.business.id}`, {
    user: owner.owner,
    body: { name: 'Design Studio', ...colours, cardDesign: { layout, coverUrl: null, fields: allOn } },
  });
  expect(res.status).toBe(200);
};

describe('card designs', () => {
  it('the owner switches the design, sees the preview change before saving, saves, and the public card page changes', async () => {
    const { page } = session;
    const auth = new AuthPage(page);
    await auth.goto('/business');
    await auth.signIn(owner.owner.email, owner.owner.password);
    await page.waitForURL(`${origin}/business`);
    await expectOnPage(page.getByText('Dana Designer').first()).toBeVisible();

    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog');
    const design = dialog.getByRole('group', { name: 'Card Design' });
    await design.scrollIntoViewIfNeeded();
    const preview = dialog.frameLocator('iframe[title="Card preview"]');
    // Classic until chosen, with Dana's card.
    await expectOnPage(design.getByRole('radio', { name: /Classic/ })).toBeChecked();
    await expectOnPage(preview.getByRole('heading', { name: 'Dana Designer' })).toBeVisible();
    await expectOnPage(preview.locator('header.compact')).toHaveCount(0);

    await design.getByRole('radio', { name: /Compact/ }).check();
    await design.getByRole('checkbox', { name: 'Pronouns' }).check();
    await design.getByRole('checkbox', { name: 'Calendar booking link' }).check();
    await expectOnPage(preview.locator('header.compact')).toBeVisible();
    await expectOnPage(preview.getByText('they/them')).toBeVisible();
    await expectOnPage(preview.getByRole('link', { name: 'Book a meeting' })).toBeVisible();
    await expectOnPage(preview.getByText('Portfolio')).toHaveCount(0);
    // Nothing is saved by previewing.
    const db = await tables();
    expect((await db.business.get({ businessId: owner.business.id }).go()).data!.cardDesign).toBeUndefined();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'card-designs-01-preview-compact', { fullPage: false });

    await dialog.getByRole('button', { name: 'Save Settings' }).click();
    await expectOnPage(dialog).toHaveCount(0);
    expect((await db.business.get({ businessId: owner.business.id }).go()).data!.cardDesign).toEqual({
      layout: 'compact',
      fields: { ...allOff, pronouns: true, booking: true },
    });

    const card = await session.context.newPage();
    await card.goto(employee.card.cardUrl);
    await expectOnPage(card.locator('header.compact')).toBeVisible();
    await expectOnPage(card.getByText('they/them')).toBeVisible();
    await expectOnPage(card.getByRole('link', { name: 'Book a meeting' })).toHaveAttribute(
      'href',
      'https://cal.example/dana',
    );
    await expectOnPage(card.getByText('Ask me about kerning.')).toHaveCount(0);
    await shot(card, 'card-designs-02-card-compact');
    await card.close();
  });

  it('keeps the Card Design fieldset usable and clean on a 390 px phone', async () => {
    const { page } = session;
    await page.setViewportSize(phone390);
    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog');
    const design = dialog.getByRole('group', { name: 'Card Design' });
    await design.getByRole('radio', { name: /Banner/ }).check();
    await expectOnPage(design.getByRole('button', { name: 'Choose image…' })).toBeVisible();
    await expectOnPage(dialog.frameLocator('iframe[title="Card preview"]').locator('header.banner')).toBeVisible();
    await design.scrollIntoViewIfNeeded();
    expect(await axeViolations(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);
    await shot(page, 'card-designs-03-settings-390', { fullPage: false });
    await page.keyboard.press('Escape');
    await page.setViewportSize(desktop);
  });

  const brands = {
    dark: { primaryColor: '#1E3A8A', secondaryColor: '#312E81', accentColor: '#F59E0B' },
    light: { primaryColor: '#FDE047', secondaryColor: '#A7F3D0', accentColor: '#BAE6FD' },
  };
  for (const layout of cardLayouts) {
    for (const [brand, colours] of Object.entries(brands)) {
      it(`${layout} in a ${brand} brand passes axe with every optional field on, at 390 px and 1280 px, with no script`, async () => {
        await setDesign(layout, colours);
        const page = await session.context.newPage();
        try {
          for (const [label, viewport] of [
            ['390', phone390],
            ['1280', desktop],
          ] as const) {
            await page.setViewportSize(viewport);
            await page.goto(employee.card.cardUrl);
            await expectOnPage(page.getByRole('heading', { name: 'Dana Designer' })).toBeVisible();
            await expectOnPage(page.getByText('they/them')).toBeVisible();
            await expectOnPage(page.getByText('Ask me about kerning.')).toBeVisible();
            await expectOnPage(page.getByRole('link', { name: 'Show on map' })).toBeVisible();
            await expectOnPage(page.getByRole('link', { name: 'dana.example/work' })).toBeVisible();
            expect(await page.locator('script').count()).toBe(0);
            expect(await axeViolations(page)).toEqual([]);
            expect(await horizontalOverflow(page)).toBe(0);
            await shot(page, `card-designs-10-${layout}-${brand}-${label}`);
          }
        } finally {
          await page.close();
        }
      });
    }
  }
});
