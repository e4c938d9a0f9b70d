// `npm run job:monthly-invoices` / `npm run job:dunning` (argument `dunning`) / `tsx functions/local/run-job.ts
// scan-close`: runs the monthly invoice job, the dunning job or the daily scan close against the running local table.
import './quiet';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { localSettings } from './settings';

const s = localSettings();
const runtime = JSON.parse(readFileSync(join(s.dataDir, 'runtime.json'), 'utf8')) as { env: Record<string, string> };
Object.assign(process.env, runtime.env);
if (process.argv[2] === 'scan-close') {
  // The same fan-out as the schedule: plans here, and the running runtime's worker closes from the local queue.
  const { planScanClose } = await import('../src/scan-totals/plan-scan-close');
  const { getScanCloseRun } = await import('../src/scan-totals/close-runs');
  let run = await planScanClose();
  console.log(`Scan close ${run.runId} before ${run.today}: ${run.expected} businesses queued.`);
  while (run.status !== 'finished') {
    await new Promise((r) => setTimeout(r, 1000));
    run = (await getScanCloseRun(run.runId))!;
    console.log(`  ${(run.closed ?? 0) + (run.failed ?? 0)} of ${run.expected} done`);
  }
  console.log(`Closed ${run.closed} businesses (${run.businessDaysClosed} business-days, ${run.cardDaysClosed} card-days); failed: ${run.failed}.`);
  for (const f of run.failures ?? []) console.log(`  failed: ${f.businessId}: ${f.reason}`);
} else if (process.argv[2] === 'dunning') {
  const { runDunning } = await import('../src/jobs/dunning');
  const result = await runDunning();
  console.log(`Dunning for ${result.today}: ${result.markedOverdue.length} invoices marked overdue, ${result.reminders.length} reminders.`);
  for (const r of result.reminders) console.log(`  ${r.invoiceId}  ${r.stage} days overdue  ${r.outcome}`);
} else {
  // The same fan-out as the schedule: plans here, and the running runtime's worker bills from the local queue.
  const { startScheduledRun } = await import('../src/jobs/plan-monthly-run');
  const { getBillingRun, toBillingRun } = await import('../src/jobs/billing-runs');
  const started = await startScheduledRun(new Date(), 'command line');
  console.log(`Billing run ${started.id} for ${started.period}: ${started.expected ?? 0} payers queued.`);
  let run = started;
  while (run.status !== 'finished') {
    await new Promise((r) => setTimeout(r, 1000));
    run = toBillingRun((await getBillingRun(started.id))!);
    console.log(`  ${run.billed + run.alreadyBilled + run.skipped + run.notBillable + run.failed} of ${run.expected} done`);
  }
  console.log(`Billed ${run.billed} (already billed: ${run.alreadyBilled}, no billable employees: ${run.skipped}, not billable: ${run.notBillable}, failed: ${run.failed}).`);
  for (const f of run.failures) console.log(`  failed: ${f.payerType} ${f.payerId}: ${f.reason}`);
}
