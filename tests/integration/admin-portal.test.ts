// The admin portal over the API (issue 10 §1, §3, §9, §10): the businesses directory searched and filtered on the
// server and paged by cursor, the Active/Inactive toggle reaching every card, plan edits, and admin users (invite,
// list with the last sign-in, remove with its guards), each row's managing agency kept on the business item (and its
// backfill). Every answer is checked with what was stored.
import { ListUsersInGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages';
import { backfillManagingAgencies } from '../../functions/src/agency/backfill-managing-agency';
import { unlinkClient } from '../../functions/src/agency/repository';
import { addClient, agencySettings, agencyWithSettings } from '../support/agencies';
import { addEmployee, api, cognito, createOwnerWithBusiness, createUser, mailbox, origin, runtime, tables, uniqueEmail, type TestUser } from '../support/runtime';

let admin: TestUser;

beforeAll(async () => {
  admin = await createUser({ groups: ['admin'] });
});

const directory = (query: string) => api('GET', `/api/admin/businesses?${query}`, { user: admin });

describe('businesses directory', () => {
  it('finds businesses by name or owner e-mail, case-insensitively, and filters by status, country and industry', async () => {
    const token = randomBytes(4).toString('hex');
    const a = await createOwnerWithBusiness({ name: `Zebra ${token} Works`, industry: 'Logistics', billingCountry: 'Canada' });
    const b = await createOwnerWithBusiness({ name: `Other ${token} Co`, industry: 'Retail', billingCountry: 'Portugal' });
    await addEmployee(a.owner, a.business.id, { status: 'active' });
    await addEmployee(a.owner, a.business.id, { status: 'draft' });

    const byName = await directory(`q=${encodeURIComponent(`ZEBRA ${token.toUpperCase()}`)}`);
    expect(byName.status).toBe(200);
    expect(byName.body.businesses.map((r: { id: string }) => r.id)).toEqual([a.business.id]);
    // Drafts are not billable (spec 2 §9): one billable employee at the admin fallback rate of 2.00.
    expect(byName.body.businesses[0]).toMatchObject({ name: `Zebra ${token} Works`, ownerEmail: a.owner.email, billableEmployees: 1, isActive: true, billingCountry: 'Canada', currency: 'USD' });
    expect(byName.body.businesses[0].monthlyAmountCents).toBeGreaterThan(0);

    const byOwner = await directory(`q=${encodeURIComponent(b.owner.email.toUpperCase())}`);
    expect(byOwner.body.businesses.map((r: { id: string }) => r.id)).toEqual([b.business.id]);

    const both = await directory(`q=${token}`);
    expect(both.body.businesses.map((r: { id: string }) => r.id)).toEqual([b.business.id, a.business.id]); // newest first
    expect((await directory(`q=${token}&country=Portugal`)).body.businesses.map((r: { id: string }) => r.id)).toEqual([b.business.id]);
    expect((await directory(`q=${token}&industry=logistics`)).body.businesses.map((r: { id: string }) => r.id)).toEqual([a.business.id]);
    expect((await directory(`q=${token}&status=inactive`)).body.businesses).toEqual([]);

    // A renamed business is found by its new name only.
    expect((await api('PUT', `/api/businesses/${b.business.id}`, { user: b.owner, body: { name: `Renamed ${token} Ltd`, industry: 'RETAIL' } })).status).toBe(200);
    expect((await directory(`q=${encodeURIComponent(`renamed ${token}`)}`)).body.businesses.map((r: { id: string }) => r.id)).toEqual([b.business.id]);
    expect((await directory(`q=${encodeURIComponent(`other ${token}`)}`)).body.businesses).toEqual([]);
    const db = await tables();
    expect((await db.business.get({ businessId: b.business.id }).go()).data).toMatchObject({ searchText: `renamed ${token} ltd\n${b.owner.email}`, industryKey: 'retail' });
  });

  it('pages by cursor: 25 rows, then the rest, then no cursor; a made-up cursor is refused', async () => {
    const token = randomBytes(4).toString('hex');
    const db = await tables();
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      const businessId = `paging-${token}-${String(i).padStart(2, '0')}`;
      await db.business.create({ businessId, ownerId: `owner-${token}`, name: `Paging ${token} ${i}`, searchText: `paging ${token} ${i}\n` }).go();
      ids.push(businessId);
    }
    const first = await directory(`q=paging%20${token}`);
    expect(first.status).toBe(200);
    expect(first.body.businesses).toHaveLength(25);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await directory(`q=paging%20${token}&cursor=${first.body.nextCursor}`);
    expect(second.body.businesses).toHaveLength(5);
    expect(second.body.nextCursor).toBeNull();
    const seen = [...first.body.businesses, ...second.body.businesses].map((r: { id: string }) => r.id);
    expect(new Set(seen).size).toBe(30);
    expect(seen.sort()).toEqual(ids.sort());

    const forged = Buffer.from(JSON.stringify({ pk: 'x', sk: 'y', gsi2pk: 'z', gsi2sk: 'w' })).toString('base64url');
    expect((await directory(`cursor=${forged}`)).status).toBe(400);
  });
});

describe('businesses directory: the managing agency', () => {
  const stored = async (businessId: string) => (await (await tables()).business.get({ businessId }).go({ consistent: true })).data!;
  const copyOf = async (businessId: string) => {
    const { managingAgencyId, managingAgencyName, managingAgencyBilledTo } = await stored(businessId);
    return { managingAgencyId, managingAgencyName, managingAgencyBilledTo };
  };
  const rowOf = async (businessId: string, name: string) => (await directory(`q=${encodeURIComponent(name)}`)).body.businesses.find((row: { id: string }) => row.id === businessId);

  it('follows linking, who pays, a rename and unlinking, on the row and on the stored business item', async () => {
    const token = randomBytes(4).toString('hex');
    const { user, agencyId } = await agencyWithSettings();
    const client = await addClient(user, `Managed ${token} Cafe`);
    expect((await rowOf(client, `Managed ${token}`)).agency).toEqual({ id: agencyId, name: 'Bright Agency', billedTo: 'agency' });
    expect(await copyOf(client)).toEqual({ managingAgencyId: agencyId, managingAgencyName: 'Bright Agency', managingAgencyBilledTo: 'agency' });

    // A client the agency created is billed directly at a billing e-mail of its own (issue 40).
    expect((await api('PUT', `/api/businesses/${client}/billed-to`, { user, body: { billedTo: 'direct', billingEmail: uniqueEmail('managed') } })).status).toBe(200);
    expect((await rowOf(client, `Managed ${token}`)).agency).toEqual({ id: agencyId, name: 'Bright Agency', billedTo: 'direct' });
    expect(await copyOf(client)).toEqual({ managingAgencyId: agencyId, managingAgencyName: 'Bright Agency', managingAgencyBilledTo: 'direct' });

    // The agency renames itself: its clients' copies follow; the Active/Inactive answer shows the same row.
    expect((await api('PUT', '/api/agency', { user, body: agencySettings({ name: `Brighter ${token}` }) })).status).toBe(200);
    expect(await copyOf(client)).toEqual({ managingAgencyId: agencyId, managingAgencyName: `Brighter ${token}`, managingAgencyBilledTo: 'direct' });
    const off = await api('PUT', `/api/admin/businesses/${client}/status`, { user: admin, body: { isActive: false } });
    expect(off.body.agency).toEqual({ id: agencyId, name: `Brighter ${token}`, billedTo: 'direct' });

    // A second, newer agency link: the oldest still manages (as the billing run reads it); the newer link's choice of
    // who pays and its agency's rename do not touch the copy.
    const second = await agencyWithSettings();
    await (await tables()).agencyClient.create({ agencyId: second.agencyId, businessId: client }).go();
    expect((await api('PUT', `/api/businesses/${client}/billed-to`, { user: second.user, body: { billedTo: 'direct' } })).status).toBe(200);
    expect((await api('PUT', '/api/agency', { user: second.user, body: agencySettings({ name: `Second ${token}` }) })).status).toBe(200);
    expect(await copyOf(client)).toEqual({ managingAgencyId: agencyId, managingAgencyName: `Brighter ${token}`, managingAgencyBilledTo: 'direct' });

    // Unlinking the managing agency hands the copy to the next oldest link; unlinking that one takes it off.
    expect(await unlinkClient({ agencyId, businessId: client })).toBe(true);
    expect(await copyOf(client)).toEqual({ managingAgencyId: second.agencyId, managingAgencyName: `Second ${token}`, managingAgencyBilledTo: 'direct' });
    expect((await rowOf(client, `Managed ${token}`)).agency).toEqual({ id: second.agencyId, name: `Second ${token}`, billedTo: 'direct' });
    expect(await unlinkClient({ agencyId, businessId: client })).toBe(false);
    expect(await unlinkClient({ agencyId: second.agencyId, businessId: client })).toBe(true);
    expect(await copyOf(client)).toEqual({ managingAgencyId: undefined, managingAgencyName: undefined, managingAgencyBilledTo: undefined });
    expect((await rowOf(client, `Managed ${token}`)).agency).toBeNull();
    expect((await (await tables()).agencyClient.query.byBusiness({ businessId: client }).go()).data).toEqual([]);
  });

  it("seeds Northwind Bakery with its copy of Bright Agency, as its link and the agency say", async () => {
    const db = await tables();
    const [agency, link] = await Promise.all([
      db.agency.get({ agencyId: 'demo-agency-bright' }).go({ consistent: true }),
      db.agencyClient.get({ agencyId: 'demo-agency-bright', businessId: 'demo-business-northwind' }).go({ consistent: true }),
    ]);
    expect(await copyOf('demo-business-northwind')).toEqual({ managingAgencyId: 'demo-agency-bright', managingAgencyName: agency.data!.name, managingAgencyBilledTo: link.data!.billedTo ?? 'agency' });
  });

  it('backfills the copy onto businesses linked before it existed; a second run writes nothing', async () => {
    const token = randomBytes(4).toString('hex');
    const { user, agencyId } = await agencyWithSettings();
    const direct = await addClient(user, `Legacy ${token} Direct`);
    expect((await api('PUT', `/api/businesses/${direct}/billed-to`, { user, body: { billedTo: 'direct', billingEmail: uniqueEmail('legacy') } })).status).toBe(200);
    const plain = await addClient(user, `Legacy ${token} Plain`);
    const { business: own } = await createOwnerWithBusiness({ name: `Legacy ${token} Own` });
    // As items were before the copy existed: no copy at all.
    const db = await tables();
    for (const businessId of [direct, plain]) await db.business.patch({ businessId }).remove(['managingAgencyId', 'managingAgencyName', 'managingAgencyBilledTo']).go();
    expect((await rowOf(direct, `Legacy ${token}`)).agency).toBeNull();

    expect(await backfillManagingAgencies({ businessId: direct })).toEqual({ links: 1, businesses: 1, updated: 1 });
    expect(await backfillManagingAgencies({ businessId: own.id })).toEqual({ links: 0, businesses: 0, updated: 0 });
    await backfillManagingAgencies();
    expect(await copyOf(direct)).toEqual({ managingAgencyId: agencyId, managingAgencyName: 'Bright Agency', managingAgencyBilledTo: 'direct' });
    expect(await copyOf(plain)).toEqual({ managingAgencyId: agencyId, managingAgencyName: 'Bright Agency', managingAgencyBilledTo: 'agency' });
    expect(await copyOf(own.id)).toEqual({ managingAgencyId: undefined, managingAgencyName: undefined, managingAgencyBilledTo: undefined });
    const rows = (await directory(`q=${encodeURIComponent(`Legacy ${token}`)}`)).body.businesses;
    expect(Object.fromEntries(rows.map((row: { id: string; agency: unknown }) => [row.id, row.agency]))).toEqual({
      [direct]: { id: agencyId, name: 'Bright Agency', billedTo: 'direct' },
      [plain]: { id: agencyId, name: 'Bright Agency', billedTo: 'agency' },
      [own.id]: null,
    });

    // Again: nothing is written (the items, updatedAt included, stay as they are).
    const before = await Promise.all([direct, plain, own.id].map(stored));
    expect(await backfillManagingAgencies({ businessId: direct })).toEqual({ links: 1, businesses: 1, updated: 0 });
    await backfillManagingAgencies();
    expect(await Promise.all([direct, plain, own.id].map(stored))).toEqual(before);
  });
});

describe('dashboard tab', () => {
  it('moves each figure by exactly what a new business, agency and its invoices add', async () => {
    const dashboard = async () => (await api('GET', '/api/admin/dashboard', { user: admin })).body;
    const before = await dashboard();
    expect(before.months).toHaveLength(6);
    expect(before.months.at(-1).month).toBe(new Date().toISOString().slice(0, 7));

    const { owner, business } = await createOwnerWithBusiness();
    await addEmployee(owner, business.id, { status: 'active' });
    await addEmployee(owner, business.id, { status: 'active' });
    await addEmployee(owner, business.id, { status: 'draft' });
    await agencyWithSettings();
    const invoice = async (amount: number) => (await api('POST', '/api/admin/invoices', { user: admin, body: { businessId: business.id, amount, dueDate: '2031-06-30' } })).body.invoice.id as string;
    await invoice(10);
    const paid = await invoice(5);
    await api('PUT', `/api/admin/invoices/${paid}/status`, { user: admin, body: { status: 'paid' } });
    const overdue = await invoice(3);
    await api('PUT', `/api/admin/invoices/${overdue}/status`, { user: admin, body: { status: 'overdue' } });

    const after = await dashboard();
    expect({
      businesses: after.businesses - before.businesses,
      agencies: after.agencies - before.agencies,
      billableEmployees: after.billableEmployees - before.billableEmployees,
      monthlyRecurringRevenueCents: after.monthlyRecurringRevenueCents - before.monthlyRecurringRevenueCents,
      outstandingCents: after.outstandingCents - before.outstandingCents,
      overdueCents: after.overdueCents - before.overdueCents,
      paidThisMonthCents: after.paidThisMonthCents - before.paidThisMonthCents,
      invoicedThisMonth: after.months.at(-1).invoicedCents - before.months.at(-1).invoicedCents,
      paidInMonth: after.months.at(-1).paidCents - before.months.at(-1).paidCents,
    }).toEqual({
      businesses: 1,
      agencies: 1,
      billableEmployees: 2,
      // Two billable employees at the '1-20 users' plan (Starter, 1.99).
      monthlyRecurringRevenueCents: 398,
      outstandingCents: 1300,
      overdueCents: 300,
      paidThisMonthCents: 500,
      invoicedThisMonth: 1800,
      paidInMonth: 500,
    });
  });
});

describe('Active/Inactive toggle', () => {
  it('switches the business and every card: an inactive business’s card says Card Not Found, then works again', async () => {
    const { owner, business } = await createOwnerWithBusiness();
    const employee = await addEmployee(owner, business.id, { status: 'active' });
    const off = await api('PUT', `/api/admin/businesses/${business.id}/status`, { user: admin, body: { isActive: false } });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ id: business.id, isActive: false });
    const db = await tables();
    expect((await db.business.get({ businessId: business.id }).go()).data!.isActive).toBe(false);
    expect((await db.card.get({ cardId: employee.card.id }).go()).data!.business.isActive).toBe(false);
    const page = await fetch(`${origin}/card/${employee.card.id}`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain(messages.card.notFoundTitle);

    expect((await api('PUT', `/api/admin/businesses/${business.id}/status`, { user: admin, body: { isActive: true } })).body.isActive).toBe(true);
    expect((await fetch(`${origin}/card/${employee.card.id}`)).status).toBe(200);
    expect((await api('PUT', '/api/admin/businesses/no-such-business-x/status', { user: admin, body: { isActive: true } })).status).toBe(404);
  });
});

describe('plans', () => {
  it('lists inactive plans too, and saves an edit (price in dollars stored as cents; a non-number price is 0)', async () => {
    const planId = `plan-test-${randomBytes(6).toString('hex')}`;
    const db = await tables();
    await db.plan.create({ planId, name: 'Hidden Plan', priceCents: 199, period: 'month', userRange: '1-20 users', planType: 'business', isActive: false }).go();
    const all = await api('GET', '/api/admin/plans', { user: admin });
    expect(all.body.some((p: { id: string }) => p.id === planId)).toBe(true);
    expect((await api('GET', '/api/plans')).body.some((p: { id: string }) => p.id === planId)).toBe(false);

    const saved = await api('PUT', `/api/admin/plans/${planId}`, { user: admin, body: { price: '3.495', description: 'Now described', userRange: '1-50 users', isPopular: true, isActive: false } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ id: planId, priceCents: 350, description: 'Now described', userRange: '1-50 users', isPopular: true, isActive: false });
    expect((await db.plan.get({ planId }).go()).data).toMatchObject({ priceCents: 350, description: 'Now described', isPopular: true });

    const zero = await api('PUT', `/api/admin/plans/${planId}`, { user: admin, body: { price: 'abc', description: '', userRange: '1-50 users', isPopular: false, isActive: false } });
    expect(zero.body).toMatchObject({ priceCents: 0, description: null });
    expect((await db.plan.get({ planId }).go()).data).not.toHaveProperty('description');
    expect((await api('PUT', '/api/admin/plans/plan-does-not-exist', { user: admin, body: { price: 1, description: '', userRange: '1-20 users', isPopular: false, isActive: true } })).status).toBe(404);
  });
});

describe('admin users', () => {
  /** The e-mails of the Cognito admin group's members, read from the pool itself. */
  const adminGroupEmails = async () =>
    ((await cognito.send(new ListUsersInGroupCommand({ UserPoolId: runtime.ids.userPoolId, GroupName: 'admin' }))).Users ?? []).map(
      (u) => u.Attributes?.find((a) => a.Name === 'email')?.Value,
    );

  it('invites a new person: a Cognito user in the admin group, an admin profile and a mail with the sign-in link', async () => {
    const email = uniqueEmail('new-admin');
    const res = await api('POST', '/api/admin/users', { user: admin, body: { email } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email, displayName: null, lastSignInAt: null });
    expect(await adminGroupEmails()).toContain(email);
    const db = await tables();
    expect((await db.profile.get({ userId: res.body.id }).go()).data).toMatchObject({ email, accountType: 'admin' });
    const mail = (await mailbox()).filter((m) => [m.to].flat().includes(email)).at(-1)!;
    expect(mail.subject).toBe('You are now a CardCrew admin');
    expect(mail.body.text).toContain(`${origin}/auth?redirect=%2Fadmin`);
    expect(mail.body.text).toContain("Forgot password?");
    expect((await api('GET', '/api/admin/users', { user: admin })).body.map((u: { email: string }) => u.email)).toContain(email);
  });

  it('makes an existing user an admin (their profile keeps its type), shows their last sign-in, and removes them: their tokens stop working', async () => {
    const { owner } = await createOwnerWithBusiness();
    const invited = await api('POST', '/api/admin/users', { user: admin, body: { email: owner.email } });
    expect(invited.status).toBe(201);
    expect(invited.body.id).toBe(owner.sub);
    const db = await tables();
    expect((await db.profile.get({ userId: owner.sub }).go()).data!.accountType).toBe('business');

    expect((await api('POST', '/api/me', { user: owner, body: {} })).status).toBe(200);
    const listed = (await api('GET', '/api/admin/users', { user: admin })).body.find((u: { id: string }) => u.id === owner.sub);
    const authTime = JSON.parse(Buffer.from(owner.idToken.split('.')[1]!, 'base64url').toString()).auth_time as number;
    expect(listed.lastSignInAt).toBe(new Date(authTime * 1000).toISOString());

    const removed = await api('DELETE', `/api/admin/users/${owner.sub}`, { user: admin });
    expect(removed.status).toBe(204);
    expect(await adminGroupEmails()).not.toContain(owner.email);
    expect((await api('GET', '/api/admin/users', { user: admin })).body.some((u: { id: string }) => u.id === owner.sub)).toBe(false);
    expect((await api('POST', '/api/me', { user: owner, body: {} })).status).toBe(401);
    expect((await db.profile.get({ userId: owner.sub }).go()).data!.tokensValidAfter).toBeGreaterThan(0);
  });

  it('refuses to remove your own admin access (409) and an unknown admin (404), changing nothing', async () => {
    const self = await api('DELETE', `/api/admin/users/${admin.sub}`, { user: admin });
    expect(self.status).toBe(409);
    expect(self.body.error.message).toBe(messages.admin.cannotRemoveSelf);
    expect(await adminGroupEmails()).toContain(admin.email);
    expect((await api('DELETE', '/api/admin/users/not-an-admin-user-id', { user: admin })).status).toBe(404);
  });
});
