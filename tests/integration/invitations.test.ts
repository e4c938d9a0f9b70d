// Invitations over the API (issue 8 §6): Send Invite mails a working link whose token is stored only as a hash;
// a link works once, until it expires, and only while it is the newest; linking checks the e-mail and links one
// person to one employee, even when requests race; the stored state after a link.
import { AdminListGroupsForUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages';
import { onboardingMessages } from '../../shared/messages/onboarding';
import { allItems } from '../support/table-fingerprint';
import { addClient, agencyWithSettings } from '../support/agencies';
import { invite } from '../support/invitations';
import { addEmployee, api, cognito, createOwnerWithBusiness, createUser, mailbox, origin, runtime, tables, uniqueEmail } from '../support/runtime';

async function invitedEmployee(overrides: Record<string, unknown> = {}) {
  const owner = await createOwnerWithBusiness({ name: 'Invite Works' });
  const email = uniqueEmail('invitee');
  const employee = await addEmployee(owner.owner, owner.business.id, { status: 'draft', email, name: 'Ivy Invitee', ...overrides });
  return { owner, employee, email };
}

describe('Send Invite', () => {
  it('mails the employee a link to the onboarding page and stores only the hash of its token', async () => {
    const { owner, employee, email } = await invitedEmployee();
    const token = await invite(owner, employee.id, email);

    const mail = (await mailbox()).filter((m) => [m.to].flat().includes(email)).at(-1)!;
    expect(mail.subject).toBe('Invite Works invited you to your digital business card');
    expect(mail.body.text).toContain(`${origin}/employee-onboarding?id=${token}`);
    expect(mail.body.html).toContain('Set up my account');

    const items = JSON.stringify(await allItems());
    expect(items).not.toContain(token);
    const db = await tables();
    const stored = (await db.invitation.get({ employeeId: employee.id }).go()).data!;
    expect(stored).toMatchObject({ businessId: owner.business.id, sentTo: email });
    expect(stored.tokenHash).not.toBe(token);
    expect(stored.expiresAt - Date.now() / 1000).toBeGreaterThan(6.9 * 86400);
    expect(stored.expiresAt - Date.now() / 1000).toBeLessThanOrEqual(7 * 86400);
  });

  it('shows a valid link the invited name and e-mail and the business look, and nothing for a bad one', async () => {
    const { owner, employee, email } = await invitedEmployee();
    const token = await invite(owner, employee.id, email);
    const view = await api('GET', `/api/invitations/${token}`);
    expect(view.status).toBe(200);
    expect(view.body).toEqual({
      employee: { name: 'Ivy Invitee', email },
      business: { name: 'Invite Works', logoUrl: null, primaryColor: null, secondaryColor: null, accentColor: null },
      // A direct customer: CardCrew's own brand (issue 21; tests/integration/white-label.test.ts has an agency's).
      brand: null,
    });
    const unknown = await api('GET', `/api/invitations/${'A'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(messages.invitation.invalid);
    expect((await api('GET', `/api/invitations/${employee.id}`)).status).toBe(400);
  });

  it('replaces the earlier link: only the newest one works', async () => {
    const { owner, employee, email } = await invitedEmployee();
    const first = await invite(owner, employee.id, email);
    const second = await invite(owner, employee.id, email);
    expect((await api('GET', `/api/invitations/${first}`)).status).toBe(404);
    expect((await api('GET', `/api/invitations/${second}`)).status).toBe(200);
  });
});

describe('linking an account', () => {
  it('links the account with the invited e-mail: membership, active employee and card, counters, group; the link is then used up', async () => {
    const { owner, employee, email } = await invitedEmployee();
    const token = await invite(owner, employee.id, email);
    const user = await createUser({ email });
    expect((await fetch(employee.card.cardUrl)).status).toBe(404);

    const res = await api('POST', `/api/invitations/${token}/accept`, { user, body: {} });
    expect(res.status).toBe(200);
    expect(res.body.employee).toMatchObject({ id: employee.id, status: 'active', card: { id: employee.card.id, isActive: true } });

    const db = await tables();
    expect((await db.membership.get({ userId: user.sub, scopeType: 'business', scopeId: owner.business.id }).go()).data).toMatchObject({ role: 'employee', employeeId: employee.id });
    expect((await db.employee.get({ employeeId: employee.id }).go()).data).toMatchObject({ userId: user.sub, status: 'active' });
    expect((await db.invitation.get({ employeeId: employee.id }).go()).data).toMatchObject({ usedBy: user.sub });
    expect((await db.employeeUserGuard.get({ userId: user.sub }).go()).data?.employeeId).toBe(employee.id);
    expect((await db.profile.get({ userId: user.sub }).go()).data?.accountType).toBe('employee');
    expect((await db.business.get({ businessId: owner.business.id }).go()).data).toMatchObject({ billableEmployeeCount: 1, activeCardCount: 1 });
    // cognito-local keeps group members by the username the call named: the API names the token's cognito:username (the sub).
    const groups = await cognito.send(new AdminListGroupsForUserCommand({ UserPoolId: runtime.ids.userPoolId, Username: user.sub }));
    expect(groups.Groups?.map((g) => g.GroupName)).toContain('employee');
    expect((await fetch(employee.card.cardUrl)).status).toBe(200);

    // The portal now finds the employee; the link works no more.
    expect((await api('GET', '/api/me/employee', { user })).body.employee.id).toBe(employee.id);
    expect((await api('GET', `/api/invitations/${token}`)).status).toBe(404);
    const again = await api('POST', `/api/invitations/${token}/accept`, { user, body: {} });
    expect(again.status).toBe(404);
  });

  it('refuses an account whose e-mail is not the invited one, changing nothing', async () => {
    const { owner, employee, email } = await invitedEmployee();
    const token = await invite(owner, employee.id, email);
    const stranger = await createUser();
    const res = await api('POST', `/api/invitations/${token}/accept`, { user: stranger, body: {} });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(onboardingMessages.emailMismatch);
    const db = await tables();
    expect((await db.employee.get({ employeeId: employee.id }).go()).data).not.toHaveProperty('userId');
    expect((await db.membership.query.primary({ userId: stranger.sub }).go()).data).toEqual([]);
    expect((await api('GET', `/api/invitations/${token}`)).status).toBe(200);
  });

  it('refuses an expired link', async () => {
    const { owner, employee, email } = await invitedEmployee();
    const token = await invite(owner, employee.id, email);
    const db = await tables();
    await db.invitation.patch({ employeeId: employee.id }).set({ expiresAt: Math.floor(Date.now() / 1000) - 1 }).go();
    expect((await api('GET', `/api/invitations/${token}`)).status).toBe(404);
    const res = await api('POST', `/api/invitations/${token}/accept`, { user: await createUser({ email }), body: {} });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(messages.invitation.invalid);
  });

  it('links one person to one employee: two employees with the same address in two businesses cannot both take the same account', async () => {
    const a = await invitedEmployee();
    const ownerB = await createOwnerWithBusiness({ name: 'Second Works' });
    const other = await addEmployee(ownerB.owner, ownerB.business.id, { email: a.email, status: 'draft' });
    const [tokenA, tokenB] = [await invite(a.owner, a.employee.id, a.email), await invite(ownerB, other.id, a.email)];
    const user = await createUser({ email: a.email });

    // Racing: exactly one link wins.
    const [first, second] = await Promise.all([
      api('POST', `/api/invitations/${tokenA}/accept`, { user, body: {} }),
      api('POST', `/api/invitations/${tokenB}/accept`, { user, body: {} }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const refused = first.status === 409 ? first : second;
    expect(refused.body.error.message).toBe(onboardingMessages.alreadyLinked);
    const db = await tables();
    const memberships = (await db.membership.query.primary({ userId: user.sub }).go()).data;
    expect(memberships).toHaveLength(1);
  });

  it('lets only one of two accounts racing for one employee take it', async () => {
    const { owner, employee, email } = await invitedEmployee();
    const token = await invite(owner, employee.id, email);
    const user = await createUser({ email });
    const [x, y] = await Promise.all([
      api('POST', `/api/invitations/${token}/accept`, { user, body: {} }),
      api('POST', `/api/invitations/${token}/accept`, { user, body: {} }),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 404]);
    const db = await tables();
    expect((await db.business.get({ businessId: owner.business.id }).go()).data).toMatchObject({ billableEmployeeCount: 1, activeCardCount: 1 });
  });

  it('refuses Send Invite for an employee who has already joined', async () => {
    const { owner, employee, email } = await invitedEmployee();
    const token = await invite(owner, employee.id, email);
    expect((await api('POST', `/api/invitations/${token}/accept`, { user: await createUser({ email }), body: {} })).status).toBe(200);
    const res = await api('POST', `/api/businesses/${owner.business.id}/employees/${employee.id}/invitation`, { user: owner.owner });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(messages.invitation.alreadyJoined);
  });
});

describe("an agency client's own owner", () => {
  it('takes over the client through an Owner invitation: an owner membership, the dashboard, and the agency still manages it', async () => {
    const { user: agency } = await agencyWithSettings();
    const clientId = await addClient(agency, 'Takeover Dental');
    const email = uniqueEmail('client-owner');
    const employee = await addEmployee(agency, clientId, { status: 'draft', email, name: 'Olga Owner', role: 'owner' });
    const token = await invite({ owner: agency, business: { id: clientId } }, employee.id, email);

    const clientOwner = await createUser({ email });
    expect((await api('POST', `/api/invitations/${token}/accept`, { user: clientOwner })).status).toBe(200);
    const db = await tables();
    expect((await db.membership.get({ userId: clientOwner.sub, scopeType: 'business', scopeId: clientId }).go()).data).toMatchObject({ role: 'owner', employeeId: employee.id });
    expect((await api('POST', '/api/me', { user: clientOwner, body: {} })).body).toMatchObject({ role: 'owner', businessId: clientId, accountType: 'business' });
    expect((await api('GET', `/api/businesses/${clientId}/dashboard`, { user: clientOwner })).status).toBe(200);
    expect((await api('GET', `/api/businesses/${clientId}/dashboard`, { user: agency })).status).toBe(200);
  });
});

