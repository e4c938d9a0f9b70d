// Public API of the site: plans for the pricing section, the sales contact (stored, mailed, rate-limited)
// and the role resolution that decides where a signed-in visitor goes.
import { describe, expect, it } from 'vitest';
import { api, createOwnerWithBusiness, createUser, freshClientAddress, mailbox, tables, uniqueEmail } from '../support/runtime';

const contact = (overrides: Record<string, unknown> = {}) => ({
  companyName: 'Globex <Corp>',
  contactPerson: 'Hank Scorpio',
  email: uniqueEmail('hank'),
  phone: '+1 555 0199',
  address: '1 Volcano Way',
  city: 'Cypress Creek',
  country: 'United States',
  zipCode: '',
  message: 'We have 1500 employees.',
  ...overrides,
});

describe('plans', () => {
  it('lists active plans by plan type ascending (agency, business), then price descending, and follows changes in the table', async () => {
    const res = await api('GET', '/api/plans');
    expect(res.status).toBe(200);
    const seeded = res.body.filter((p: { id: string }) => p.id.startsWith('plan-'));
    expect(seeded.map((p: { name: string }) => p.name)).toEqual(['Agency Partner', 'Starter', 'Professional', 'Enterprise']);

    const db = await tables();
    await db.plan.create({ planId: 'test-hidden-plan', name: 'Hidden', priceCents: 900, period: 'month', userRange: '1-5 users', planType: 'business', isActive: false }).go();
    await db.plan.create({ planId: 'test-premium-plan', name: 'Premium', priceCents: 450, period: 'month', userRange: '1-5 users', planType: 'business' }).go();
    const after = await api('GET', '/api/plans');
    const names = after.body.filter((p: { planType: string }) => p.planType === 'business').map((p: { name: string }) => p.name);
    expect(names).not.toContain('Hidden');
    expect(names.slice(0, 2)).toEqual(['Premium', 'Starter']);
    await db.plan.delete({ planId: 'test-premium-plan' }).go();
    await db.plan.delete({ planId: 'test-hidden-plan' }).go();
  });
});

describe('sales contact', () => {
  it('stores the request, then mails it to the sales inbox with the visitor as reply-to', async () => {
    const body = contact();
    const res = await api('POST', '/api/public/sales-contact', { body, headers: { 'x-test': 'sales' } });
    expect(res.status).toBe(201);
    expect(res.body.mailed).toBe(true);
    const db = await tables();
    const stored = await db.salesContact.get({ contactId: res.body.id }).go();
    expect(stored.data).toMatchObject({ companyName: 'Globex <Corp>', email: body.email, mailStatus: 'sent' });
    expect(stored.data).not.toHaveProperty('zipCode');
    const mail = (await mailbox()).find((m) => m.subject === 'Sales enquiry from Globex <Corp>');
    expect(mail?.body.text).toContain(body.email);
    expect(mail?.body.html).toContain('Globex &lt;Corp&gt;');
  });

  it('refuses missing required fields with their messages', async () => {
    const res = await api('POST', '/api/public/sales-contact', { body: { companyName: '', email: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body.error.fieldErrors).toMatchObject({ companyName: 'Company name is required', email: 'Valid email is required', phone: 'Phone is required', city: 'City is required', country: 'Country is required' });
  });

  it('limits each client address to 5 requests an hour with a clear 429, and the refused request stores nothing', async () => {
    // Each test that sends enquiries comes from its own loopback address, so no other test uses up this quota.
    const client = freshClientAddress();
    const sent = [];
    for (let i = 0; i < 5; i += 1) sent.push(await api('POST', '/api/public/sales-contact', { body: contact(), from: client }));
    expect(sent.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);

    const refusedBody = contact();
    const refused = await api('POST', '/api/public/sales-contact', { body: refusedBody, from: client });
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe('Too many requests. Please wait a moment and try again.');
    const db = await tables();
    const stored = await db.salesContact.query.all({ listing: 'salesContacts' }).go({ pages: 'all' });
    expect(stored.data.filter((c) => c.email === refusedBody.email)).toEqual([]);

    // Another visitor is not affected.
    expect((await api('POST', '/api/public/sales-contact', { body: contact(), from: freshClientAddress() })).status).toBe(201);
  });
});

describe('role resolution (/api/me)', () => {
  it('applies the pending account type once, for a new user only', async () => {
    const user = await createUser();
    const first = await api('POST', '/api/me', { user, body: { pendingAccountType: 'agency' } });
    expect(first.body).toMatchObject({ accountType: 'agency', role: null, isAdmin: false });
    const second = await api('POST', '/api/me', { user, body: { pendingAccountType: 'business' } });
    expect(second.body.accountType).toBe('agency');
    const db = await tables();
    expect((await db.profile.get({ userId: user.sub }).go()).data?.accountType).toBe('agency');
  });

  it('defaults a new user to the business type', async () => {
    const user = await createUser();
    expect((await api('POST', '/api/me', { user, body: {} })).body.accountType).toBe('business');
  });

  it('refuses admin or employee as a requested account type and stores no profile', async () => {
    const user = await createUser();
    for (const pendingAccountType of ['admin', 'employee']) {
      const res = await api('POST', '/api/me', { user, body: { pendingAccountType } });
      expect(res.status).toBe(400);
    }
    const extra = await api('POST', '/api/me', { user, body: { isAdmin: true, role: 'admin', employeeId: 'demo-employee-jane' } });
    expect(extra.status).toBe(400);
    const db = await tables();
    expect((await db.profile.get({ userId: user.sub }).go()).data).toBeNull();
  });

  it('gives admin only to the Cognito admin group', async () => {
    const admin = await createUser({ groups: ['admin'] });
    expect((await api('POST', '/api/me', { user: admin, body: {} })).body).toMatchObject({ isAdmin: true, role: 'admin', accountType: 'admin' });
    const owner = await createUser({ groups: ['owner'] });
    expect((await api('POST', '/api/me', { user: owner, body: {} })).body.isAdmin).toBe(false);
  });

  it('forces the employee type for a user linked to an employee, and infers owner from the business', async () => {
    const { owner, business } = await createOwnerWithBusiness();
    expect((await api('POST', '/api/me', { user: owner, body: { pendingAccountType: 'agency' } })).body).toMatchObject({ role: 'owner', accountType: 'business', businessId: business.id });

    const user = await createUser();
    await api('POST', '/api/me', { user, body: { pendingAccountType: 'agency' } });
    const db = await tables();
    await db.membership.create({ userId: user.sub, scopeType: 'business', scopeId: business.id, role: 'employee', employeeId: 'some-employee-id' }).go();
    const me = await api('POST', '/api/me', { user, body: {} });
    expect(me.body).toMatchObject({ role: 'employee', accountType: 'employee', employeeId: 'some-employee-id', businessId: business.id });
    expect((await db.profile.get({ userId: user.sub }).go()).data?.accountType).toBe('employee');
  });

  it('needs a signed-in caller', async () => {
    expect((await api('POST', '/api/me', { body: {} })).status).toBe(401);
  });
});

describe('health', () => {
  it('answers anyone with liveness only: no dependency names or latencies', async () => {
    const res = await api('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('reports each dependency the API needs to an admin: table, media bucket, user pool and mail', async () => {
    const admin = await createUser({ groups: ['admin'] });
    const res = await api('GET', '/api/admin/health', { user: admin });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
    expect(Object.keys(res.body.dependencies).sort()).toEqual(['dynamodb', 'identity', 'mail', 'media']);
    for (const dependency of Object.values(res.body.dependencies) as { ok: boolean; latencyMs: number }[]) {
      expect(dependency.ok).toBe(true);
      expect(dependency.latencyMs).toBeGreaterThanOrEqual(0);
    }
  });
});
