// The scan close's worker: its SQS event source (ReportBatchItemFailures) delivers business messages; each business is
// closed (close.ts, idempotent), the outcomes are counted once on their run, and the run is finished by the worker that
// counts its last business. A business that fails returns to the queue and is retried; after the last receive it is
// counted as failed (and SQS parks its message in the dead-letter queue). Its days stay open, exact, until a later run.
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { logger } from '../lib/logger';
import { recordMetric } from '../lib/metrics';
import { closeBusiness, inParallel } from './close';
import { scanCloseFanOut } from './close-fan-out';
import { finishScanCloseRun, isComplete, listFailuresOnRun, recordCloseOutcomes, type BusinessOutcome, type ScanCloseRunRecord } from './close-runs';
import type { CloseMessage } from './plan-scan-close';

function parseMessage(record: SQSRecord): CloseMessage {
  const message = JSON.parse(record.body) as Partial<CloseMessage>;
  if (!message.runId || !message.businessId || !/^\d{4}-\d{2}-\d{2}$/.test(message.today ?? '')) throw new Error('Not a scan close message');
  return message as CloseMessage;
}

const reasonOf = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 300);
const lastReceive = (record: SQSRecord) => Number(record.attributes.ApproximateReceiveCount ?? '1') >= scanCloseFanOut.maxReceiveCount;

async function finish(run: ScanCloseRunRecord) {
  if (!(await finishScanCloseRun(run.runId))) return;
  recordMetric('ScanCloseFailures', run.failed ?? 0);
  logger.info('scan close finished', { runId: run.runId, today: run.today, expected: run.expected, closed: run.closed, failed: run.failed, businessDaysClosed: run.businessDaysClosed, cardDaysClosed: run.cardDaysClosed });
}

/** Counts the outcomes of one run's businesses, lists its failures, and finishes the run when they complete it. */
async function count(runId: string, outcomes: BusinessOutcome[]) {
  const run = await recordCloseOutcomes(runId, outcomes);
  if (!run) return;
  const failures = outcomes.filter((o) => o.outcome === 'failed').map((o) => ({ businessId: o.businessId, reason: o.reason ?? 'unknown' }));
  await listFailuresOnRun(run, failures).catch((error: unknown) => logger.warn('failures not listed on the run', { runId, error: error as Error }));
  if (isComplete(run)) await finish(run);
}

export async function closeBusinessMessages(event: SQSEvent): Promise<SQSBatchResponse> {
  const failures = new Map<SQSRecord, unknown>();
  const byRun = new Map<string, { record: SQSRecord; message: CloseMessage }[]>();
  for (const record of event.Records) {
    try {
      const message = parseMessage(record);
      byRun.set(message.runId, [...(byRun.get(message.runId) ?? []), { record, message }]);
    } catch (error) {
      failures.set(record, error);
    }
  }
  for (const [runId, items] of byRun) {
    const outcomes: BusinessOutcome[] = [];
    await inParallel(items, items.length, async ({ record, message }) => {
      try {
        const closed = await closeBusiness(message.businessId, message.today);
        outcomes.push({ businessId: message.businessId, outcome: 'closed', businessDays: closed.days.length, cardDays: closed.cardDays });
      } catch (error) {
        failures.set(record, error);
        logger.error('scan close: a business was not closed', { runId, businessId: message.businessId, error: error as Error });
        if (lastReceive(record)) outcomes.push({ businessId: message.businessId, outcome: 'failed', reason: reasonOf(error) });
      }
    });
    try {
      await count(runId, outcomes);
    } catch (error) {
      // Not counted: the whole batch comes back (closing again changes nothing) and is counted then.
      logger.error('scan close outcomes not counted on the run', { runId, error: error as Error });
      for (const { record } of items) if (!failures.has(record)) failures.set(record, error);
    }
  }
  return { batchItemFailures: [...failures.keys()].map((record) => ({ itemIdentifier: record.messageId })) };
}
