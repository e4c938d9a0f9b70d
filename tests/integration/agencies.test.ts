// Agencies over the API (issue 9): the dashboard before and after the first settings save, Add Client as one
// transaction, managing a client through the business routes, the stat cards from live counters, the logo upload,
// scans over time, and one agency's clients invisible to another. Every answer is checked with what was stored.
import { runMonthlyBilling } from '../support/billing-runs';
import { describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages';
import { addClient, agencySettings, agencyWithSettings, newAgencyAccount } from '../support/agencies';
import { addEmployee, api, createOwnerWithBusiness, createUser, tables, scanCard } from '../support/runtime';
import { closeThroughToday } from '../support/scan-close';
import { confirmUpload, mediaKeys, uploadAgencyLogo, uploadPng } from '../support/uploads';
import { itemsMentioning } from '../support/table-fingerprint';

describe('agency dashboard and settings', () => {
  it('shows a new agency account an empty dashboard with zero figures, and refuses Add Client until the settings are saved', async () => {
    const user = await newAgencyAccount();
    const res = await api('GET', '/api/agency', { user });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      agency: null,
      clients: [],
      stats: { activeClients: 0, totalUsers: 0, monthlyRevenueCents: 0, costsCents: 0, netProfitCents: 0, growthRate: 0, hasLastMonth: false, currency: 'USD' },
    });

    const refused = await api('POST', '/api/agency/clients', { user, body: { name: 'Too Early Co' } });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(messages.agency.setUpFirst);
    expect(await itemsMentioning('Too Early Co')).toEqual([]);
  });

  it('answers invalid settings with the spec messages and stores nothing', async () => {
    const user = await newAgencyAccount();
    const res = await api('PUT', '/api/agency', { user, body: agencySettings({ name: '  ', email: 'not-an-email', website: 'nope', primaryColor: 'purple' }) });
    expect(res.status).toBe(400);
    expect(res.body.error.fieldErrors).toMatchObject({ name: 'Agency name is required', email: messages.employee.validEmail, primaryColor: messages.settings.hexColor });
    expect(res.body.error.fieldErrors.website).toBeTruthy();
    const db = await tables();
    expect((await db.agencyOwnerGuard.get({ ownerId: user.sub }).go()).data).toBeNull();
  });

  it('creates the agency on the first save (with its owner guard and membership) and updates it afterwards, storing emptied fields as absent', async () => {
    const { user, agencyId } = await agencyWithSettings();
    const db = await tables();
    expect((await db.agency.get({ agencyId }).go()).data).toMatchObject({ ownerId: user.sub, name: 'Bright Agency', email: 'hello@bright.example', primaryColor: '#7C3AED' });
    expect((await db.agencyOwnerGuard.get({ ownerId: user.sub }).go()).data).toMatchObject({ agencyId });
    expect((await db.membership.get({ userId: user.sub, scopeType: 'agency', scopeId: agencyId }).go()).data).toMatchObject({ role: 'owner' });
    expect((await api('POST', '/api/me', { user, body: {} })).body).toMatchObject({ accountType: 'agency', agencyId });

    const second = await api('PUT', '/api/agency', { user, body: agencySettings({ name: 'Brighter Agency', email: '', phoneNumber: '', industry: '' }) });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ id: agencyId, name: 'Brighter Agency', email: null, phoneNumber: null, industry: null });
    const stored = (await db.agency.get({ agencyId }).go()).data!;
    expect(stored.name).toBe('Brighter Agency');
    for (const field of ['email', 'phoneNumber', 'industry']) expect(stored).not.toHaveProperty(field);
    // Still one agency for this owner.
    expect((await itemsMentioning(user.sub)).filter((item) => item.__edb_e__ === 'agency')).toHaveLength(1);
  });

  it('makes exactly one agency when two first saves race', async () => {
    const user = await newAgencyAccount();
    const results = await Promise.all([api('PUT', '/api/agency', { user, body: agencySettings({ name: 'Race One' }) }), api('PUT', '/api/agency', { user, body: agencySettings({ name: 'Race Two' }) })]);
    // Overlapping: one creates, the other is refused (409). One after the other: the second updates (200).
    const statuses = results.map((r) => r.status).sort();
    expect([[200, 200], [200, 409]]).toContainEqual(statuses);
    const agencies = (await itemsMentioning(user.sub)).filter((item) => item.__edb_e__ === 'agency');
    expect(agencies).toHaveLength(1);
    expect(['Race One', 'Race Two']).toContain(agencies[0]!.name);
  });

  it('refuses business owners, employees-to-be and admins as agencies (403), storing nothing', async () => {
    const owner = await createOwnerWithBusiness();
    const admin = await createUser({ groups: ['admin'] });
    for (const user of [owner.owner, admin]) {
      expect((await api('GET', '/api/agency', { user })).status).toBe(403);
      const put = await api('PUT', '/api/agency', { user, body: agencySettings() });
      expect(put.status).toBe(403);
      expect(put.body.error.message).toBe(messages.agency.notAnAgency);
      const db = await tables();
      expect((await db.agencyOwnerGuard.get({ ownerId: user.sub }).go()).data).toBeNull();
    }
  });
});

describe('Add Client and managing clients', () => {
  it('creates the client, its scan total and the agency link in one transaction; the agency manages it through the business routes', async () => {
    const { user, agencyId } = await agencyWithSettings();
    const res = await api('POST', '/api/agency/clients', { user, body: { name: 'Northwind Bakery', industry: 'Food', website: 'https://northwind.example', description: 'Bread' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Northwind Bakery', industry: 'Food', isActive: true, employeeCount: 0, revenueCents: 0 });
    const businessId = res.body.id as string;

    const db = await tables();
    const business = (await db.business.get({ businessId }).go()).data!;
    expect(business).toMatchObject({ name: 'Northwind Bakery', ownerId: user.sub, website: 'https://northwind.example', description: 'Bread' });
    expect(business).not.toHaveProperty('billingEmail');
    expect((await db.businessScanTotal.get({ businessId }).go()).data).toMatchObject({ scanCount: 0 });
    expect((await db.agencyClient.get({ agencyId, businessId }).go()).data).not.toBeNull();
    // The agency manages through the link, not as the client's owner: no owner membership, no owner guard.
    expect((await db.membership.get({ userId: user.sub, scopeType: 'business', scopeId: businessId }).go()).data).toBeNull();
    expect((await db.businessOwnerGuard.get({ ownerId: user.sub }).go()).data).toBeNull();

    const dashboard = await api('GET', `/api/businesses/${businessId}/dashboard`, { user });
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.business.name).toBe('Northwind Bakery');
  });

  it('answers an Add Client without a name with the spec message and stores nothing', async () => {
    const { user } = await agencyWithSettings();
    const res = await api('POST', '/api/agency/clients', { user, body: { name: '', website: 'not a url' } });
    expect(res.status).toBe(400);
    expect(res.body.error.fieldErrors.name).toBe(messages.agency.businessNameRequired);
    expect(res.body.error.fieldErrors.website).toBeTruthy();
    expect((await api('GET', '/api/agency', { user })).body.clients).toEqual([]);
  });

  it('computes the five stat cards from live counters at the agency rates; an inactive client is listed but counts nothing', async () => {
    const { user } = await agencyWithSettings();
    const first = await addClient(user, 'First Client');
    const second = await addClient(user, 'Second Client');
    const third = await addClient(user, 'Dormant Client');
    for (let i = 0; i < 3; i++) await addEmployee(user, first);
    await addEmployee(user, second, { status: 'draft' });
    await addEmployee(user, third);
    const db = await tables();
    await db.business.patch({ businessId: third }).set({ isActive: false }).go();

    const res = await api('GET', '/api/agency', { user });
    expect(res.status).toBe(200);
    // 3 × 1.99 + the second client's draft, which is not billed (issue 27 §4); costs 50 %, rounded to the cent.
    expect(res.body.stats).toEqual({ activeClients: 2, totalUsers: 3, monthlyRevenueCents: 597, costsCents: 299, netProfitCents: 298, growthRate: 0, hasLastMonth: false, currency: 'USD' });
    expect(res.body.clients.map((c: { name: string }) => c.name)).toEqual(['Dormant Client', 'Second Client', 'First Client']);
    expect(res.body.clients[2]).toMatchObject({ id: first, employeeCount: 3, billableEmployeeCount: 3, revenueCents: 597, isActive: true, industry: null });
    expect(res.body.clients[1]).toMatchObject({ id: second, employeeCount: 1, billableEmployeeCount: 0, revenueCents: 0 });
    expect(res.body.clients[0]).toMatchObject({ id: third, employeeCount: 1, isActive: false });
    expect((await db.business.get({ businessId: first }).go()).data).toMatchObject({ employeeCount: 3 });
  });

  it('bills a client with a draft employee to its agency at the figure the dashboard shows (issue 27 §4, issue 20 §1)', async () => {
    const { user, agencyId } = await agencyWithSettings();
    const northwind = await addClient(user, 'Northwind Traders');
    await addEmployee(user, northwind, { status: 'active' });
    await addEmployee(user, northwind, { status: 'draft' });

    const dashboard = await api('GET', '/api/agency', { user });
    expect(dashboard.status).toBe(200);
    const shown = dashboard.body.clients.find((c: { id: string }) => c.id === northwind);
    expect(shown).toMatchObject({ employeeCount: 2, billableEmployeeCount: 1 });
    // 1 billable user at 1.99; the agency owes half, rounded per client: 0.995 → 1.00.
    expect(dashboard.body.stats).toMatchObject({ totalUsers: 1, monthlyRevenueCents: shown.revenueCents, costsCents: 100 });

    const { outcomes } = await runMonthlyBilling(new Date('2033-05-01T03:00:00Z'));
    // The client is billed to the agency: no invoice of its own, one line on the agency's.
    expect(outcomes.get(northwind)).toBeUndefined();
    expect(outcomes.get(agencyId)?.outcome).toBe('billed');
    const db = await tables();
    expect((await db.invoice.get({ invoiceId: outcomes.get(agencyId)!.invoiceId! }).go()).data).toMatchObject({ payerType: 'agency', amountCents: dashboard.body.stats.costsCents });
    expect((await db.invoice.query.byBusiness({ businessId: northwind }).go()).data).toEqual([]);
    const [invoice] = (await db.invoice.query.byBusiness({ businessId: agencyId }).go()).data;
    expect(invoice).toMatchObject({
      payerType: 'agency',
      amountCents: 100,
      subtotalCents: 100,
      discountPercent: 0,
      discountCents: 0,
      billingPeriod: '2033-05',
      lines: [{ businessId: northwind, businessName: 'Northwind Traders', billableEmployees: shown.billableEmployeeCount, ratePerUserCents: 199, sharePercent: 50, amountCents: 100 }],
    });
  });

  it('keeps one agency’s clients invisible and untouchable for another agency', async () => {
    const a = await agencyWithSettings();
    const b = await agencyWithSettings();
    const client = await addClient(a.user, 'Private Client');
    const employee = await addEmployee(a.user, client);

    expect((await api('GET', '/api/agency', { user: b.user })).body.clients).toEqual([]);
    expect((await api('GET', `/api/businesses/${client}/dashboard`, { user: b.user })).status).toBe(403);
    expect((await api('GET', `/api/businesses/${client}/analytics`, { user: b.user })).status).toBe(403);
    const edit = await api('PUT', `/api/businesses/${client}/employees/${employee.id}`, { user: b.user, body: { name: 'Hijacked', email: 'x@example.com', role: 'employee', status: 'active' } });
    expect(edit.status).toBe(403);
    const db = await tables();
    expect((await db.employee.get({ employeeId: employee.id }).go()).data!.name).toBe('Erin Employee');
  });
});

describe('agency logo upload', () => {
  it('stores checked renditions under the agency, points the agency at them, deletes the raw upload and the replaced logo', async () => {
    const { user, agencyId } = await agencyWithSettings();
    const first = await uploadAgencyLogo(user);
    const res = await api('POST', `/api/agency/uploads/${first}/confirm`, { user, body: {} });
    expect(res.status, res.text).toBe(200);
    expect(res.body.url).toMatch(new RegExp(`/logos/${agencyId}/[^/]+/256\\.webp$`));
    const db = await tables();
    expect((await db.agency.get({ agencyId }).go()).data!.logoUrl).toBe(res.body.url);
    const firstKeys = await mediaKeys(`logos/${agencyId}/`);
    // With the favicon derived from it (issue 21 §1), and Google Wallet's 660 px PNG, as beside every logo.
    expect(firstKeys.map((k) => k.split('/').pop()).sort()).toEqual(['128.webp', '256.webp', '64.webp', 'favicon-180.png', 'favicon-32.png', 'favicon-512.png', 'photo.jpg', 'wallet.png']);
    expect(await mediaKeys(`uploads/${agencyId}/`)).toEqual([]);

    const second = await uploadAgencyLogo(user);
    expect((await api('POST', `/api/agency/uploads/${second}/confirm`, { user, body: {} })).status).toBe(200);
    const secondKeys = await mediaKeys(`logos/${agencyId}/`);
    expect(secondKeys).toHaveLength(8); // the same eight names, in the new logo's folder: the old one is gone
    expect(secondKeys.some((k) => firstKeys.includes(k))).toBe(false);
  });

  it('does not let an agency upload be confirmed as a business upload, nor a business upload as the agency’s', async () => {
    const { user, agencyId } = await agencyWithSettings();
    const client = await addClient(user, 'Upload Client');
    const agencyUpload = await uploadAgencyLogo(user);
    expect((await confirmUpload(user, client, agencyUpload)).status).toBe(404);
    const businessUpload = await uploadPng(user, client, 'logo');
    expect((await api('POST', `/api/agency/uploads/${businessUpload}/confirm`, { user, body: {} })).status).toBe(404);
    const db = await tables();
    expect((await db.agency.get({ agencyId }).go()).data).not.toHaveProperty('logoUrl');
    expect((await db.upload.get({ uploadId: agencyUpload }).go()).data).not.toBeNull();
  });

  it('refuses a photo purpose for the agency and a logo upload before the agency exists', async () => {
    const { user } = await agencyWithSettings();
    const photo = await api('POST', '/api/agency/uploads', { user, body: { contentType: 'image/png', size: 100, purpose: 'photo' } });
    expect(photo.status).toBe(400);
    const fresh = await newAgencyAccount();
    expect((await api('POST', '/api/agency/uploads', { user: fresh, body: { contentType: 'image/png', size: 100, purpose: 'logo' } })).status).toBe(409);
  });

  it('never deletes another owner’s logo that a settings save pointed at and then replaced', async () => {
    const victim = await createOwnerWithBusiness();
    const uploadId = await uploadPng(victim.owner, victim.business.id, 'logo');
    const victimLogo = (await confirmUpload(victim.owner, victim.business.id, uploadId)).body.url as string;
    const victimKeys = await mediaKeys(`logos/${victim.business.id}/`);
    expect(victimKeys).toHaveLength(5); // three WebP sizes, the JPEG and Google Wallet's PNG

    const { user } = await agencyWithSettings();
    expect((await api('PUT', '/api/agency', { user, body: agencySettings({ logoUrl: victimLogo }) })).status).toBe(200);
    expect((await api('PUT', '/api/agency', { user, body: agencySettings({ logoUrl: '' }) })).status).toBe(200);
    const attacker = await createOwnerWithBusiness();
    const save = (logoUrl: string) => api('PUT', `/api/businesses/${attacker.business.id}`, { user: attacker.owner, body: { name: 'Attacker Co', logoUrl } });
    expect((await save(victimLogo)).status).toBe(200);
    expect((await save('')).status).toBe(200);

    expect(await mediaKeys(`logos/${victim.business.id}/`)).toEqual(victimKeys);
  });
});

describe('scans over time (the Analytics button)', () => {
  it('lists every day of the range with its scans from the per-day counters, and the all-time total', async () => {
    const { user } = await agencyWithSettings();
    const client = await addClient(user, 'Scanned Client');
    const employee = await addEmployee(user, client);
    for (let i = 0; i < 3; i++) expect((await scanCard(employee.card.id)).status).toBe(200);

    const res = await api('GET', `/api/businesses/${client}/analytics?days=7`, { user });
    expect(res.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.body.series).toHaveLength(7);
    expect(res.body.series.at(-1)).toEqual({ day: today, scans: 3 });
    expect(res.body.series.slice(0, 6).every((d: { scans: number }) => d.scans === 0)).toBe(true);
    expect(res.body).toMatchObject({ businessId: client, days: 7, totalInRange: 3, allTime: 3 });
    const db = await tables();
    // Stored: the card's day counter; the business's day is written by the daily close (issue 25 §2).
    expect((await db.cardScanDay.get({ cardId: employee.card.id, day: today }).go()).data).toMatchObject({ count: 3 });
    await closeThroughToday(client);
    expect((await db.businessScanDay.get({ businessId: client, day: today }).go()).data).toMatchObject({ count: 3, closedScans: 3 });
    expect((await api('GET', `/api/businesses/${client}/analytics?days=7`, { user })).body).toEqual(res.body);

    expect((await api('GET', `/api/businesses/${client}/analytics`, { user })).body.series).toHaveLength(30);
    expect((await api('GET', `/api/businesses/${client}/analytics?days=365`, { user })).status).toBe(400);
  });
});
