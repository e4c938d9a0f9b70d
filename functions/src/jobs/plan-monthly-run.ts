// The planner of the monthly billing fan-out (issue 20 §3): creates the run record for the period, takes the snapshot
// of payers, and queues one message per payer for the worker (bill-payer-worker.ts), ten per SendMessageBatch. The
// schedule (1st of the month) plans in the planner Lambda at once; the admin's Generate monthly invoices creates the
// run and queues it on the planning queue for the same planner (billing-run-service.ts).
import type { BillingRun } from '../../../shared/schemas/billing-run';
import { sendMessages } from '../adapters/queue';
import { billingQueueConfig } from '../config';
import { newId } from '../lib/ids';
import { logger } from '../lib/logger';
import { recordMetric } from '../lib/metrics';
import { listActivePlans } from '../plans/repository';
import { billingFanOut } from './billing-fan-out';
import { createBillingRun, finishBillingRun, getBillingRun, listRecentBillingRuns, startBillingRun, toBillingRun } from './billing-runs';
import { billingPeriodOf, listPayers, type Payer } from './payers';

/** One payer of one run: the worker's message. */
export interface PayerMessage {
  runId: string;
  period: string;
  /** The run's date (ISO 8601): the period and the due date follow from it. */
  runDate: string;
  payer: Payer;
}

export type { PlanMessage } from './billing-run-service';

export const payerIdOf = (payer: Payer) => (payer.type === 'business' ? payer.businessId : payer.agencyId);


/** The schedule's run (1st of the month; `npm run job:monthly-invoices` too): created and planned here. */
export async function startScheduledRun(runDate = new Date(), startedBy = 'schedule'): Promise<BillingRun> {
  const run = await createBillingRun({ runId: newId(), period: billingPeriodOf(runDate).period, runDate: runDate.toISOString(), startedBy });
  return planBillingRun(run.runId);
}

/**
 * Lists the payers, records how many and the plans on the run, and queues one message per payer. A run is planned
 * once: a planning message delivered again finds it running and does nothing.
 */
export async function planBillingRun(runId: string): Promise<BillingRun> {
  const run = await getBillingRun(runId);
  if (!run) throw new Error(`No billing run ${runId}`);
  if (run.status !== 'queued') return toBillingRun(run);
  const [payers, plans] = await Promise.all([listPayers(), listActivePlans()]);
  if (!(await startBillingRun(runId, payers.length, plans))) return toBillingRun((await getBillingRun(runId))!);
  const messages = payers.map((payer): PayerMessage => ({ runId, period: run.period, runDate: run.runDate, payer }));
  await sendMessages(billingQueueConfig().BILLING_QUEUE_URL, messages);
  logger.info('billing run planned', { runId, period: run.period, payers: payers.length });
  if (payers.length === 0 && (await finishBillingRun(runId))) recordMetric('BillingRunFailures', 0);
  return toBillingRun((await getBillingRun(runId))!);
}

/**
 * The hourly check (a schedule of the planner): emits how many recent runs are still not finished an hour after they
 * started — 0 included, so the alarm sees data every hour — and logs them.
 */
export async function checkUnfinishedRuns(now = Date.now()): Promise<{ unfinished: BillingRun[] }> {
  const limit = now - billingFanOut.unfinishedAfterMinutes * 60_000;
  const unfinished = (await listRecentBillingRuns(20)).filter((r) => r.status !== 'finished' && Date.parse(r.startedAt) < limit).map(toBillingRun);
  recordMetric('BillingRunsUnfinished', unfinished.length);
  if (unfinished.length) logger.error('billing runs not finished within the hour', { runs: unfinished.map((r) => ({ id: r.id, period: r.period, startedAt: r.startedAt, expected: r.expected })) });
  return { unfinished };
}
