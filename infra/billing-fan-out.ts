// The monthly billing fan-out (issue 20 §3): a planner Lambda queues one message per payer on the billing queue, and a
// worker Lambda, fed by an SQS event source with partial batch failure reporting and a concurrency cap, bills each
// payer. A payer that fails maxReceiveCount times is parked in the billing dead-letter queue. Runs an admin starts go
// through the planning queue to the same planner. Settings: functions/src/jobs/billing-fan-out.ts.
import { Duration } from 'aws-cdk-lib';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { jobs } from '../functions/routes';
import { billingFanOut } from '../functions/src/jobs/billing-fan-out';
import { AppFunction } from './app-function';
import type { AppEnvironment } from './app-environment';
import type { ScheduledJob } from './scheduled-job';

/** Every hour, on the hour: runs still not finished an hour after they started raise an alarm. */
export const BILLING_RUN_CHECK_CRON = 'cron(0 * * * ? *)';

/** A queue with its dead-letter queue: SQS-managed encryption, TLS only (the billing and scan close fan-outs). */
export function queueWithDeadLetters(
  scope: Construct,
  id: string,
  visibilityTimeout: Duration,
  maxReceiveCount: number,
  retention: { retentionDays: number; deadLetterRetentionDays: number } = billingFanOut,
) {
  const deadLetters = new sqs.Queue(scope, `${id}DeadLetterQueue`, {
    encryption: sqs.QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(retention.deadLetterRetentionDays),
  });
  const queue = new sqs.Queue(scope, `${id}Queue`, {
    encryption: sqs.QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(retention.retentionDays),
    visibilityTimeout,
    deadLetterQueue: { queue: deadLetters, maxReceiveCount },
  });
  return { queue, deadLetters };
}

/** The queues exist before the functions, so that AppEnvironment can hand out their URLs with their grants. */
export class BillingQueues extends Construct {
  /** One message per payer of a run. */
  readonly billing: sqs.Queue;
  /** Payers that failed every receive (with their run and payer id in the body). */
  readonly billingDeadLetters: sqs.Queue;
  /** Runs an admin started, for the planner. */
  readonly planning: sqs.Queue;
  readonly planningDeadLetters: sqs.Queue;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const billing = queueWithDeadLetters(this, 'Billing', Duration.seconds(billingFanOut.visibilityTimeoutSeconds), billingFanOut.maxReceiveCount);
    this.billing = billing.queue;
    this.billingDeadLetters = billing.deadLetters;
    // Six times the planner's timeout, as for every SQS event source.
    const planning = queueWithDeadLetters(this, 'Planning', Duration.seconds(6 * billingFanOut.plannerTimeoutSeconds), billingFanOut.maxReceiveCount);
    this.planning = planning.queue;
    this.planningDeadLetters = planning.deadLetters;
  }
}

export interface BillingFanOutProps {
  readonly queues: BillingQueues;
  readonly environment: AppEnvironment;
  /** The planner: the monthly schedule's job (`monthlyInvoices`); it also gets the hourly check and the planning queue. */
  readonly planner: ScheduledJob;
}

export class BillingFanOut extends Construct {
  readonly planner: ScheduledJob;
  readonly worker: AppFunction;
  readonly workerEventSource: SqsEventSource;

  constructor(scope: Construct, id: string, props: BillingFanOutProps) {
    super(scope, id);
    const { queues, environment } = props;

    this.planner = props.planner;
    this.planner.addSchedule('CheckSchedule', {
      description: 'CardCrew billing runs: report runs unfinished an hour after they started (hourly)',
      scheduleExpression: BILLING_RUN_CHECK_CRON,
      input: { source: 'cardcrew.scheduler', job: 'monthlyInvoices', check: true },
    });
    // One planning message at a time per invocation; a failed planning returns its message for a retry.
    this.planner.function.function.addEventSource(new SqsEventSource(queues.planning, { batchSize: 1, maxConcurrency: 2, reportBatchItemFailures: false }));

    this.worker = new AppFunction(this, 'Worker', {
      entry: jobs.billPayers.entry,
      serviceName: 'bill-payers',
      description: 'Bills the payers of a monthly run from the billing queue (once per payer and period)',
      timeout: Duration.seconds(billingFanOut.workerTimeoutSeconds),
      nativeModules: [],
    });
    environment.bindTo(this.worker, jobs.billPayers.capabilities);
    this.workerEventSource = new SqsEventSource(queues.billing, {
      batchSize: billingFanOut.batchSize,
      maxConcurrency: billingFanOut.maxConcurrency,
      reportBatchItemFailures: true,
    });
    this.worker.function.addEventSource(this.workerEventSource);
  }
}
