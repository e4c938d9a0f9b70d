// The admin side of billing runs: Generate monthly invoices starts a run (created here, planned by the planner from the
// planning queue, so the API answers at once — 202 — however many payers there are), and the recent runs.
import type { BillingRun, BillingRunList } from '../../../shared/schemas/billing-run';
import { sendMessage } from '../adapters/queue';
import { planningQueueConfig } from '../config';
import { newId } from '../lib/ids';
import { createBillingRun, listRecentBillingRuns, toBillingRun } from './billing-runs';

/** The planning queue's message: plan this (queued) run. */
export interface PlanMessage {
  runId: string;
}

/** The month a run started now bills (UTC), as billingPeriodOf says. */
const periodOf = (runDate: Date) => runDate.toISOString().slice(0, 7);

export async function requestMonthlyRun(startedBy: string, runDate = new Date()): Promise<BillingRun> {
  const run = await createBillingRun({ runId: newId(), period: periodOf(runDate), runDate: runDate.toISOString(), startedBy });
  await sendMessage(planningQueueConfig().PLANNING_QUEUE_URL, { runId: run.runId } satisfies PlanMessage);
  return toBillingRun(run);
}

export async function listBillingRuns(): Promise<BillingRunList> {
  return { runs: (await listRecentBillingRuns(10)).map(toBillingRun) };
}
