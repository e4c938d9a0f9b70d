// The worker of the monthly billing fan-out: its SQS event source hands it up to ten payer messages; it bills each
// payer once (billPayer: the guard in the numbering transaction), counts the outcome on the run, and reports the
// payers that failed in `batchItemFailures`, so only those come back — after retryDelaySeconds — and SQS parks one that
// fails maxReceiveCount times in the dead-letter queue. The last failed receive records the payer and the reason on the
// run, so the run still finishes; whoever completes the run marks it finished and reports its failures.
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { mailPacing } from '../adapters/mail';
import { retryMessageAfter } from '../adapters/queue';
import { billingQueueConfig } from '../config';
import { logger } from '../lib/logger';
import { recordMetric } from '../lib/metrics';
import type { PricingPlan } from '../../../shared/schemas/plan';
import { billingFanOut } from './billing-fan-out';
import { finishBillingRun, getBillingRun, isComplete, listFailureOnRun, recordPayerOutcome, type BillingRunRecord, type RunOutcome } from './billing-runs';
import { pacerFor } from './mail-pacing';
import { billingPeriodOf, billPayer, type Payer } from './payers';
import { payerIdOf, type PayerMessage } from './plan-monthly-run';

/** The plans each run was started with, per container (a run's payers are all priced alike). */
const plansOfRun = new Map<string, readonly PricingPlan[]>();

async function runPlans(runId: string): Promise<readonly PricingPlan[]> {
  const cached = plansOfRun.get(runId);
  if (cached) return cached;
  const run = await getBillingRun(runId);
  if (!run?.plans) throw new Error(`Billing run ${runId} has no plans (not planned)`);
  const plans = run.plans as PricingPlan[];
  plansOfRun.set(runId, plans);
  return plans;
}

function parseMessage(record: SQSRecord): PayerMessage {
  const message = JSON.parse(record.body) as Partial<PayerMessage>;
  const payer = message.payer as Payer | undefined;
  if (!message.runId || !message.runDate || !payer || (payer.type !== 'business' && payer.type !== 'agency')) throw new Error('Not a payer message');
  return message as PayerMessage;
}

/** Counts the outcome and, when it completes the run, finishes it (once) and reports its failures. */
async function count(message: PayerMessage, outcome: RunOutcome, details: Parameters<typeof recordPayerOutcome>[3] = {}) {
  const payerId = payerIdOf(message.payer);
  const run = await recordPayerOutcome(message.runId, payerId, outcome, details);
  if (!run) {
    logger.info('payer outcome already counted (message delivered again)', { runId: message.runId, payerId });
    return;
  }
  // Completing the run comes first: listing the failure is informational and must not keep the run open.
  if (isComplete(run)) await finish(run);
  if (outcome === 'failed') await listFailureOnRun(run, { payerType: message.payer.type, payerId, reason: details.reason ?? 'unknown' });
}

async function finish(run: BillingRunRecord) {
  if (!(await finishBillingRun(run.runId))) return;
  recordMetric('BillingRunFailures', run.failed ?? 0);
  logger.info('billing run finished', { runId: run.runId, period: run.period, expected: run.expected, billed: run.billed, alreadyBilled: run.alreadyBilled, skipped: run.skipped, notBillable: run.notBillable, failed: run.failed });
}

/** Bills one payer of a message; throws when it could not (the message is retried). */
async function billOne(message: PayerMessage, instance: string) {
  const plans = await runPlans(message.runId);
  const pacer = await pacerFor(instance);
  const result = await mailPacing.run(pacer, () => billPayer(message.payer, billingPeriodOf(new Date(message.runDate)), plans));
  if (result.outcome === 'billed') {
    recordMetric('InvoicesCreated', 1);
    await count(message, 'billed', { invoiceId: result.invoiceId, mailFailed: result.mail === 'failed' });
  } else if (result.outcome === 'alreadyBilled') await count(message, 'alreadyBilled');
  else await count(message, result.reason === 'noBillableEmployees' ? 'skipped' : 'notBillable');
}

/** The test suite shortens the retry delay (BILLING_RETRY_DELAY_SECONDS) so a failing payer reaches the DLQ in seconds. */
const retryDelaySeconds = () => Number(process.env.BILLING_RETRY_DELAY_SECONDS ?? billingFanOut.retryDelaySeconds);

const reasonOf = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 300);

export async function billPayerMessages(event: SQSEvent, context: Pick<Context, 'logStreamName'>): Promise<SQSBatchResponse> {
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  // One payer after another: the batch's mails keep this invocation's pace, and it is one writer on the invoice number.
  for (const record of event.Records) {
    const receives = Number(record.attributes.ApproximateReceiveCount ?? '1');
    let message: PayerMessage | undefined;
    try {
      message = parseMessage(record);
      await billOne(message, context.logStreamName);
    } catch (error) {
      const reason = reasonOf(error);
      const last = receives >= billingFanOut.maxReceiveCount;
      logger.error('payer not billed', { messageId: record.messageId, runId: message?.runId, payer: message?.payer, receives, last, error: error as Error });
      failures.push({ itemIdentifier: record.messageId });
      // The last try: record the failure on the run (so it finishes); SQS parks the message in the dead-letter queue.
      if (last && message) {
        try {
          await count(message, 'failed', { reason });
        } catch (countError) {
          logger.error('failure not recorded on the run', { runId: message.runId, error: countError as Error });
        }
      }
      try {
        await retryMessageAfter(billingQueueConfig().BILLING_QUEUE_URL, record.receiptHandle, retryDelaySeconds());
      } catch (visibilityError) {
        // It comes back after the full visibility timeout instead.
        logger.warn('retry delay not set', { error: visibilityError as Error });
      }
    }
  }
  return { batchItemFailures: failures };
}
