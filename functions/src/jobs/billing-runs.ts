// Access patterns of monthly billing runs (issue 20 §3): the run record, each payer's counted outcome, the recent runs.
import type { EntityItem } from 'electrodb';
import type { BillingRun } from '../../../shared/schemas/billing-run';
import { billingRunDone } from '../../../shared/schemas/billing-run';
import type { PricingPlan } from '../../../shared/schemas/plan';
import { writtenIf } from '../data/conditional';
import { db, type Db } from '../data/entities';

export type BillingRunRecord = EntityItem<Db['billingRun']>;
export type RunOutcome = 'billed' | 'alreadyBilled' | 'skipped' | 'notBillable' | 'failed';

/** Failures listed on the run record; every one is counted, and its message is in the dead-letter queue. */
export const MAX_LISTED_FAILURES = 50;
/** Payer outcome items expire (TTL) after this many days; the run record stays. */
const OUTCOME_TTL_DAYS = 90;

export function toBillingRun(r: BillingRunRecord): BillingRun {
  return {
    id: r.runId,
    period: r.period,
    startedAt: r.startedAt,
    finishedAt: r.finishedAt ?? null,
    startedBy: r.startedBy,
    status: r.status,
    expected: r.expected ?? null,
    billed: r.billed ?? 0,
    alreadyBilled: r.alreadyBilled ?? 0,
    skipped: r.skipped ?? 0,
    notBillable: r.notBillable ?? 0,
    failed: r.failed ?? 0,
    mailsFailed: r.mailsFailed ?? 0,
    failures: r.failures ?? [],
  };
}

/** A new run, queued until the planner lists its payers. */
export async function createBillingRun(run: { runId: string; period: string; runDate: string; startedBy: string }): Promise<BillingRunRecord> {
  const { data } = await db().billingRun.create({ ...run, status: 'queued', failures: [] }).go();
  return data as BillingRunRecord;
}

/** The run, read consistently (the worker decides from it whether the run is complete). */
export async function getBillingRun(runId: string): Promise<BillingRunRecord | null> {
  const { data } = await db().billingRun.get({ runId }).go({ consistent: true });
  return data;
}

/** The planner's step: how many payers it queues and the plans they are priced by; only a queued run starts (once). */
export async function startBillingRun(runId: string, expected: number, plans: readonly PricingPlan[]): Promise<boolean> {
  return writtenIf(() =>
    db()
      .billingRun.patch({ runId })
      .set({ status: 'running', expected, plans })
      .where((attr, { eq }) => eq(attr.status, 'queued'))
      .go(),
  );
}

/**
 * Counts one payer's outcome on its run, once: the payer's outcome item (attribute_not_exists) and the counter ADD are
 * one transaction, so a message SQS delivers twice is counted once. Returns the run as it is afterwards, or null for a
 * duplicate.
 */
export async function recordPayerOutcome(
  runId: string,
  payerId: string,
  outcome: RunOutcome,
  details: { invoiceId?: string; reason?: string; mailFailed?: boolean } = {},
): Promise<BillingRunRecord | null> {
  const expiresAt = Math.floor(Date.now() / 1000) + OUTCOME_TTL_DAYS * 86_400;
  const result = await db()
    .service.transaction.write(({ billingRunPayer, billingRun }) => [
      billingRunPayer.create({ runId, payerId, outcome, invoiceId: details.invoiceId, reason: details.reason, expiresAt }).commit(),
      billingRun
        .update({ runId })
        .add({ [outcome]: 1, ...(details.mailFailed ? { mailsFailed: 1 } : {}) })
        .commit(),
    ])
    .go();
  if (result.canceled) {
    const codes: string[] = result.data.map((item) => item.code);
    if (codes[0] === 'ConditionalCheckFailed') return null;
    throw new Error(`Billing run transaction was cancelled: ${JSON.stringify(codes)}`);
  }
  return getBillingRun(runId);
}

export interface PayerOutcomeRecord {
  payerId: string;
  outcome: RunOutcome;
  invoiceId?: string;
  reason?: string;
  mailFailed?: boolean;
}

/**
 * Counts the outcomes of a batch of payers of one run in one transaction (each payer's outcome item, and one ADD of the
 * sums on the run). When one was counted already (a message delivered twice) the batch is counted payer by payer, so
 * only the new ones count. Returns the run afterwards.
 */
export async function recordPayerOutcomes(runId: string, outcomes: readonly PayerOutcomeRecord[]): Promise<BillingRunRecord | null> {
  if (outcomes.length === 0) return getBillingRun(runId);
  const expiresAt = Math.floor(Date.now() / 1000) + OUTCOME_TTL_DAYS * 86_400;
  const sums: Partial<Record<RunOutcome | 'mailsFailed', number>> = {};
  for (const o of outcomes) {
    sums[o.outcome] = (sums[o.outcome] ?? 0) + 1;
    if (o.mailFailed) sums.mailsFailed = (sums.mailsFailed ?? 0) + 1;
  }
  const result = await db()
    .service.transaction.write(({ billingRunPayer, billingRun }) => [
      ...outcomes.map((o) => billingRunPayer.create({ runId, payerId: o.payerId, outcome: o.outcome, invoiceId: o.invoiceId, reason: o.reason, expiresAt }).commit()),
      billingRun.update({ runId }).add(sums).commit(),
    ])
    .go();
  if (result.canceled) {
    const codes: string[] = (result.data as { code: string }[]).map((item) => item.code);
    if (!codes.slice(0, outcomes.length).includes('ConditionalCheckFailed')) throw new Error(`Billing run transaction was cancelled: ${JSON.stringify(codes)}`);
    for (const o of outcomes) await recordPayerOutcome(runId, o.payerId, o.outcome, o);
  }
  return getBillingRun(runId);
}

/**
 * Lists a failure on the run while it lists fewer than MAX_LISTED_FAILURES (checked on the run as just read, so racing
 * workers may list a few more; the count is exact either way).
 */
export async function listFailureOnRun(run: BillingRunRecord, failure: { payerType: 'business' | 'agency'; payerId: string; reason: string }): Promise<void> {
  if ((run.failures?.length ?? 0) >= MAX_LISTED_FAILURES) return;
  await db().billingRun.update({ runId: run.runId }).append({ failures: [failure] }).go();
}

/** True when every queued payer has an outcome. */
export const isComplete = (run: BillingRunRecord) => run.status === 'running' && run.expected !== undefined && billingRunDone(toBillingRun(run)) >= run.expected;

/** Marks a complete run finished; true for the one caller that did it (it reports the run's figures). */
export async function finishBillingRun(runId: string): Promise<boolean> {
  return writtenIf(() =>
    db()
      .billingRun.patch({ runId })
      .set({ status: 'finished', finishedAt: new Date().toISOString() })
      .where((attr, { eq }) => eq(attr.status, 'running'))
      .go(),
  );
}

/** The most recent runs, newest first (gsi2 `billingRuns` listing). */
export async function listRecentBillingRuns(limit = 10): Promise<BillingRunRecord[]> {
  const { data } = await db().billingRun.query.all({ listing: 'billingRuns' }).go({ order: 'desc', limit });
  return data;
}
