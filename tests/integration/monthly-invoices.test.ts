// The monthly invoice run (the billing fan-out: planner → local SQS → worker): bills billable employees at the plan rate,
// once per business per month, even when two runs start at the same time; invoice numbers run without gaps however
// many runs and admins number at once.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { billedIn, runMonthlyBilling } from '../support/billing-runs';
import { addEmployee, api, createOwnerWithBusiness, createUser, runtime, tables } from '../support/runtime';

/** The sequence part of 'INV-2032-000042'. */
const sequenceOf = (invoiceNumber: string) => Number(/^INV-\d{4}-(\d{6,})$/.exec(invoiceNumber)![1]);

describe('monthly invoice job', () => {
  it('started twice at once creates exactly one invoice per business, with the plan amount and due date', async () => {
    const a = await createOwnerWithBusiness();
    const b = await createOwnerWithBusiness();
    for (const status of ['active', 'active', 'inactive', 'draft'] as const) await addEmployee(a.owner, a.business.id, { status });
    await addEmployee(b.owner, b.business.id, { status: 'draft' });

    const runDate = new Date('2031-01-31T03:00:00Z');
    const [first, second] = await Promise.all([runMonthlyBilling(runDate), runMonthlyBilling(runDate)]);
    const createdForA = billedIn(first, second).filter((c) => c.payerId === a.business.id);
    expect(createdForA).toHaveLength(1);
    // Both runs account for every payer: the loser of each race counts it as already billed.
    for (const { run } of [first, second]) expect(run.billed + run.alreadyBilled + run.skipped + run.notBillable + run.failed).toBe(run.expected);
    expect([first, second].map((r) => r.outcomes.get(b.business.id)?.outcome)).toEqual(['skipped', 'skipped']);

    const db = await tables();
    const invoices = (await db.invoice.query.byBusiness({ businessId: a.business.id }).go()).data;
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ amountCents: 597, ratePerUserCents: 199, billableEmployees: 3, dueDate: '2031-02-28', notes: 'Monthly subscription fee', status: 'pending', billingPeriod: '2031-01', currency: 'USD' });
    expect(invoices[0]!.invoiceNumber).toMatch(/^INV-2031-\d{6}$/);
    expect((await db.invoiceGuard.get({ businessId: a.business.id, period: '2031-01' }).go()).data?.invoiceId).toBe(invoices[0]!.invoiceId);
    // Only draft employees: nothing billable, no invoice.
    expect((await db.invoice.query.byBusiness({ businessId: b.business.id }).go()).data).toHaveLength(0);

    expect(invoices[0]!.invoiceId).toBe(createdForA[0]!.invoiceId);
    expect(invoices[0]!.amountCents).toBe(597); // 3 billable (draft excluded) × 199 cents

    const again = await runMonthlyBilling(runDate);
    expect(again.outcomes.get(a.business.id)?.outcome).toBe('alreadyBilled');
    expect(again.run.billed).toBe(0);
  });

  it('numbers invoices without gaps while six runs race each other and Create Invoice (issue 26 §3)', async () => {
    const seeded = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const { owner, business } = await createOwnerWithBusiness();
        await addEmployee(owner, business.id, { status: 'active' });
        return business;
      }),
    );
    const admin = await createUser({ groups: ['admin'] });
    const db = await tables();
    const sequence = async () => (await db.sequence.get({ name: 'invoice' }).go({ consistent: true })).data?.value ?? 0;
    const before = await sequence();

    const runDate = new Date('2032-03-01T03:00:00Z');
    const byHand = (business: { id: string }) => api('POST', '/api/admin/invoices', { user: admin, body: { businessId: business.id, amount: 12, dueDate: '2032-03-31' } });
    const [runs, handMade] = await Promise.all([
      Promise.all(Array.from({ length: 6 }, () => runMonthlyBilling(runDate))),
      Promise.all(seeded.slice(0, 4).map(byHand)),
    ]);

    for (const res of handMade) expect(res.status, res.text).toBe(201);
    const billed = billedIn(...runs);
    const db2 = await tables();
    const monthly = await Promise.all(billed.map(async (c) => ({ ...c, invoiceNumber: (await db2.invoice.get({ invoiceId: c.invoiceId }).go({ consistent: true })).data!.invoiceNumber })));
    // One invoice per business for the period, whichever run won it (every business the table holds is billed).
    expect(new Set(monthly.map((c) => c.payerId)).size).toBe(monthly.length);
    for (const business of seeded) {
      const ofPeriod = (await db.invoice.query.byBusiness({ businessId: business.id }).go()).data.filter((i) => i.billingPeriod === '2032-03');
      expect(ofPeriod).toHaveLength(1);
      expect(monthly.filter((c) => c.payerId === business.id).map((c) => c.invoiceId)).toEqual([ofPeriod[0]!.invoiceId]);
    }
    // Every number drawn belongs to an invoice that exists: consecutive from the stored sequence on, no gap, no duplicate.
    const issued = [...monthly.map((c) => ({ id: c.invoiceId, number: c.invoiceNumber })), ...handMade.map((res) => ({ id: res.body.invoice.id as string, number: res.body.invoice.invoiceNumber as string }))];
    expect(issued.map((i) => sequenceOf(i.number)).sort((a, b) => a - b)).toEqual(Array.from({ length: issued.length }, (_, i) => before + 1 + i));
    expect(await sequence()).toBe(before + issued.length);
    for (const { id, number } of issued) expect((await db.invoice.get({ invoiceId: id }).go({ consistent: true })).data?.invoiceNumber).toBe(number);
  });

  it('runs from the command line against the local runtime (npm run job:monthly-invoices)', async () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'functions/local/run-job.ts'], {
      env: { ...process.env, DATA_DIR: runtime.dataDir, LOCAL_PORT_OFFSET: String(runtime.portOffset) },
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Billing run \S+ for \d{4}-\d{2}: \d+ payers queued/);
    expect(run.stdout).toMatch(/Billed \d+ \(already billed: \d+, no billable employees: \d+, not billable: \d+, failed: 0\)/);
  });
});
