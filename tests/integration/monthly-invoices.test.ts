// The monthly invoice job: bills billable employees at the plan rate, once per business per month, even when
// two runs start at the same time.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { addEmployee, createOwnerWithBusiness, runtime, tables } from '../support/runtime';

describe('monthly invoice job', () => {
  it('started twice at once creates exactly one invoice per business, with the plan amount and due date', async () => {
    const a = await createOwnerWithBusiness();
    const b = await createOwnerWithBusiness();
    for (const status of ['active', 'active', 'inactive', 'draft'] as const) await addEmployee(a.owner, a.business.id, { status });
    await addEmployee(b.owner, b.business.id, { status: 'draft' });

    const { generateMonthlyInvoices } = await import('../../functions/src/jobs/generate-monthly-invoices');
    const runDate = new Date('2031-01-31T03:00:00Z');
    const [first, second] = await Promise.all([generateMonthlyInvoices(runDate), generateMonthlyInvoices(runDate)]);
    const createdForA = [...first.created, ...second.created].filter((c) => c.businessId === a.business.id);
    expect(createdForA).toHaveLength(1);
    expect(createdForA[0]).toMatchObject({ amountCents: 597, currency: 'USD' }); // 3 billable (draft excluded) × 199 cents

    const db = await tables();
    const invoices = (await db.invoice.query.byBusiness({ businessId: a.business.id }).go()).data;
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ amountCents: 597, ratePerUserCents: 199, billableEmployees: 3, dueDate: '2031-02-28', notes: 'Monthly subscription fee', status: 'pending', billingPeriod: '2031-01', currency: 'USD' });
    expect(invoices[0]!.invoiceNumber).toMatch(/^INV-2031-\d{6}$/);
    expect((await db.invoiceGuard.get({ businessId: a.business.id, period: '2031-01' }).go()).data?.invoiceId).toBe(invoices[0]!.invoiceId);
    // Only draft employees: nothing billable, no invoice.
    expect((await db.invoice.query.byBusiness({ businessId: b.business.id }).go()).data).toHaveLength(0);

    const again = await generateMonthlyInvoices(runDate);
    expect(again.created.filter((c) => c.businessId === a.business.id)).toHaveLength(0);
  });

  it('runs from the command line against the local runtime (npm run job:monthly-invoices)', async () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'functions/local/run-job.ts'], {
      env: { ...process.env, DATA_DIR: '.data/test', LOCAL_PORT_OFFSET: String(runtime.portOffset) },
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Generated \d+ monthly invoices for \d{4}-\d{2}/);
  });
});
