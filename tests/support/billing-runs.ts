// Monthly billing through the real fan-out: plans a run here (as the schedule does), then waits while the local
// runtime's worker bills its payers from the local queue; returns the finished run and each payer's outcome.
import type { BillingRun } from '../../shared/schemas/billing-run';
import { tables } from './runtime';

export interface FinishedRun {
  run: BillingRun;
  /** Each payer's outcome in this run, by payer id (business or agency). */
  outcomes: Map<string, { outcome: string; invoiceId?: string; reason?: string }>;
}

/** Polls the run until it finishes (or `timeoutMs` passes). */
export async function waitForRun(runId: string, timeoutMs = 90_000): Promise<BillingRun> {
  const { getBillingRun, toBillingRun } = await import('../../functions/src/jobs/billing-runs');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const run = toBillingRun((await getBillingRun(runId))!);
    if (run.status === 'finished') return run;
    if (Date.now() > deadline) throw new Error(`billing run ${runId} did not finish: ${JSON.stringify(run)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export async function outcomesOf(runId: string): Promise<FinishedRun['outcomes']> {
  const db = await tables();
  const { data } = await db.billingRunPayer.query.primary({ runId }).go({ pages: 'all', consistent: true });
  return new Map(data.map((o) => [o.payerId, { outcome: o.outcome, invoiceId: o.invoiceId, reason: o.reason }]));
}

/** Starts a run for `runDate`'s month and waits until every payer has an outcome. */
export async function runMonthlyBilling(runDate: Date): Promise<FinishedRun> {
  const { startScheduledRun } = await import('../../functions/src/jobs/plan-monthly-run');
  const started = await startScheduledRun(runDate, 'test');
  const run = await waitForRun(started.id);
  return { run, outcomes: await outcomesOf(run.id) };
}

/** The payers a set of runs billed (outcome 'billed'), by payer id, with the invoice of each billing. */
export function billedIn(...runs: FinishedRun[]): { payerId: string; invoiceId: string }[] {
  return runs.flatMap((r) => [...r.outcomes].filter(([, o]) => o.outcome === 'billed').map(([payerId, o]) => ({ payerId, invoiceId: o.invoiceId! })));
}
