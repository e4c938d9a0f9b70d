// Access patterns of the daily scan close's runs: the run record of a day, each business's counted outcome, the recent
// runs (docs/access-patterns.md).
import type { EntityItem } from 'electrodb';
import { writtenIf } from '../data/conditional';
import { db, type Db } from '../data/entities';

export type ScanCloseRunRecord = EntityItem<Db['scanCloseRun']>;

/** Failures listed on the run record; every one is counted, and its message is in the dead-letter queue. */
export const MAX_LISTED_FAILURES = 50;
/** Outcome items expire (TTL) after this many days; the run record stays. */
const OUTCOME_TTL_DAYS = 7;

/** The run, read consistently (a worker decides from it whether the run is complete). */
export async function getScanCloseRun(runId: string): Promise<ScanCloseRunRecord | null> {
  const { data } = await db().scanCloseRun.get({ runId }).go({ consistent: true });
  return data;
}

/**
 * A new run closing every day before `today`, with the number of businesses queued. A second run of the same day (the
 * schedule's retry, a run by hand) is harmless: each close is idempotent, and each run counts its own outcomes.
 */
export async function createScanCloseRun(run: { runId: string; today: string; expected: number }): Promise<ScanCloseRunRecord> {
  const { data } = await db().scanCloseRun.create({ ...run, status: 'running', failures: [] }).go();
  return data as ScanCloseRunRecord;
}

export interface BusinessOutcome {
  businessId: string;
  outcome: 'closed' | 'failed';
  businessDays?: number;
  cardDays?: number;
  reason?: string;
}

/** Counts one business's outcome once (its outcome item and the run's ADD in one transaction); false for a repeat. */
async function recordOutcome(runId: string, o: BusinessOutcome, expiresAt: number): Promise<boolean> {
  const result = await db()
    .service.transaction.write(({ scanCloseRunBusiness, scanCloseRun }) => [
      scanCloseRunBusiness.create({ runId, businessId: o.businessId, outcome: o.outcome, expiresAt }).commit(),
      scanCloseRun
        .update({ runId })
        .add({ [o.outcome]: 1, businessDaysClosed: o.businessDays ?? 0, cardDaysClosed: o.cardDays ?? 0 })
        .commit(),
    ])
    .go();
  if (!result.canceled) return true;
  const codes = (result.data as { code: string }[]).map((item) => item.code);
  if (codes[0] === 'ConditionalCheckFailed') return false;
  throw new Error(`Scan close run transaction was cancelled: ${JSON.stringify(codes)}`);
}

/**
 * Counts the outcomes of a batch in one transaction (each business's outcome item, one ADD of the sums on the run).
 * When one was counted already (a message delivered twice) the batch is counted business by business, so only the new
 * ones count. Returns the run afterwards.
 */
export async function recordCloseOutcomes(runId: string, outcomes: readonly BusinessOutcome[]): Promise<ScanCloseRunRecord | null> {
  if (outcomes.length === 0) return getScanCloseRun(runId);
  const expiresAt = Math.floor(Date.now() / 1000) + OUTCOME_TTL_DAYS * 86_400;
  const sums = { closed: 0, failed: 0, businessDaysClosed: 0, cardDaysClosed: 0 };
  for (const o of outcomes) {
    sums[o.outcome]++;
    sums.businessDaysClosed += o.businessDays ?? 0;
    sums.cardDaysClosed += o.cardDays ?? 0;
  }
  const result = await db()
    .service.transaction.write(({ scanCloseRunBusiness, scanCloseRun }) => [
      ...outcomes.map((o) => scanCloseRunBusiness.create({ runId, businessId: o.businessId, outcome: o.outcome, expiresAt }).commit()),
      scanCloseRun.update({ runId }).add(sums).commit(),
    ])
    .go();
  if (result.canceled) {
    const codes = (result.data as { code: string }[]).map((item) => item.code);
    if (!codes.slice(0, outcomes.length).includes('ConditionalCheckFailed')) throw new Error(`Scan close run transaction was cancelled: ${JSON.stringify(codes)}`);
    for (const o of outcomes) await recordOutcome(runId, o, expiresAt);
  }
  return getScanCloseRun(runId);
}

/**
 * Lists failures on the run while it lists fewer than MAX_LISTED_FAILURES (checked on the run as just read, so racing
 * workers may list a few more; the count is exact either way).
 */
export async function listFailuresOnRun(run: ScanCloseRunRecord, failures: { businessId: string; reason: string }[]): Promise<void> {
  const room = MAX_LISTED_FAILURES - (run.failures?.length ?? 0);
  if (room <= 0 || failures.length === 0) return;
  await db().scanCloseRun.update({ runId: run.runId }).append({ failures: failures.slice(0, room) }).go();
}

/** True when every queued business has an outcome. */
export const isComplete = (run: ScanCloseRunRecord) => run.status === 'running' && (run.closed ?? 0) + (run.failed ?? 0) >= run.expected;

/** Marks a complete run finished; true for the one caller that did it (it reports the run's figures). */
export async function finishScanCloseRun(runId: string): Promise<boolean> {
  return writtenIf(() =>
    db()
      .scanCloseRun.patch({ runId })
      .set({ status: 'finished', finishedAt: new Date().toISOString() })
      .where((attr, { eq }) => eq(attr.status, 'running'))
      .go(),
  );
}
