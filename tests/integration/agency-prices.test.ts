// Prices the agency sets, over the API: the agency's price for a client per user per month (or the list price), the
// dashboard's Monthly Revenue, Costs, Net Profit and Growth Rate that follow to the cent, the months stored for Growth
// Rate (on a price change and by the monthly run), who may not set a price, and the admin's choice of an agency's plan
// with the admin Agencies view's figures.
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages';
import { addClient, agencyWithSettings } from '../support/agencies';
import { billedIn, runMonthlyBilling } from '../support/billing-runs';
import { addEmployee, api, createOwnerWithBusiness, createUser, tables, type TestUser } from '../support/runtime';

let admin: TestUser;

beforeAll(async () => {
  admin = await createUser({ groups: ['admin'] });
});

const setPrice = (user: TestUser, businessId: string, pricePerUserCents: unknown) => api('PUT', `/api/businesses/${businessId}/price`, { user, body: { pricePerUserCents } });
const link = async (agencyId: string, businessId: string) => (await (await tables()).agencyClient.get({ agencyId, businessId }).go({ consistent: true })).data;
const month = async (agencyId: string, m: string) => (await (await tables()).agencyMonth.get({ agencyId, month: m }).go({ consistent: true })).data;
const thisMonth = () => new Date().toISOString().slice(0, 7);
const lastMonth = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
};

/** An agency with one client of `employees` employees, billed to it. */
async function agencyWithClient(name: string, employees: number) {
  const agency = await agencyWithSettings();
  const client = await addClient(agency.user, name);
  for (let i = 0; i < employees; i++) await addEmployee(agency.user, client);
  return { ...agency, client };
}

describe("the agency's price for a client", () => {
  it('charges the list price until the agency sets one; revenue, costs and profit follow to the cent, and the price and the month are stored', async () => {
    const { user, agencyId, client } = await agencyWithClient('Pier Florist', 3);
    const dashboard = async () => (await api('GET', '/api/agency', { user })).body;
    const before = await dashboard();
    // 3 × 1.99 = 5.97 charged; CardCrew bills 50 % of it: 2.985 → 2.99.
    expect(before.stats).toMatchObject({ monthlyRevenueCents: 597, costsCents: 299, netProfitCents: 298, growthRate: 0, hasLastMonth: false });
    expect(before.clients[0]).toMatchObject({ id: client, revenueCents: 597, pricePerUserCents: null, listPricePerUserCents: 199 });

    const saved = await setPrice(user, client, 250);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ businessId: client, agencyId, pricePerUserCents: 250, changedBy: user.sub });
    expect(await link(agencyId, client)).toMatchObject({ pricePerUserCents: 250, priceChangedBy: user.sub });
    const after = await dashboard();
    // 3 × 2.50 = 7.50 charged; the costs stay 50 % of the list price.
    expect(after.stats).toMatchObject({ monthlyRevenueCents: 750, costsCents: 299, netProfitCents: 451 });
    expect(after.clients[0]).toMatchObject({ revenueCents: 750, pricePerUserCents: 250, listPricePerUserCents: 199 });
    // The change recorded this month's figures: what next month's Growth Rate is measured against.
    expect(await month(agencyId, thisMonth())).toMatchObject({ revenueCents: 750, costsCents: 299, netProfitCents: 451, billableUsers: 3 });
    // The client's activity log says the agency changed it, without the amount.
    const activity = await api('GET', `/api/businesses/${client}/activity`, { user });
    expect(activity.body.entries.map((e: { action: string }) => e.action)).toContain('billing.priceChanged');

    // Null goes back to the list price, and takes the price off the link.
    const reset = await setPrice(user, client, null);
    expect(reset.status, reset.text).toBe(200);
    expect(reset.body.pricePerUserCents).toBeNull();
    expect((await link(agencyId, client))?.pricePerUserCents).toBeUndefined();
    expect((await dashboard()).stats).toMatchObject({ monthlyRevenueCents: 597, netProfitCents: 298 });
    expect(await month(agencyId, thisMonth())).toMatchObject({ revenueCents: 597 });
  });

  it('measures Growth Rate against last month’s stored revenue, and says when there is none', async () => {
    const { user, agencyId, client } = await agencyWithClient('Dune Surf', 2);
    expect((await setPrice(user, client, 300)).status).toBe(200);
    // Last month's figures as the monthly run or a price change would have stored them: 4.00 of revenue.
    await (await tables()).agencyMonth.put({ agencyId, month: lastMonth(), revenueCents: 400, costsCents: 199, netProfitCents: 201, billableUsers: 2, recordedAt: new Date().toISOString() }).go();
    // 2 × 3.00 = 6.00 against 4.00: +50 %.
    expect((await api('GET', '/api/agency', { user })).body.stats).toMatchObject({ monthlyRevenueCents: 600, growthRate: 50, hasLastMonth: true });
  });

  it('refuses prices that are not whole cents from 0 to $1,000 with a field message, and stores nothing', async () => {
    const { user, agencyId, client } = await agencyWithClient('Kite Shop', 1);
    for (const [value, message] of [
      [-1, messages.agencyBilling.priceInvalid],
      [2.5, messages.agencyBilling.priceInvalid],
      ['250', messages.agencyBilling.priceInvalid],
      [100_001, messages.agencyBilling.priceTooHigh],
    ] as const) {
      const res = await setPrice(user, client, value);
      expect(res.status, `${value}`).toBe(400);
      expect(res.body.error.fieldErrors?.pricePerUserCents, `${value}`).toBe(message);
    }
    expect((await link(agencyId, client))?.pricePerUserCents).toBeUndefined();
    expect(await month(agencyId, thisMonth())).toBeNull();
    // 0 (free to the client) and the most are prices.
    expect((await setPrice(user, client, 0)).status).toBe(200);
    expect((await setPrice(user, client, 100_000)).status).toBe(200);
    expect((await link(agencyId, client))?.pricePerUserCents).toBe(100_000);
  });

  it('refuses another agency, the client itself, its employee and an admin: 403, and the price stays', async () => {
    const { user, agencyId, client } = await agencyWithClient('Salt Bakery', 1);
    expect((await setPrice(user, client, 275)).status).toBe(200);
    const other = await agencyWithSettings();
    // A business that joined by itself and then this agency: its own owner may not set what its agency charges it.
    const joined = await createOwnerWithBusiness();
    const db = await tables();
    await db.agencyClient.create({ agencyId, businessId: joined.business.id }).go();
    const employee = await addEmployee(joined.owner, joined.business.id);
    const employeeUser = await createUser();
    await db.membership.create({ userId: employeeUser.sub, scopeType: 'business', scopeId: joined.business.id, role: 'employee', employeeId: employee.id }).go();
    await db.profile.create({ userId: employeeUser.sub, email: employeeUser.email, displayName: 'Erin', accountType: 'employee' }).go();
    expect((await setPrice(user, joined.business.id, 180)).status).toBe(200);

    for (const [who, caller, businessId] of [
      ['another agency', other.user, client],
      ['the client', joined.owner, joined.business.id],
      ["the client's employee", employeeUser, joined.business.id],
      ['an admin', admin, client],
    ] as const) {
      const res = await setPrice(caller, businessId, 1);
      expect(res.status, who).toBe(403);
    }
    expect((await link(agencyId, client))?.pricePerUserCents).toBe(275);
    expect((await link(agencyId, joined.business.id))?.pricePerUserCents).toBe(180);
    expect(await link(other.agencyId, client)).toBeNull();
  });

  it('the monthly run stores the month it bills at the agency’s prices, and bills the agency 50 % of list', async () => {
    const { user, agencyId, client } = await agencyWithClient('Tide Yoga', 4);
    expect((await setPrice(user, client, 500)).status).toBe(200);
    const created = billedIn(await runMonthlyBilling(new Date('2036-07-01T09:00:00Z')));
    const invoiceId = created.find((c) => c.payerId === agencyId)?.invoiceId;
    expect(invoiceId).toBeDefined();
    const invoice = (await (await tables()).invoice.get({ invoiceId: invoiceId! }).go()).data;
    // 4 × 1.99 = 7.96 → 3.98, whatever the agency charges.
    expect(invoice?.amountCents).toBe(398);
    expect(await month(agencyId, '2036-07')).toMatchObject({ revenueCents: 2000, costsCents: 398, netProfitCents: 1602, billableUsers: 4 });
  });
});

describe("the admin's Agencies view and an agency's plan", () => {
  it("lists each agency's plan, clients and this month's figures as its dashboard shows them; the admin assigns a plan", async () => {
    const { user, agencyId, client } = await agencyWithClient('Reef Diving', 2);
    expect((await setPrice(user, client, 450)).status).toBe(200);
    const rowOf = async () => {
      // Newest agency first: the one just made is on the first page.
      const page = await api('GET', '/api/admin/agencies', { user: admin });
      expect(page.status, page.text).toBe(200);
      expect(page.body.plans).toContainEqual({ id: 'plan-agency-partner', name: 'Agency Partner' });
      return page.body.agencies.find((a: { id: string }) => a.id === agencyId);
    };
    const stats = (await api('GET', '/api/agency', { user })).body.stats;
    expect(await rowOf()).toEqual({
      id: agencyId,
      name: 'Bright Agency',
      plan: { id: 'plan-agency-partner', name: 'Agency Partner' },
      planAssigned: false,
      clientCount: 1,
      billableUsers: 2,
      revenueCents: stats.monthlyRevenueCents,
      costsCents: stats.costsCents,
      netProfitCents: stats.netProfitCents,
      growthRate: 0,
      currency: 'USD',
    });
    expect(stats).toMatchObject({ monthlyRevenueCents: 900, costsCents: 199, netProfitCents: 701 });

    const assigned = await api('PUT', `/api/admin/agencies/${agencyId}/plan`, { user: admin, body: { planId: 'plan-agency-partner' } });
    expect(assigned.status, assigned.text).toBe(200);
    expect(assigned.body).toMatchObject({ id: agencyId, plan: { id: 'plan-agency-partner' }, planAssigned: true });
    expect((await (await tables()).agency.get({ agencyId }).go({ consistent: true })).data?.planId).toBe('plan-agency-partner');
    expect((await rowOf()).planAssigned).toBe(true);

    // A business plan, or a plan that does not exist, is not an agency's plan: 400 under the field, nothing stored.
    for (const planId of ['plan-business-starter', 'no-such-plan']) {
      const refused = await api('PUT', `/api/admin/agencies/${agencyId}/plan`, { user: admin, body: { planId } });
      expect(refused.status, planId).toBe(400);
      expect(refused.body.error.fieldErrors?.planId).toBe(messages.adminAgencies.planNotFound);
    }
    expect((await (await tables()).agency.get({ agencyId }).go({ consistent: true })).data?.planId).toBe('plan-agency-partner');
    expect((await api('PUT', '/api/admin/agencies/no-such-agency-0001/plan', { user: admin, body: { planId: 'plan-agency-partner' } })).status).toBe(404);

    // Back to the default: the plan comes off the agency.
    const cleared = await api('PUT', `/api/admin/agencies/${agencyId}/plan`, { user: admin, body: { planId: null } });
    expect(cleared.body).toMatchObject({ plan: { id: 'plan-agency-partner' }, planAssigned: false });
    expect((await (await tables()).agency.get({ agencyId }).go({ consistent: true })).data?.planId).toBeUndefined();
    // A cursor the listing did not hand out is a 400 under the field.
    const badCursor = await api('GET', '/api/admin/agencies?cursor=not-a-cursor', { user: admin });
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.error.fieldErrors).toEqual({ cursor: 'Invalid cursor.' });
    // The agency itself may not choose its plan.
    expect((await api('PUT', `/api/admin/agencies/${agencyId}/plan`, { user, body: { planId: 'plan-agency-partner' } })).status).toBe(403);
  });
});
