// The worker of the monthly billing fan-out: its SQS event source hands it up to ten payer messages. It reads each
// payer's invoice (in parallel), numbers and writes the batch's invoices with their monthly guards in one gapless
// transaction (so the racing workers take the invoice number once per batch, not once per payer), mails each new
// invoice at its share of the SES rate, and counts the outcomes on the run in one transaction. A payer that fails is
// reported in `batchItemFailures`, so only it comes back — after retryDelaySeconds — and SQS parks one that fails
// maxReceiveCount times in the dead-letter queue; that last failed receive records the payer and the reason on the run,
// so the run still finishes. Whoever completes the run marks it finished and reports its failures (BillingRunFailures).
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { mailPacing } from '../adapters/mail';
import { retryMessageAfter } from '../adapters/queue';
import { billingQueueConfig } from '../config';
import { recordBilledAgencyMonth } from '../agency/figures';
import { sendInvoiceMail } from '../invoices/send-invoice-mail';
import { logger } from '../lib/logger';
import { recordMetric } from '../lib/metrics';
import type { PricingPlan } from '../../../shared/schemas/plan';
import { billingFanOut } from './billing-fan-out';
import { finishBillingRun, getBillingRun, isComplete, listFailureOnRun, recordPayerOutcomes, type BillingRunRecord, type PayerOutcomeRecord } from './billing-runs';
import { pacerFor } from './mail-pacing';
import { billingPeriodOf, preparePayerInvoice, type Payer } from './payers';
import { payerIdOf, type PayerMessage } from './plan-monthly-run';
import { assertInvoiceWritable, createNumberedInvoices, guardClients, type UnnumberedInvoice } from '../invoices/billing-repository';

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

/** The test suite shortens the retry delay (BILLING_RETRY_DELAY_SECONDS) so a failing payer reaches the DLQ in seconds. */
const retryDelaySeconds = () => Number(process.env.BILLING_RETRY_DELAY_SECONDS ?? billingFanOut.retryDelaySeconds);
const reasonOf = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 300);

interface Item {
  record: SQSRecord;
  message: PayerMessage;
}

async function finish(run: BillingRunRecord) {
  if (!(await finishBillingRun(run.runId))) return;
  recordMetric('BillingRunFailures', run.failed ?? 0);
  logger.info('billing run finished', { runId: run.runId, period: run.period, expected: run.expected, billed: run.billed, alreadyBilled: run.alreadyBilled, skipped: run.skipped, notBillable: run.notBillable, failed: run.failed });
}

/** Counts outcomes of one run, finishes it when they complete it, and lists its failures. */
async function count(runId: string, outcomes: PayerOutcomeRecord[], payerTypes: Map<string, Payer['type']>) {
  const run = await recordPayerOutcomes(runId, outcomes);
  if (!run) return;
  // Failures are listed before the run is finished, so a finished run shows them; listing is informational, so a
  // failure to list one is logged and never keeps the run open.
  for (const o of outcomes.filter((x) => x.outcome === 'failed')) {
    await listFailureOnRun(run, { payerType: payerTypes.get(o.payerId) ?? 'business', payerId: o.payerId, reason: o.reason ?? 'unknown' }).catch((error: unknown) =>
      logger.warn('failure not listed on the run', { runId, payerId: o.payerId, error: error as Error }),
    );
  }
  if (isComplete(run)) await finish(run);
}

/**
 * Bills the payers of one run in a batch. Returns the items that failed, with why; the others are billed (or found
 * billed already, or skipped) and counted.
 */
async function billRunBatch(runId: string, items: Item[], instance: string): Promise<Map<Item, unknown>> {
  const failed = new Map<Item, unknown>();
  const plans = await runPlans(runId);
  const billing = billingPeriodOf(new Date(items[0]!.message.runDate));
  const outcomes: PayerOutcomeRecord[] = [];
  const toNumber: { item: Item; invoice: UnnumberedInvoice }[] = [];

  const prepared = await Promise.allSettled(items.map((item) => preparePayerInvoice(item.message.payer, billing, plans)));
  prepared.forEach((p, i) => {
    const item = items[i]!;
    const payerId = payerIdOf(item.message.payer);
    if (p.status === 'rejected') return void failed.set(item, p.reason);
    const value = p.value;
    if ('outcome' in value) {
      outcomes.push({ payerId, outcome: value.outcome === 'alreadyBilled' ? 'alreadyBilled' : value.reason === 'noBillableEmployees' ? 'skipped' : 'notBillable' });
      return;
    }
    // An invoice the data layer would refuse fails its own payer, not the whole batch's transaction.
    try {
      assertInvoiceWritable(value);
      toNumber.push({ item, invoice: value });
    } catch (error) {
      failed.set(item, error);
    }
  });

  if (toNumber.length > 0) {
    let numbered: Awaited<ReturnType<typeof createNumberedInvoices>>;
    try {
      numbered = await createNumberedInvoices(
        toNumber.map((t) => t.invoice),
        { year: billing.year, period: billing.period },
      );
    } catch (error) {
      for (const { item } of toNumber) failed.set(item, error);
      numbered = new Map();
    }
    const pacer = await pacerFor(instance);
    for (const { item, invoice } of toNumber) {
      const result = numbered.get(invoice.invoiceId);
      if (!result) continue;
      const payerId = payerIdOf(item.message.payer);
      if (result.outcome === 'alreadyBilled') {
        outcomes.push({ payerId, outcome: 'alreadyBilled' });
        continue;
      }
      // An agency invoice guards its clients for the month (after it is written: see guardClients). A failure is logged,
      // not the payer's: its invoice stands, and any later run of the month writes the guards (reguardAgencyClients).
      if (invoice.lines) {
        await guardClients(invoice.lines.map((line) => line.businessId), billing.period, invoice.invoiceId).catch((error: unknown) =>
          logger.warn('client guards not written; the next run of the month writes them', { invoiceId: invoice.invoiceId, error: error as Error }),
        );
        // The agency's figures for the billed month: what next month's Growth Rate is measured against. Informational:
        // a failure is logged, the invoice stands (a price change of the month records them again).
        await recordBilledAgencyMonth(invoice, billing.period).catch((error: unknown) =>
          logger.warn("agency's month not recorded", { agencyId: invoice.businessId, error: error as Error }),
        );
      }
      // Mailed like an invoice an admin creates, at this invocation's share of the SES rate; a failure is counted, the invoice stays.
      const mail = await mailPacing.run(pacer, () => sendInvoiceMail({ ...invoice, invoiceNumber: result.invoiceNumber }));
      outcomes.push({ payerId, outcome: 'billed', invoiceId: invoice.invoiceId, mailFailed: mail === 'failed' });
    }
    const created = outcomes.filter((o) => o.outcome === 'billed').length;
    if (created > 0) recordMetric('InvoicesCreated', created);
  }

  // The last receive of a failing payer: its failure is counted with the others, so the run can finish.
  for (const [item, error] of failed) {
    if (Number(item.record.attributes.ApproximateReceiveCount ?? '1') >= billingFanOut.maxReceiveCount) outcomes.push({ payerId: payerIdOf(item.message.payer), outcome: 'failed', reason: reasonOf(error) });
  }
  const payerTypes = new Map(items.map((item) => [payerIdOf(item.message.payer), item.message.payer.type]));
  try {
    await count(runId, outcomes, payerTypes);
  } catch (error) {
    // Not counted: every payer of the batch comes back; billing them again finds their guards ('already billed').
    logger.error('outcomes not counted on the run', { runId, error: error as Error });
    for (const item of items) if (!failed.has(item)) failed.set(item, error);
  }
  return failed;
}

export async function billPayerMessages(event: SQSEvent, context: Pick<Context, 'logStreamName'>): Promise<SQSBatchResponse> {
  const failures = new Map<SQSRecord, unknown>();
  const byRun = new Map<string, Item[]>();
  for (const record of event.Records) {
    try {
      const message = parseMessage(record);
      byRun.set(message.runId, [...(byRun.get(message.runId) ?? []), { record, message }]);
    } catch (error) {
      failures.set(record, error);
    }
  }
  for (const [runId, items] of byRun) {
    try {
      for (const [item, error] of await billRunBatch(runId, items, context.logStreamName)) failures.set(item.record, error);
    } catch (error) {
      for (const item of items) failures.set(item.record, error);
    }
  }
  for (const [record, error] of failures) {
    logger.error('payer not billed', { messageId: record.messageId, receives: record.attributes.ApproximateReceiveCount, error: error as Error });
    try {
      await retryMessageAfter(billingQueueConfig().BILLING_QUEUE_URL, record.receiptHandle, retryDelaySeconds());
    } catch (visibilityError) {
      // It comes back after the full visibility timeout instead.
      logger.warn('retry delay not set', { error: visibilityError as Error });
    }
  }
  return { batchItemFailures: [...failures.keys()].map((record) => ({ itemIdentifier: record.messageId })) };
}
