// The planner of the daily scan close (scheduled at 00:10 UTC): a run record for the day, and one message per business
// on the scan close queue for the workers (close-worker.ts), ten per SendMessageBatch. A business's close is
// idempotent, so a planning retried (or started again by hand) queues everything again and closes nothing twice.
import { sendMessages } from '../adapters/queue';
import { scanCloseQueueConfig } from '../config';
import { db } from '../data/entities';
import { newId } from '../lib/ids';
import { logger } from '../lib/logger';
import { createScanCloseRun, finishScanCloseRun, getScanCloseRun, type ScanCloseRunRecord } from './close-runs';

/** One business of one run: the worker's message. */
export interface CloseMessage {
  runId: string;
  /** Every day before this one (YYYY-MM-DD, UTC) is closed. */
  today: string;
  businessId: string;
}

/** Every business id (the admin listing, gsi2; only the id is read). */
async function listBusinessIds(): Promise<string[]> {
  const { data } = await db().business.query.all({ listing: 'businesses' }).go({ pages: 'all', attributes: ['businessId'] });
  return data.map((b) => b.businessId);
}

/** Plans a run closing every day before `now`'s UTC day: the run record, then one message per business. */
export async function planScanClose(now = new Date()): Promise<ScanCloseRunRecord> {
  const today = now.toISOString().slice(0, 10);
  const businessIds = await listBusinessIds();
  const run = await createScanCloseRun({ runId: newId(), today, expected: businessIds.length });
  await sendMessages(
    scanCloseQueueConfig().SCAN_CLOSE_QUEUE_URL,
    businessIds.map((businessId): CloseMessage => ({ runId: run.runId, today, businessId })),
  );
  logger.info('scan close planned', { runId: run.runId, today, businesses: businessIds.length });
  if (businessIds.length === 0) await finishScanCloseRun(run.runId);
  return (await getScanCloseRun(run.runId))!;
}
