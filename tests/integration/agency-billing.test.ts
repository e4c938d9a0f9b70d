// Consolidated agency billing over the API (issue 20 §1, §2): who pays for each client (the agency, or the client
// directly; the agency or an admin chooses, and who and when is kept), one monthly invoice per agency with a stored
// line per client billed to it and the volume discount, mailed to the agency, paid through the Stripe stand-in exactly
// once; the agency's Billing section; a client never sees its agency's invoice; tier edits refused field by field.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages';
import { DEFAULT_VOLUME_TIERS } from '../../shared/pricing';
import { volumeTierMessages } from '../../shared/schemas/plan';
import { addClient, agencyWithSettings } from '../support/agencies';
import { billedIn, runMonthlyBilling } from '../support/billing-runs';
import { pdfText } from '../support/pdf-text';
import { addEmployee, api, createOwnerWithBusiness, createUser, mailbox, origin, tables, uniqueEmail, validBusinessForm, type TestUser } from '../support/runtime';

let admin: TestUser;

beforeAll(async () => {
  admin = await createUser({ groups: ['admin'] });
});

const billedTo = (user: TestUser, businessId: string, body: unknown) => api('PUT', `/api/businesses/${businessId}/billed-to`, { user, body });
const link = async (agencyId: string, businessId: string) => (await (await tables()).agencyClient.get({ agencyId, businessId }).go({ consistent: true })).data;

/**
 * A monthly run through the real fan-out (planner, local SQS, worker), and the payers it billed. Every test bills
 * February 2035: a run bills only the payers without an invoice for the month, so later runs stay small.
 */
async function run(runDate: string) {
  return { created: billedIn(await runMonthlyBilling(new Date(runDate))) };
}

describe('who pays for a client', () => {
  it('bills a new client to its agency; the agency switches it to direct and back, and who and when is kept', async () => {
    const { user, agencyId } = await agencyWithSettings();
    const client = await addClient(user, 'Harbour Cafe');
    expect((await link(agencyId, client))?.billedTo).toBe('agency');
    const dashboard = await api('GET', '/api/agency', { user });
    expect(dashboard.body.clients.find((c: { id: string }) => c.id === client).billedTo).toBe('agency');

    const harbourBilling = uniqueEmail('harbour-billing');
    const direct = await billedTo(user, client, { billedTo: 'direct', billingEmail: harbourBilling });
    expect(direct.status, direct.text).toBe(200);
    expect(direct.body).toMatchObject({ businessId: client, agencyId, billedTo: 'direct', billingEmail: harbourBilling, changedBy: user.sub });
    const stored = await link(agencyId, client);
    expect(stored).toMatchObject({ billedTo: 'direct', billingChangedBy: user.sub });
    expect(Date.parse(stored!.billingChangedAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect((await api('GET', '/api/agency', { user })).body.clients.find((c: { id: string }) => c.id === client).billedTo).toBe('direct');

    // An admin may change it too, and is recorded as the one who did.
    const back = await billedTo(admin, client, { billedTo: 'agency' });
    expect(back.status, back.text).toBe(200);
    // The client keeps the billing e-mail it was given.
    expect(back.body.billingEmail).toBe(harbourBilling);
    expect(await link(agencyId, client)).toMatchObject({ billedTo: 'agency', billingChangedBy: admin.sub });
    // The admin businesses tab names the agency and the choice beside the client.
    const rows = (await api('GET', `/api/admin/businesses?q=${encodeURIComponent('Harbour Cafe')}`, { user: admin })).body.businesses;
    expect(rows.find((row: { id: string }) => row.id === client).agency).toEqual({ id: agencyId, name: 'Bright Agency', billedTo: 'agency' });
    const { business } = await createOwnerWithBusiness();
    const own = (await api('GET', `/api/admin/businesses?q=${encodeURIComponent(business.name)}`, { user: admin })).body.businesses;
    expect(own.find((row: { id: string }) => row.id === business.id).agency).toBeNull();
  });

  it("shows a client billed to its agency the agency as its payer, not CardCrew's price; billed directly, the price", async () => {
    const { user, agencyId } = await agencyWithSettings();
    const client = await addClient(user, 'Quay Bikes');
    await addEmployee(user, client);
    await addEmployee(user, client);
    const stats = async () => (await api('GET', `/api/businesses/${client}/dashboard`, { user })).body.stats;
    expect(await stats()).toMatchObject({ totalEmployees: 2, monthlyCostCents: 0, ratePerUserCents: 0, billedByAgency: 'Bright Agency' });
    expect((await billedTo(user, client, { billedTo: 'direct', billingEmail: uniqueEmail('quay-billing') })).status).toBe(200);
    expect((await link(agencyId, client))?.billedTo).toBe('direct');
    expect(await stats()).toMatchObject({ monthlyCostCents: 398, ratePerUserCents: 199, billedByAgency: null });
    // A business no agency manages pays for itself.
    const { owner, business } = await createOwnerWithBusiness();
    expect((await api('GET', `/api/businesses/${business.id}/dashboard`, { user: owner })).body.stats.billedByAgency).toBeNull();
  });

  it('refuses a choice that is not offered with a field message, and stores nothing', async () => {
    const { user, agencyId } = await agencyWithSettings();
    const client = await addClient(user, 'Quay Books');
    for (const body of [{ billedTo: 'nobody' }, {}, { billedTo: 'direct', extra: 1 }, { billedTo: 7 }]) {
      const res = await billedTo(user, client, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
    }
    expect((await billedTo(user, client, { billedTo: 'nobody' })).body.error.fieldErrors).toEqual({ billedTo: 'Billed to must be agency or direct' });
    const stored = await link(agencyId, client);
    expect(stored?.billedTo).toBe('agency');
    expect(stored?.billingChangedBy).toBeUndefined();
  });

  it('lets no other agency, owner or employee choose, and answers an admin 404 for a business no agency manages', async () => {
    const a = await agencyWithSettings();
    const b = await agencyWithSettings();
    const client = await addClient(a.user, 'Guarded Client');
    expect((await billedTo(b.user, client, { billedTo: 'direct' })).status).toBe(403);
    const { owner, business } = await createOwnerWithBusiness();
    expect((await billedTo(owner, business.id, { billedTo: 'direct' })).status).toBe(403);
    expect((await billedTo(owner, client, { billedTo: 'direct' })).status).toBe(403);
    const unmanaged = await billedTo(admin, business.id, { billedTo: 'direct' });
    expect(unmanaged.status).toBe(404);
    expect(unmanaged.body.error.message).toBe('This business is not managed by an agency.');
    expect((await link(a.agencyId, client))?.billedTo).toBe('agency');
  });
});

describe('a client billed directly pays at its own billing e-mail, never the agency (issue 40)', () => {
  const business = async (businessId: string) => (await (await tables()).business.get({ businessId }).go({ consistent: true })).data!;
  const guard = async (billingEmail: string) => (await (await tables()).billingEmailGuard.get({ billingEmail }).go({ consistent: true })).data;
  const clientCard = async (user: TestUser, businessId: string) => (await api('GET', '/api/agency', { user })).body.clients.find((c: { id: string }) => c.id === businessId);
  const invoiceMailsOf = async (invoiceNumber: string) => (await mailbox()).filter((m) => m.subject.includes(invoiceNumber));

  it('asks a client the agency created for its billing e-mail, bills it there, and its figures leave the agency', async () => {
    const { user, agencyId } = await agencyWithSettings();
    const client = await addClient(user, 'Fjord Florist');
    await addEmployee(user, client, { status: 'active' });
    await addEmployee(user, client, { status: 'active' });
    expect((await clientCard(user, client)).revenueCents).toBe(398);

    // None given: refused under the field, nothing stored.
    const none = await billedTo(user, client, { billedTo: 'direct' });
    expect(none.status).toBe(400);
    expect(none.body.error.fieldErrors).toEqual({ billingEmail: messages.agencyBilling.billingEmailRequired });
    // One another business bills at: the onboarding form's message, nothing stored.
    const { business: other } = await createOwnerWithBusiness();
    const taken = await billedTo(user, client, { billedTo: 'direct', billingEmail: other.billingEmail });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ code: 'BILLING_EMAIL_TAKEN', fieldErrors: { billingEmail: messages.businessForm.emailTaken } });
    // Malformed, or given while billed to the agency: refused under the field.
    expect((await billedTo(user, client, { billedTo: 'direct', billingEmail: 'not-an-email' })).body.error.fieldErrors).toEqual({ billingEmail: messages.businessForm.validEmail });
    expect((await billedTo(user, client, { billedTo: 'agency', billingEmail: uniqueEmail('fjord') })).body.error.fieldErrors).toEqual({ billingEmail: messages.agencyBilling.billingEmailOnlyDirect });
    expect((await link(agencyId, client))?.billedTo).toBe('agency');
    expect((await business(client)).billingEmail).toBeUndefined();
    expect((await guard(other.billingEmail))?.businessId).toBe(other.id);

    const email = uniqueEmail('fjord-billing');
    const saved = await billedTo(user, client, { billedTo: 'direct', billingEmail: email.toUpperCase() });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ billedTo: 'direct', billingEmail: email });
    expect(await link(agencyId, client)).toMatchObject({ billedTo: 'direct', billingChangedBy: user.sub });
    expect(await business(client)).toMatchObject({ billingEmail: email, managingAgencyBilledTo: 'direct' });
    expect((await guard(email))?.businessId).toBe(client);

    // The agency earns nothing on it: no revenue on its card, none in the totals; still a client with its users.
    expect(await clientCard(user, client)).toMatchObject({ billedTo: 'direct', billingEmail: email, revenueCents: 0, billableEmployeeCount: 2 });
    expect((await api('GET', '/api/agency', { user })).body.stats).toMatchObject({ activeClients: 1, totalUsers: 2, monthlyRevenueCents: 0, costsCents: 0, netProfitCents: 0 });

    // The monthly run bills the client itself and mails its billing e-mail, not the agency's address or its owner.
    const created = (await run('2035-02-06T03:00:00Z')).created;
    expect(created.filter((c) => c.payerId === agencyId)).toEqual([]);
    const own = created.filter((c) => c.payerId === client);
    expect(own).toHaveLength(1);
    const invoice = (await (await tables()).invoice.get({ invoiceId: own[0]!.invoiceId }).go()).data!;
    expect(invoice).toMatchObject({ businessId: client, amountCents: 398, billingPeriod: '2035-02' });
    const mails = await invoiceMailsOf(invoice.invoiceNumber!);
    expect(mails.map((m) => m.to)).toEqual([[email]]);

    // Its billing e-mail may change in Company Settings (the agency manages it here; its owner may too), not go.
    const emptied = await api('PUT', `/api/businesses/${client}`, { user, body: validBusinessForm({ name: 'Fjord Florist', billingEmail: '' }) });
    expect(emptied.status).toBe(400);
    expect(emptied.body.error.fieldErrors).toEqual({ billingEmail: messages.agencyBilling.billingEmailNeeded });
    expect((await business(client)).billingEmail).toBe(email);
    const moved = uniqueEmail('fjord-accounts');
    expect((await api('PUT', `/api/businesses/${client}`, { user, body: validBusinessForm({ name: 'Fjord Florist', billingEmail: moved }) })).status).toBe(200);
    expect((await business(client)).billingEmail).toBe(moved);
    expect((await guard(moved))?.businessId).toBe(client);
    expect(await guard(email)).toBeNull();
    // Switched again, the address it has is kept; a different one is changed in Company Settings, not here.
    expect((await billedTo(user, client, { billedTo: 'agency' })).status).toBe(200);
    const kept = await billedTo(user, client, { billedTo: 'direct', billingEmail: uniqueEmail('elsewhere') });
    expect(kept.status).toBe(409);
    expect(kept.body.error.fieldErrors).toEqual({ billingEmail: messages.agencyBilling.billingEmailKept });
    expect((await link(agencyId, client))?.billedTo).toBe('agency');
    expect((await billedTo(user, client, { billedTo: 'direct' })).body).toMatchObject({ billedTo: 'direct', billingEmail: moved });
  });

  it('bills a client that joined by itself at the billing e-mail it gave, asking nothing, and its owner may change it', async () => {
    const { user, agencyId } = await agencyWithSettings();
    const { owner, business: own } = await createOwnerWithBusiness({ name: 'Sound Surf Shop' });
    await (await tables()).agencyClient.create({ agencyId, businessId: own.id, billedTo: 'agency' }).go();
    await addEmployee(owner, own.id, { status: 'active' });
    expect((await clientCard(user, own.id)).revenueCents).toBe(199);

    const saved = await billedTo(user, own.id, { billedTo: 'direct' });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ billedTo: 'direct', billingEmail: own.billingEmail });
    expect(await business(own.id)).toMatchObject({ billingEmail: own.billingEmail, managingAgencyId: agencyId, managingAgencyBilledTo: 'direct' });
    expect(await clientCard(user, own.id)).toMatchObject({ billedTo: 'direct', revenueCents: 0 });
    expect((await api('GET', '/api/agency', { user })).body.stats).toMatchObject({ activeClients: 1, totalUsers: 1, monthlyRevenueCents: 0 });

    const created = (await run('2035-02-07T03:00:00Z')).created.filter((c) => c.payerId === own.id);
    expect(created).toHaveLength(1);
    const invoice = (await (await tables()).invoice.get({ invoiceId: created[0]!.invoiceId }).go()).data!;
    expect((await invoiceMailsOf(invoice.invoiceNumber!)).map((m) => m.to)).toEqual([[own.billingEmail]]);

    // Its owner changes it in Company Settings; emptying it is refused while the client is billed directly.
    const emptied = await api('PUT', `/api/businesses/${own.id}`, { user: owner, body: validBusinessForm({ name: 'Sound Surf Shop', billingEmail: '' }) });
    expect(emptied.status).toBe(400);
    expect(emptied.body.error.fieldErrors).toEqual({ billingEmail: messages.agencyBilling.billingEmailNeeded });
    const moved = uniqueEmail('surf-accounts');
    expect((await api('PUT', `/api/businesses/${own.id}`, { user: owner, body: validBusinessForm({ name: 'Sound Surf Shop', billingEmail: moved }) })).status).toBe(200);
    expect((await business(own.id)).billingEmail).toBe(moved);
    expect((await clientCard(user, own.id)).billingEmail).toBe(moved);
  });
});

describe('the monthly run for an agency', () => {
  it('makes one agency invoice with a line per client billed to it, bills a direct client on its own, and mails the agency', async () => {
    const { user, agencyId } = await agencyWithSettings();
    const bakery = await addClient(user, 'Northwind Bakery');
    const studio = await addClient(user, 'Alder Studio');
    const direct = await addClient(user, 'Direct Dental');
    for (let i = 0; i < 3; i++) await addEmployee(user, bakery, { status: 'active' });
    await addEmployee(user, bakery, { status: 'draft' });
    await addEmployee(user, studio, { status: 'inactive' });
    await addEmployee(user, direct, { status: 'active' });
    await addEmployee(user, direct, { status: 'active' });
    const dentalBilling = uniqueEmail('dental-billing');
    expect((await billedTo(user, direct, { billedTo: 'direct', billingEmail: dentalBilling })).status).toBe(200);
    const figures = (await api('GET', '/api/agency', { user })).body.stats;

    const result = await run('2035-02-01T03:00:00Z');
    const forAgency = result.created.filter((c) => c.payerId === agencyId);
    expect(forAgency).toHaveLength(1);
    expect(result.created.filter((c) => c.payerId === bakery || c.payerId === studio)).toEqual([]);
    expect(result.created.filter((c) => c.payerId === direct)).toHaveLength(1);

    const db = await tables();
    const invoice = (await db.invoice.get({ invoiceId: forAgency[0]!.invoiceId }).go()).data!;
    // Lines sorted by client name; 3 × 1.99 = 5.97 → 2.985 → 2.99; 1 × 1.99 → 0.995 → 1.00.
    expect(invoice).toMatchObject({
      businessId: agencyId,
      businessName: 'Bright Agency',
      payerType: 'agency',
      billingPeriod: '2035-02',
      billableEmployees: 4,
      subtotalCents: 399,
      discountPercent: 0,
      discountCents: 0,
      discountTierFromUsers: 0,
      amountCents: 399,
      lines: [
        { businessId: studio, businessName: 'Alder Studio', billableEmployees: 1, ratePerUserCents: 199, sharePercent: 50, amountCents: 100 },
        { businessId: bakery, businessName: 'Northwind Bakery', billableEmployees: 3, ratePerUserCents: 199, sharePercent: 50, amountCents: 299 },
      ],
    });
    // The direct client's own invoice is at business rates, mailed to its own billing e-mail; the agency's figures
    // count only the clients billed to it (issue 40), so its costs are its invoice's subtotal.
    const own = (await db.invoice.query.byBusiness({ businessId: direct }).go()).data;
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ amountCents: 398, billableEmployees: 2, billingPeriod: '2035-02' });
    expect(figures).toMatchObject({ activeClients: 3, totalUsers: 6, costsCents: invoice.subtotalCents, monthlyRevenueCents: 597 + 199 });
    const directMail = (await mailbox()).filter((m) => m.subject.includes(own[0]!.invoiceNumber!));
    expect(directMail.map((m) => m.to)).toEqual([[dentalBilling]]);
    expect((await db.invoiceGuard.get({ businessId: agencyId, period: '2035-02' }).go()).data?.invoiceId).toBe(invoice.invoiceId);

    const mail = (await mailbox()).find((m) => m.subject.includes(invoice.invoiceNumber))!;
    expect(mail.to).toContain('hello@bright.example');
    expect(mail.body.text).toContain('Northwind Bakery: 3 users × $1.99 × 50% = $2.99');
    expect(mail.body.text).toContain('Alder Studio: 1 user × $1.99 × 50% = $1.00');
    expect(mail.body.text).toContain('Total: $3.99');

    // Run again: nothing new for the agency.
    expect((await run('2035-02-01T05:00:00Z')).created.filter((c) => c.payerId === agencyId)).toEqual([]);
  });

  it('bills a client that turns direct mid-month once: by the agency that held it at the run; deleting that invoice frees it', async () => {
    const { user, agencyId } = await agencyWithSettings();
    const client = await addClient(user, 'Turncoat Tools');
    await addEmployee(user, client, { status: 'active' });
    const first = await run('2035-02-02T03:00:00Z');
    const agencyInvoice = first.created.find((c) => c.payerId === agencyId)!;
    const db = await tables();
    expect((await db.invoiceGuard.get({ businessId: client, period: '2035-02' }).go()).data?.invoiceId).toBe(agencyInvoice.invoiceId);

    expect((await billedTo(user, client, { billedTo: 'direct', billingEmail: uniqueEmail('turncoat-billing') })).status).toBe(200);
    const again = await run('2035-02-02T09:00:00Z');
    expect(again.created.filter((c) => c.payerId === client || c.payerId === agencyId)).toEqual([]);
    expect((await db.invoice.query.byBusiness({ businessId: client }).go()).data).toEqual([]);

    // The admin deletes the agency's unpaid invoice: the client's guard goes with it, and the next run bills it directly.
    expect((await api('DELETE', `/api/admin/invoices/${agencyInvoice.invoiceId}`, { user: admin })).status).toBe(204);
    expect((await db.invoiceGuard.get({ businessId: client, period: '2035-02' }).go()).data).toBeNull();
    const third = await run('2035-02-02T10:00:00Z');
    expect(third.created.filter((c) => c.payerId === client)).toHaveLength(1);
    expect(third.created.filter((c) => c.payerId === agencyId)).toEqual([]);
  });

  it('shows the agency its invoices and tier, pays through Checkout exactly once, and keeps the invoice from its clients', async () => {
    const { user, agencyId } = await agencyWithSettings();
    const other = await agencyWithSettings();
    const client = await addClient(user, 'Lakeside Gym');
    for (let i = 0; i < 2; i++) await addEmployee(user, client, { status: 'active' });
    await run('2035-02-03T03:00:00Z');

    const billing = await api('GET', '/api/agency/billing', { user });
    expect(billing.status).toBe(200);
    expect(billing.body.volume).toEqual({ billableEmployees: 2, tier: DEFAULT_VOLUME_TIERS[0], next: DEFAULT_VOLUME_TIERS[1], usersToNext: 98 });
    expect(billing.body.invoices).toHaveLength(1);
    const invoice = billing.body.invoices[0];
    expect(invoice).toMatchObject({ businessId: agencyId, payerType: 'agency', status: 'pending', amountCents: 199, subtotalCents: 199, billingPeriod: '2035-02' });
    expect(invoice.lines).toEqual([{ businessName: 'Lakeside Gym', billableEmployees: 2, ratePerUserCents: 199, sharePercent: 50, amountCents: 199 }]);
    // Another agency, and the client's own Billing section, never list it.
    expect((await api('GET', '/api/agency/billing', { user: other.user })).body.invoices).toEqual([]);
    const clientInvoices = await api('GET', `/api/businesses/${client}/invoices`, { user });
    expect(clientInvoices.status).toBe(200);
    expect(clientInvoices.body).toEqual([]);

    // The public page shows the lines; Checkout charges the stored total; the stand-in's webhook marks it paid.
    const page = await api('GET', `/api/public/invoices/${invoice.id}`);
    expect(page.body).toMatchObject({ businessName: 'Bright Agency', payerType: 'agency', amountCents: 199, lines: invoice.lines, billingContact: 'hello@bright.example' });
    const checkout = await api('POST', `/api/public/invoices/${invoice.id}/checkout`, { body: { returnTo: 'invoice' } });
    expect(checkout.status).toBe(200);
    const sessionId = String(checkout.body.url).split('/').pop()!;
    expect((await fetch(`${checkout.body.url}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
    const verified = await api('POST', '/api/public/payments/verify', { body: { sessionId } });
    expect(verified.body).toMatchObject({ invoiceId: invoice.id, status: 'paid', amountCents: 199 });
    const paid = (await api('GET', '/api/agency/billing', { user })).body.invoices[0];
    expect(paid.status).toBe('paid');
    const stored = (await (await tables()).invoice.get({ invoiceId: invoice.id }).go()).data!;
    expect(stored).toMatchObject({ status: 'paid', paidAmountCents: 199, stripeSessionId: sessionId });
    const receipts = (await mailbox()).filter((m) => m.subject.includes(invoice.invoiceNumber) && /receipt|paid/i.test(m.subject));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.to).toContain('hello@bright.example');

    // The admin Billing tab finds it under agencies, not under businesses.
    const asAgency = await api('GET', `/api/admin/invoices?payer=agency&q=${invoice.invoiceNumber}`, { user: admin });
    expect(asAgency.body.invoices.map((i: { id: string }) => i.id)).toEqual([invoice.id]);
    const asBusiness = await api('GET', `/api/admin/invoices?payer=business&q=${invoice.invoiceNumber}`, { user: admin });
    expect(asBusiness.body.invoices).toEqual([]);
    expect((await api('GET', '/api/admin/invoices?payer=reseller', { user: admin })).status).toBe(400);
  });
});

describe('volume tiers of an agency plan', () => {
  type Plan = { id: string; planType: string; priceCents: number; description: string | null; userRange: string; isPopular: boolean; isActive: boolean; volumeTiers: unknown };
  const testPlan = { priceCents: 0, description: 'For agencies', userRange: 'Unlimited clients', isPopular: false, isActive: false };
  /** Edit Plan with the plan's other fields as they are. */
  const editPlan = (plan: Omit<Plan, 'planType' | 'volumeTiers'>, volumeTiers: unknown) =>
    api('PUT', `/api/admin/plans/${plan.id}`, { user: admin, body: { price: plan.priceCents / 100, description: plan.description ?? '', userRange: plan.userRange, isPopular: plan.isPopular, isActive: plan.isActive, volumeTiers } });
  const edit = (planId: string, volumeTiers: unknown) => editPlan({ id: planId, ...testPlan }, volumeTiers);
  async function newPlan(planType: 'agency' | 'business') {
    const planId = `plan-test-${planType}-${randomBytes(6).toString('hex')}`;
    await (await tables()).plan.create({ planId, name: 'Test Plan', priceCents: 0, period: 'month', userRange: 'Unlimited clients', planType, isActive: false }).go();
    return planId;
  }

  it('refuses each broken rule under its field and saves nothing; a business plan has no tiers', async () => {
    const planId = await newPlan('agency');
    const cases: [unknown, Record<string, string>][] = [
      [[{ fromUsers: 10, discountPercent: 0 }], { 'volumeTiers.0.fromUsers': volumeTierMessages.firstFromZero }],
      [[{ fromUsers: 0, discountPercent: 0 }, { fromUsers: 100, discountPercent: 5 }, { fromUsers: 100, discountPercent: 10 }], { 'volumeTiers.2.fromUsers': volumeTierMessages.increasing }],
      [[{ fromUsers: 0, discountPercent: 0 }, { fromUsers: 500, discountPercent: 5 }, { fromUsers: 100, discountPercent: 10 }], { 'volumeTiers.2.fromUsers': volumeTierMessages.increasing }],
      [[{ fromUsers: 0, discountPercent: 0 }, { fromUsers: 50.5, discountPercent: 5 }], { 'volumeTiers.1.fromUsers': volumeTierMessages.fromUsersWhole }],
      [[{ fromUsers: 0, discountPercent: 101 }], { 'volumeTiers.0.discountPercent': volumeTierMessages.percentRange }],
      [[{ fromUsers: 0, discountPercent: -1 }], { 'volumeTiers.0.discountPercent': volumeTierMessages.percentRange }],
      [[{ fromUsers: 0, discountPercent: 2.555 }], { 'volumeTiers.0.discountPercent': volumeTierMessages.percentDecimals }],
      [[], { volumeTiers: volumeTierMessages.tiersCount }],
    ];
    for (const [tiers, fieldErrors] of cases) {
      const res = await edit(planId, tiers);
      expect(res.status, JSON.stringify(tiers)).toBe(400);
      expect(res.body.error.fieldErrors, JSON.stringify(tiers)).toMatchObject(fieldErrors);
    }
    expect((await (await tables()).plan.get({ planId }).go()).data?.volumeTiers).toBeUndefined();

    const businessPlan = await newPlan('business');
    const onBusiness = await edit(businessPlan, DEFAULT_VOLUME_TIERS);
    expect(onBusiness.status).toBe(400);
    expect(onBusiness.body.error.fieldErrors).toEqual({ volumeTiers: volumeTierMessages.agencyOnly });
    expect((await (await tables()).plan.get({ planId: businessPlan }).go()).data?.volumeTiers).toBeUndefined();
  });

  it('saves tiers typed as text, and bills an agency past a tier its discount, rounded per line and once on the subtotal', async () => {
    // The tiers that bill agencies are the first active agency plan's (display order): edit that one, then restore it.
    const plans = (await api('GET', '/api/admin/plans', { user: admin })).body as Plan[];
    const plan = plans.find((p) => p.planType === 'agency' && p.isActive) ?? { id: await newPlan('agency'), planType: 'agency', ...testPlan, isActive: true, volumeTiers: DEFAULT_VOLUME_TIERS };
    const saved = await editPlan(plan, [{ fromUsers: '0', discountPercent: '0' }, { fromUsers: '5', discountPercent: '5' }]);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.volumeTiers).toEqual([{ fromUsers: 0, discountPercent: 0 }, { fromUsers: 5, discountPercent: 5 }]);
    expect((await (await tables()).plan.get({ planId: plan.id }).go()).data?.volumeTiers).toEqual([{ fromUsers: 0, discountPercent: 0 }, { fromUsers: 5, discountPercent: 5 }]);
    try {
      const { user, agencyId } = await agencyWithSettings();
      const large = await addClient(user, 'Twenty One Co');
      const small = await addClient(user, 'Solo Co');
      for (let i = 0; i < 21; i++) await addEmployee(user, large, { status: 'active' });
      await addEmployee(user, small, { status: 'active' });
      const current = await api('GET', '/api/agency/billing', { user });
      expect(current.body.volume).toEqual({ billableEmployees: 22, tier: { fromUsers: 5, discountPercent: 5 }, next: null, usersToNext: null });

      const result = await run('2035-02-04T03:00:00Z');
      const created = result.created.find((c) => c.payerId === agencyId)!;
      // 21 × 1.49 = 31.29 → half 15.645 → 15.65; 1 × 1.99 → 0.995 → 1.00; subtotal 16.65; 5 % = 0.8325 → 0.83.
      const invoice = (await (await tables()).invoice.get({ invoiceId: created.invoiceId }).go()).data!;
      expect(invoice.lines!.map((line) => [line.businessName, line.ratePerUserCents, line.amountCents])).toEqual([
        ['Solo Co', 199, 100],
        ['Twenty One Co', 149, 1565],
      ]);
      expect(invoice).toMatchObject({ subtotalCents: 1665, discountPercent: 5, discountCents: 83, discountTierFromUsers: 5, amountCents: 1582 });
      // The PDF (issue 27 §2) bills the agency at its address: a line per client (its users in Quantity, the client's rate
      // in Unit price, the share in the detail), the subtotal, the discount as the web page and mail show it, the total.
      const redirect = await fetch(`${origin}/api/public/invoices/${invoice.invoiceId}/pdf`, { redirect: 'manual' });
      expect(redirect.status).toBe(302);
      const text = pdfText(Buffer.from(await (await fetch(redirect.headers.get('location')!)).arrayBuffer()));
      for (const expected of [invoice.invoiceNumber, 'Bright Agency', '1 Market Street', 'Twenty One Co', '21', '$1.49', '50% agency share', '$15.65', 'Solo Co', '$1.99', '$16.65', 'Volume discount 5%', 'Tier from 5 billable users', '$0.83', '$15.82']) {
        expect(text, expected).toContain(expected);
      }
      // The dashboard's costs are what CardCrew bills the agency: the invoice's total, volume discount included, to the
      // cent (one pricing function).
      expect((await api('GET', '/api/agency', { user })).body.stats.costsCents).toBe(1582);
    } finally {
      expect((await editPlan(plan, plan.volumeTiers)).status).toBe(200);
    }
  });
});
