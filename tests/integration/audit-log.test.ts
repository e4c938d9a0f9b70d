// The audit log (issue 23 §3): each kind of change to a business — its people, cards, settings, invitations and
// status — leaves one entry naming who (the owner, an agency, an admin), what (the action and the changed fields,
// never their values), when, from which viewer address and the request id, kept for a year. Owners, the managing
// agency and admins read it in the Activity section, filter it by person, action and days, and export it as CSV. A
// refused change leaves no entry.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addClient, agencyWithSettings } from '../support/agencies';
import { invite } from '../support/invitations';
import { addEmployee, api, createOwnerWithBusiness, createUser, freshClientAddress, tables, uniqueEmail, validBusinessForm, type TestUser } from '../support/runtime';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

async function storedEntries(businessId: string) {
  const { data } = await (await tables()).auditEntry.query.primary({ businessId }).go({ pages: 'all', order: 'desc' });
  return data;
}

async function activity(user: TestUser, businessId: string, query: Record<string, string> = {}) {
  const res = await api('GET', `/api/businesses/${businessId}/activity?${new URLSearchParams(query)}`, { user });
  expect(res.status, res.text).toBe(200);
  return res.body as { entries: { action: string; actor: { type: string; label: string }; target: { type: string; id: string; label: string | null }; fields: string[]; viewerIp: string | null; requestId: string | null; at: string }[]; cursor: string | null };
}

const profileOf = (employee: { name: string; email: string }, overrides: Record<string, unknown> = {}) => ({
  name: employee.name,
  email: employee.email,
  jobTitle: 'Engineer',
  officePhone: '+1 555 0100',
  role: 'employee',
  status: 'active',
  ...overrides,
});

describe('audit log', () => {
  it('records each change to people and cards with who, what, when, where and the request id', async () => {
    const owned = await createOwnerWithBusiness({ name: 'Audit Co' });
    const { owner, business } = owned;
    const from = freshClientAddress();
    const email = uniqueEmail('ava');
    const created = await api('POST', `/api/businesses/${business.id}/employees`, { user: owner, from, body: { name: 'Ava Audit', email, jobTitle: 'Engineer', officePhone: '+1 555 0100', status: 'draft' } });
    expect(created.status, created.text).toBe(201);
    const employee = created.body as { id: string; name: string; email: string; card: { id: string } };

    const edited = await api('PUT', `/api/businesses/${business.id}/employees/${employee.id}`, { user: owner, from, body: profileOf(employee, { jobTitle: 'Lead Engineer', department: 'R&D', status: 'draft' }) });
    expect(edited.status, edited.text).toBe(200);
    // A save that changes nothing records nothing.
    expect((await api('PUT', `/api/businesses/${business.id}/employees/${employee.id}`, { user: owner, body: profileOf(employee, { jobTitle: 'Lead Engineer', department: 'R&D', status: 'draft' }) })).status).toBe(200);
    expect((await api('PUT', `/api/businesses/${business.id}/employees/${employee.id}`, { user: owner, body: profileOf(employee, { jobTitle: 'Lead Engineer', department: 'R&D', status: 'inactive' }) })).status).toBe(200);
    expect((await api('PUT', `/api/businesses/${business.id}/employees/${employee.id}`, { user: owner, body: profileOf(employee, { jobTitle: 'Lead Engineer', department: 'R&D', status: 'active' }) })).status).toBe(200);
    expect((await api('POST', `/api/businesses/${business.id}/cards/${employee.card.id}/qr`, { user: owner })).status).toBe(200);
    expect((await api('PUT', `/api/businesses/${business.id}/employees/${employee.id}`, { user: owner, body: profileOf(employee, { jobTitle: 'Lead Engineer', department: 'R&D', status: 'inactive' }) })).status).toBe(200);
    const removed = await api('DELETE', `/api/businesses/${business.id}/employees/${employee.id}`, { user: owner });
    expect(removed.status, removed.text).toBe(204);

    const log = await activity(owner, business.id);
    expect(log.entries.map((e) => e.action)).toEqual([
      'employee.deleted',
      'employee.deactivated',
      'card.qrGenerated',
      'employee.reactivated',
      'employee.deactivated',
      'employee.updated',
      // The first save naming R&D adds the department to the business's list (departments are records).
      'department.created',
      'employee.created',
    ]);
    for (const entry of log.entries.filter((e) => e.action !== 'department.created')) {
      expect(entry.actor).toMatchObject({ type: 'user', label: owner.email, role: 'owner' });
      expect(entry.target.label).toBe('Ava Audit');
      expect(entry.requestId).toMatch(/\S{8,}/);
    }
    const [deleted, , qr, , , updated, department, added] = log.entries;
    expect(department).toMatchObject({ actor: { type: 'user', label: owner.email, role: 'owner' }, target: { label: 'R&D' } });
    expect(added).toMatchObject({ target: { type: 'employee', id: employee.id }, viewerIp: from });
    expect(updated).toMatchObject({ fields: ['department', 'jobTitle'], viewerIp: from });
    expect(qr!.target).toMatchObject({ type: 'card', id: employee.card.id });
    expect(deleted!.target).toMatchObject({ type: 'employee', id: employee.id });
    // Each request has an id of its own; the department the first save added shares that save's.
    expect(new Set(log.entries.map((e) => e.requestId)).size).toBe(log.entries.length - 1);
    expect(department!.requestId).toBe(updated!.requestId);

    // Stored: one item per change, in the business's partition, with a year's TTL and no values of the fields.
    const stored = await storedEntries(business.id);
    expect(stored).toHaveLength(8);
    const now = Date.now() / 1000;
    for (const item of stored) expect(item.expiresAt).toBeGreaterThan(now + YEAR_SECONDS - 120);
    for (const item of stored) expect(item.expiresAt).toBeLessThan(now + YEAR_SECONDS + 120);
    // The department's own entry names it (its label, as an employee's names the person); the others hold no values.
    const changes = stored.filter((item) => item.action !== 'department.created');
    expect(changes).toHaveLength(7);
    expect(JSON.stringify(changes)).not.toContain('Lead Engineer');
    expect(JSON.stringify(changes)).not.toContain('R&D');
  });

  it('records settings, logo-free saves, invitations and acceptance, imports, and an admin’s status change, each as its actor', async () => {
    const owned = await createOwnerWithBusiness({ name: 'Settings Co' });
    const { owner, business } = owned;
    const settings = await api('PUT', `/api/businesses/${business.id}`, { user: owner, body: { ...validBusinessForm({ name: 'Settings Co', billingEmail: business.billingEmail }), description: 'Now with audits', primaryColor: '#112233', secondaryColor: '#445566', accentColor: '#778899' } });
    expect(settings.status, settings.text).toBe(200);

    const email = uniqueEmail('ivy');
    const employee = await addEmployee(owner, business.id, { status: 'draft', email, name: 'Ivy Invite' });
    const token = await invite(owned, employee.id, email);
    const user = await createUser({ email });
    expect((await api('POST', `/api/invitations/${token}/accept`, { user })).status).toBe(200);

    const imported = await api('POST', `/api/businesses/${business.id}/employee-imports`, {
      user: owner,
      body: { rows: [1, 2, 3].map((n) => ({ line: n + 1, name: `Imported ${n}`, email: uniqueEmail(`imp${n}`) })), onExisting: 'skip', dryRun: false },
    });
    expect(imported.status, imported.text).toBe(200);

    const admin = await createUser({ groups: ['admin'] });
    expect((await api('PUT', `/api/admin/businesses/${business.id}/status`, { user: admin, body: { isActive: false } })).status).toBe(200);

    const log = await activity(owner, business.id);
    expect(log.entries.map((e) => e.action)).toEqual(['business.statusChanged', 'employees.imported', 'invitation.accepted', 'invitation.sent', 'employee.created', 'business.settingsUpdated']);
    const [status, imports, accepted, sent, , saved] = log.entries;
    expect(status).toMatchObject({ actor: { type: 'admin', label: admin.email }, fields: ['isActive'], target: { type: 'business', id: business.id } });
    expect(imports).toMatchObject({ target: { type: 'business', label: '3 employees' } });
    expect(accepted).toMatchObject({ actor: { type: 'user', label: email }, target: { id: employee.id, label: 'Ivy Invite' } });
    expect(sent).toMatchObject({ actor: { label: owner.email }, target: { id: employee.id } });
    expect(saved!.fields).toEqual(expect.arrayContaining(['accentColor', 'description', 'primaryColor', 'secondaryColor']));
    expect(saved!.fields).not.toContain('name');
  });

  it('records billing: an admin’s status change and a payment through Stripe Checkout (as the platform)', async () => {
    const { business } = await createOwnerWithBusiness({ name: 'Billing Co' });
    const db = await tables();
    const invoiceOf = async (n: string) => {
      const invoiceId = randomBytes(16).toString('base64url');
      await db.invoice.create({ invoiceId, businessId: business.id, businessName: 'Billing Co', invoiceNumber: n, amountCents: 4200, currency: 'USD', dueDate: '2031-12-31', status: 'pending' }).go();
      return invoiceId;
    };
    const admin = await createUser({ groups: ['admin'] });
    const voided = await invoiceOf('INV-AUDIT-1');
    expect((await api('PUT', `/api/admin/invoices/${voided}/status`, { user: admin, body: { status: 'void' } })).status).toBe(200);
    const paid = await invoiceOf('INV-AUDIT-2');
    const checkout = await api('POST', `/api/public/invoices/${paid}/checkout`, { body: { returnTo: 'invoice' } });
    expect(checkout.status, checkout.text).toBe(200);
    // The Stripe stand-in delivers the signed webhook before it answers the Pay button.
    await fetch(`${String(checkout.body.url)}/pay`, { method: 'POST', redirect: 'manual' });
    const { data: stored } = await db.invoice.get({ invoiceId: paid }).go({ consistent: true });
    expect(stored?.status).toBe('paid');

    const entries = (await storedEntries(business.id)).filter((e) => e.targetType === 'invoice');
    expect(entries.map((e) => [e.action, e.actorType, e.targetLabel])).toEqual([
      ['invoice.paid', 'system', 'INV-AUDIT-2'],
      ['invoice.statusChanged', 'admin', 'INV-AUDIT-1'],
    ]);
  });

  it('names an agency that changes its client, and lets the agency and admins read the log', async () => {
    const { user: agency } = await agencyWithSettings();
    const clientId = await addClient(agency, 'Client of Audit');
    await addEmployee(agency, clientId, { name: 'Cleo Client' });
    const log = await activity(agency, clientId);
    expect(log.entries[0]).toMatchObject({ action: 'employee.created', actor: { type: 'agency', label: agency.email }, target: { label: 'Cleo Client' } });
    // The agency's choices for the client: who pays, and white-label for this client.
    // Billed directly at the billing e-mail the agency gives the client it created (issue 40): both fields are named.
    expect((await api('PUT', `/api/businesses/${clientId}/billed-to`, { user: agency, body: { billedTo: 'direct', billingEmail: uniqueEmail('client-billing') } })).status).toBe(200);
    expect((await api('PUT', `/api/businesses/${clientId}/white-label`, { user: agency, body: { whiteLabel: 'off' } })).status).toBe(200);
    const choices = (await activity(agency, clientId)).entries.slice(0, 2);
    expect(choices.map((e) => [e.action, e.actor.type, e.fields])).toEqual([
      ['business.whiteLabelChanged', 'agency', ['whiteLabel']],
      ['billing.payerChanged', 'agency', ['billedTo', 'billingEmail']],
    ]);
    const admin = await createUser({ groups: ['admin'] });
    expect((await activity(admin, clientId)).entries).toHaveLength(log.entries.length + 2);
    // Another owner cannot read it.
    const other = await createOwnerWithBusiness();
    expect((await api('GET', `/api/businesses/${clientId}/activity`, { user: other.owner })).status).toBe(403);
  });

  it('writes no entry for a refused change', async () => {
    const { owner, business } = await createOwnerWithBusiness();
    const first = await addEmployee(owner, business.id, { name: 'First' });
    const second = await addEmployee(owner, business.id, { name: 'Second' });
    const before = await storedEntries(business.id);
    // The e-mail is taken: the whole transaction, its entry included, is refused.
    const taken = await api('PUT', `/api/businesses/${business.id}/employees/${second.id}`, { user: owner, body: profileOf(second, { email: first.email }) });
    expect(taken.status).toBe(409);
    // Bad input never reaches the service.
    expect((await api('PUT', `/api/businesses/${business.id}/employees/${second.id}`, { user: owner, body: { name: '' } })).status).toBe(400);
    expect(await storedEntries(business.id)).toEqual(before);
  });

  it('filters by person, action and days, and exports the same entries as CSV', async () => {
    const { user: agency } = await agencyWithSettings();
    const clientId = await addClient(agency, 'Filter Co');
    for (const name of ['Ann', 'Ben', 'Cal']) await addEmployee(agency, clientId, { name });
    const admin = await createUser({ groups: ['admin'] });
    expect((await api('PUT', `/api/admin/businesses/${clientId}/status`, { user: admin, body: { isActive: false } })).status).toBe(200);

    expect((await activity(agency, clientId, { action: 'employee.created' })).entries.map((e) => e.target.label)).toEqual(['Cal', 'Ben', 'Ann']);
    expect((await activity(agency, clientId, { person: admin.email.toUpperCase().slice(0, 12) })).entries.map((e) => e.action)).toEqual(['business.statusChanged']);
    const today = new Date().toISOString().slice(0, 10);
    expect((await activity(agency, clientId, { from: today, to: today })).entries).toHaveLength(4);
    expect((await activity(agency, clientId, { from: '2020-01-01', to: '2020-12-31' })).entries).toHaveLength(0);

    const bad = await api('GET', `/api/businesses/${clientId}/activity?from=2026-12-01&to=2026-01-01&action=nope`, { user: agency });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fieldErrors).toMatchObject({ action: 'Choose an action from the list' });

    const csv = await api('GET', `/api/businesses/${clientId}/activity/export?action=employee.created`, { user: agency });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = csv.text.trim().split(/\r?\n/);
    expect(lines[0]).toBe('Time (UTC),Action,Action id,Actor type,Actor,Actor role,Target type,Target,Target id,Fields changed,Viewer address,Request id');
    // The agency's staff are no member of the client: no business role to name.
    expect(lines.slice(1).map((l) => l.split(',').slice(5, 8))).toEqual([['', 'employee', 'Cal'], ['', 'employee', 'Ben'], ['', 'employee', 'Ann']]);
  });
});
