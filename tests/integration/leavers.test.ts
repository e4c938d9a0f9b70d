// Leavers (issue 23 §2) over the API: a deactivated employee's card page answers 410 with who left and the way on
// (the colleague picked, else the company's website and phone), the vCard and the contact form stop; their leads go to
// the person picked (default: the creator) with a note; their tokens and the portal refuse them; a deleted leaver keeps
// a tombstone so old QR codes never answer a bare 404; reactivating brings card and access back, not the leads.
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages';
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { addEmployee, api, cognito, createOwnerWithBusiness, createUser, freshClientAddress, origin, runtime, signIn, tables, type TestUser } from '../support/runtime';

const m = messages.leavers;
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const lead = { name: 'Vera Visitor', email: 'vera@example.com', company: 'Initech', consent: 'yes' };

function shareDetails(cardId: string, fields: Record<string, string> = lead) {
  return api('POST', `/api/public/cards/${cardId}/contact`, { body: form(fields), headers: { 'content-type': 'application/x-www-form-urlencoded' }, from: freshClientAddress() });
}

/** A signed-in user linked to `employeeId`, as accepting an invitation links one. */
async function linkUser(businessId: string, employeeId: string): Promise<TestUser> {
  const user = await createUser();
  const db = await tables();
  await db.membership.create({ userId: user.sub, scopeType: 'business', scopeId: businessId, role: 'employee', employeeId }).go();
  await db.employee.patch({ employeeId }).set({ userId: user.sub }).go();
  await db.profile.create({ userId: user.sub, email: user.email, displayName: 'Lee', accountType: 'employee' }).go();
  return user;
}

/** A business whose owner has a profile of their own (the creator's, with an office phone) unless `ownerProfile` is false. */
async function company(ownerProfile = true) {
  const owned = await createOwnerWithBusiness({ name: 'Leaver Labs', website: 'https://leaver-labs.example' });
  const db = await tables();
  let creator: { employeeId: string; name: string } | undefined;
  if (ownerProfile) {
    // The company's phone on a leaver's page is the owner's office phone (the business has none; docs/decisions.md).
    const profile = await addEmployee(owned.owner, owned.business.id, { name: 'Olivia Owner', role: 'owner', officePhone: '+1 555 0199', status: 'active' });
    await db.employee.patch({ employeeId: profile.id }).set({ userId: owned.owner.sub }).go();
    creator = { employeeId: profile.id, name: profile.name };
  }
  const leaver = await addEmployee(owned.owner, owned.business.id, { name: 'Lee Leaver', status: 'active' });
  const colleague = await addEmployee(owned.owner, owned.business.id, { name: 'Cora Colleague', status: 'active' });
  const heir = await addEmployee(owned.owner, owned.business.id, { name: 'Hal Heir', status: 'active' });
  const leaverUser = await linkUser(owned.business.id, leaver.id);
  return { ...owned, creator: creator!, leaver, colleague, heir, leaverUser };
}

/** A refresh token of a fresh sign-in, and whether Cognito still honours it. */
async function refreshTokenOf(user: TestUser): Promise<string> {
  const auth = await cognito.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: runtime.ids.userPoolClientId, AuthParameters: { USERNAME: user.email, PASSWORD: user.password } }));
  return auth.AuthenticationResult!.RefreshToken!;
}
const refreshes = (refreshToken: string) =>
  cognito.send(new InitiateAuthCommand({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: runtime.ids.userPoolClientId, AuthParameters: { REFRESH_TOKEN: refreshToken } })).then(
    () => true,
    () => false,
  );

const deactivate = (owner: TestUser, businessId: string, employeeId: string, body: Record<string, unknown> = {}) =>
  api('POST', `/api/businesses/${businessId}/employees/${employeeId}/deactivate`, { user: owner, body });

describe('deactivating an employee', () => {
  it('turns their card into a 410 page that names the colleague picked, stops the vCard and the form, moves their leads and shuts them out', async () => {
    const { owner, business, leaver, colleague, heir, leaverUser } = await company();
    const db = await tables();
    expect((await shareDetails(leaver.card.id)).status).toBe(200);
    expect((await api('GET', '/api/me/employee', { user: leaverUser })).status).toBe(200);
    const refreshToken = await refreshTokenOf(leaverUser);
    expect(await refreshes(refreshToken)).toBe(true);

    const res = await deactivate(owner, business.id, leaver.id, { successorCardId: colleague.card.id, leadsTo: heir.id });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ leadsMoved: 1, employee: { id: leaver.id, status: 'inactive', card: { id: leaver.card.id, isActive: false } } });

    // What a visitor sees: who left, the colleague's card, nothing of the leaver's to save or contact; no script, small.
    const page = await fetch(`${origin}/card/${leaver.card.id}`);
    expect(page.status).toBe(410);
    expect(page.headers.get('x-robots-tag')).toBe('noindex');
    const html = await page.text();
    expect(html).toContain(m.gone('Lee Leaver', 'Leaver Labs'));
    expect(html).toContain(`<a class="btn" href="/card/${colleague.card.id}">Cora Colleague’s card</a>`);
    expect(html).toContain('<meta name="robots" content="noindex">');
    for (const absent of ['Save Contact', '/vcard', '<form', '<script', 'Wallet', leaver.email]) expect(html).not.toContain(absent);
    expect(gzipSync(html).byteLength).toBeLessThan(14 * 1024);
    expect((await fetch(`${origin}/card/${leaver.card.id}`, { method: 'HEAD' })).status).toBe(410);
    expect((await fetch(`${origin}/card/${colleague.card.id}`)).status).toBe(200);
    const vcard = await api('GET', `/api/public/cards/${leaver.card.id}/vcard`);
    expect(vcard.status).toBe(410);
    expect(vcard.body.error.message).toBe(m.gone('Lee Leaver', 'Leaver Labs'));
    expect((await shareDetails(leaver.card.id, { ...lead, email: 'late@example.com' })).status).toBe(410);

    // What is stored: the leaver item, the card off, the lead with Hal noted as from Lee's card, the access ended.
    expect((await db.leaver.get({ cardId: leaver.card.id }).go()).data).toMatchObject({
      businessId: business.id,
      employeeId: leaver.id,
      name: 'Lee Leaver',
      businessName: 'Leaver Labs',
      successorCardId: colleague.card.id,
      successorName: 'Cora Colleague',
    });
    expect((await db.card.get({ cardId: leaver.card.id }).go()).data).toMatchObject({ isActive: false });
    expect((await db.contact.query.byEmployee({ employeeId: leaver.id }).go()).data).toEqual([]);
    const { data: moved } = await db.contact.query.byEmployee({ employeeId: heir.id }).go();
    expect(moved).toHaveLength(1);
    expect(moved[0]).toMatchObject({ email: 'vera@example.com', employeeName: 'Hal Heir', reassignedFrom: 'Lee Leaver', cardId: leaver.card.id });
    const heirContacts = await api('GET', `/api/businesses/${business.id}/contacts?employeeId=${heir.id}`, { user: owner });
    expect(heirContacts.body).toMatchObject([{ email: 'vera@example.com', employeeName: 'Hal Heir', reassignedFrom: 'Lee Leaver' }]);
    expect((await db.membership.get({ userId: leaverUser.sub, scopeType: 'business', scopeId: business.id }).go()).data?.leftAt).toBeTruthy();
    expect((await db.profile.get({ userId: leaverUser.sub }).go()).data?.tokensValidAfter).toBeGreaterThan(0);

    // The leaver: the token they hold is refused at once, their refresh token is dead (Cognito's global sign-out);
    // signing in again gets a clear refusal, no portal.
    expect(await refreshes(refreshToken)).toBe(false);
    const stale = await api('GET', '/api/me/employee', { user: leaverUser });
    expect(stale.status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const again = await signIn(leaverUser.email, leaverUser.password);
    const refused = await api('GET', '/api/me/employee', { user: again });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(m.portalClosed);
    expect((await api('GET', '/api/me/contacts', { user: again })).status).toBe(404);
    expect((await api('GET', `/api/cards/${leaver.card.id}/email-signature`, { user: again })).status).toBe(403);

    // A repeat changes nothing more (and moves no lead twice).
    const repeat = await deactivate(owner, business.id, leaver.id, { successorCardId: colleague.card.id, leadsTo: heir.id });
    expect(repeat.status).toBe(200);
    expect(repeat.body.leadsMoved).toBe(0);
    expect((await db.contact.query.byEmployee({ employeeId: heir.id }).go()).data).toHaveLength(1);
  });

  it('without a colleague, points to the company’s website and phone; the profile dialog’s Inactive runs the same flow, leads to the creator', async () => {
    const { owner, business, creator, leaver } = await company();
    const db = await tables();
    await shareDetails(leaver.card.id);
    const saved = await api('PUT', `/api/businesses/${business.id}/employees/${leaver.id}`, {
      user: owner,
      body: { name: 'Lee Leaver', email: leaver.email, jobTitle: 'Engineer', role: 'employee', status: 'inactive' },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ status: 'inactive' });

    const page = await fetch(`${origin}/card/${leaver.card.id}`);
    expect(page.status).toBe(410);
    const html = await page.text();
    expect(html).toContain(m.gone('Lee Leaver', 'Leaver Labs'));
    expect(html).toContain(m.companyLead('Leaver Labs'));
    expect(html).toContain('href="https://leaver-labs.example"');
    expect(html).toContain('href="tel:+15550199"');
    expect(html).not.toContain('’s card</a>');

    expect((await db.leaver.get({ cardId: leaver.card.id }).go()).data).toMatchObject({ phone: '+1 555 0199', website: 'https://leaver-labs.example' });
    expect((await db.leaver.get({ cardId: leaver.card.id }).go()).data?.successorCardId).toBeUndefined();
    expect((await db.contact.query.byEmployee({ employeeId: creator.employeeId }).go()).data).toMatchObject([{ email: 'vera@example.com', reassignedFrom: 'Lee Leaver' }]);
  });

  it('refuses a colleague who is the leaver, off, or of another business, an inactive heir, and the creator — storing nothing', async () => {
    const { owner, business, creator, leaver, colleague, heir } = await company();
    const other = await createOwnerWithBusiness({ name: 'Elsewhere' });
    const stranger = await addEmployee(other.owner, other.business.id, { status: 'active' });
    const db = await tables();
    const before = async () => [(await db.employee.get({ employeeId: leaver.id }).go()).data?.status, (await db.leaver.get({ cardId: leaver.card.id }).go()).data];

    for (const successorCardId of [leaver.card.id, stranger.card.id, 'NoSuchCard1234']) {
      const res = await deactivate(owner, business.id, leaver.id, { successorCardId });
      expect(res.status).toBe(400);
      expect(res.body.error.fieldErrors).toEqual({ successorCardId: m.successorNotActive });
    }
    await deactivate(owner, business.id, heir.id);
    const toInactive = await deactivate(owner, business.id, leaver.id, { successorCardId: colleague.card.id, leadsTo: heir.id });
    expect(toInactive.status).toBe(400);
    expect(toInactive.body.error.fieldErrors).toEqual({ leadsTo: m.leadsToNotActive });
    expect((await deactivate(owner, business.id, leaver.id, { leadsTo: stranger.id })).status).toBe(400);
    expect((await deactivate(owner, business.id, leaver.id, { unknown: true })).status).toBe(400);
    expect(await before()).toEqual(['active', null]);

    const creatorLeaves = await deactivate(owner, business.id, creator.employeeId);
    expect(creatorLeaves.status).toBe(409);
    expect(creatorLeaves.body.error.message).toBe(m.creatorStays);
    expect((await db.employee.get({ employeeId: creator.employeeId }).go()).data?.status).toBe('active');
    // Another business's owner may not (403), nor may the employee's other business's id (404).
    expect((await deactivate(other.owner, business.id, leaver.id)).status).toBe(403);
    expect((await deactivate(other.owner, other.business.id, leaver.id)).status).toBe(404);
    expect(await before()).toEqual(['active', null]);
  });
});

describe('a deleted leaver', () => {
  it('keeps a tombstone: the page still says who left (410, never a bare 404); an unknown card is still 404', async () => {
    const { owner, business, leaver, colleague } = await company(false);
    const db = await tables();
    await shareDetails(leaver.card.id);
    expect((await deactivate(owner, business.id, leaver.id, { successorCardId: colleague.card.id })).status).toBe(200);
    // An owner without a profile of their own: the leads become the company's, in the owner's Contacts table.
    const owned = await api('GET', `/api/businesses/${business.id}/contacts`, { user: owner });
    expect(owned.body).toMatchObject([{ email: 'vera@example.com', employeeId: business.id, employeeName: 'Leaver Labs', reassignedFrom: 'Lee Leaver' }]);
    expect((await api('DELETE', `/api/businesses/${business.id}/employees/${leaver.id}`, { user: owner })).status).toBe(204);

    expect((await db.card.get({ cardId: leaver.card.id }).go()).data).toBeNull();
    expect((await db.employee.get({ employeeId: leaver.id }).go()).data).toBeNull();
    expect((await db.leaver.get({ cardId: leaver.card.id }).go()).data).toMatchObject({ name: 'Lee Leaver', businessName: 'Leaver Labs', successorCardId: colleague.card.id });
    expect((await db.leaver.get({ cardId: leaver.card.id }).go()).data?.deletedAt).toBeTruthy();

    const page = await fetch(`${origin}/card/${leaver.card.id}`);
    expect(page.status).toBe(410);
    const html = await page.text();
    expect(html).toContain(m.gone('Lee Leaver', 'Leaver Labs'));
    expect(html).toContain(`href="/card/${colleague.card.id}"`);
    expect((await api('GET', `/api/public/cards/${leaver.card.id}/vcard`)).status).toBe(410);

    const unknown = await fetch(`${origin}/card/NoSuchCard1234`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain(messages.card.notFoundTitle);
  });

  it('an employee made inactive before leavers existed gets a tombstone when deleted', async () => {
    const { owner, business } = await company(false);
    const db = await tables();
    const old = await addEmployee(owner, business.id, { name: 'Olga Old', status: 'inactive' });
    expect((await fetch(`${origin}/card/${old.card.id}`)).status).toBe(404);
    expect((await api('DELETE', `/api/businesses/${business.id}/employees/${old.id}`, { user: owner })).status).toBe(204);
    expect((await db.leaver.get({ cardId: old.card.id }).go()).data).toMatchObject({ name: 'Olga Old', businessName: 'Leaver Labs', website: 'https://leaver-labs.example' });
    const page = await fetch(`${origin}/card/${old.card.id}`);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain(m.gone('Olga Old', 'Leaver Labs'));
  });
});

describe('an employee linked only by their membership (as the seed links one)', () => {
  it('is shut out all the same, and let back in on reactivation', async () => {
    const { owner, business, colleague } = await company(false);
    const db = await tables();
    const user = await createUser();
    await db.membership.create({ userId: user.sub, scopeType: 'business', scopeId: business.id, role: 'employee', employeeId: colleague.id }).go();
    expect((await deactivate(owner, business.id, colleague.id)).status).toBe(200);
    expect((await db.membership.get({ userId: user.sub, scopeType: 'business', scopeId: business.id }).go()).data?.leftAt).toBeTruthy();
    expect((await api('GET', '/api/me/employee', { user })).status).toBe(403);
    expect((await api('POST', `/api/businesses/${business.id}/employees/${colleague.id}/reactivate`, { user: owner })).status).toBe(200);
    expect((await db.membership.get({ userId: user.sub, scopeType: 'business', scopeId: business.id }).go()).data?.leftAt).toBeUndefined();
    expect((await api('GET', '/api/me/employee', { user })).status).toBe(200);
  });
});

describe('reactivating', () => {
  it('brings the card and the access back, not the leads', async () => {
    const { owner, business, leaver, heir, leaverUser } = await company();
    const db = await tables();
    await shareDetails(leaver.card.id);
    expect((await deactivate(owner, business.id, leaver.id, { leadsTo: heir.id })).status).toBe(200);
    expect((await fetch(`${origin}/card/${leaver.card.id}`)).status).toBe(410);

    const back = await api('POST', `/api/businesses/${business.id}/employees/${leaver.id}/reactivate`, { user: owner });
    expect(back.status, back.text).toBe(200);
    expect(back.body).toMatchObject({ employee: { status: 'active', card: { isActive: true } } });
    const page = await fetch(`${origin}/card/${leaver.card.id}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Save Contact');
    expect((await api('GET', `/api/public/cards/${leaver.card.id}/vcard`)).status).toBe(200);

    expect((await db.leaver.get({ cardId: leaver.card.id }).go()).data).toBeNull();
    expect((await db.membership.get({ userId: leaverUser.sub, scopeType: 'business', scopeId: business.id }).go()).data?.leftAt).toBeUndefined();
    expect((await db.contact.query.byEmployee({ employeeId: leaver.id }).go()).data).toEqual([]);
    expect((await db.contact.query.byEmployee({ employeeId: heir.id }).go()).data).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const again = await signIn(leaverUser.email, leaverUser.password);
    expect((await api('GET', '/api/me/employee', { user: again })).status).toBe(200);

    // Reactivating someone active is a conflict.
    expect((await api('POST', `/api/businesses/${business.id}/employees/${leaver.id}/reactivate`, { user: owner })).status).toBe(409);
  });
});
