// The daily scan close's fan-out: the scheduled planner (infra/scheduled-job.ts) queues one message per business on the
// scan close queue, and a worker Lambda, fed by an SQS event source with partial batch failure reporting and a
// concurrency cap, closes each business. A business that fails maxReceiveCount times is parked in the dead-letter
// queue. Settings: functions/src/scan-totals/close-fan-out.ts.
import { Duration } from 'aws-cdk-lib';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { jobs } from '../functions/routes';
import { scanCloseFanOut } from '../functions/src/scan-totals/close-fan-out';
import type { AppEnvironment } from './app-environment';
import { queueWithDeadLetters } from './billing-fan-out';
import { QueueWorker } from './queue-worker';

/** The queue exists before the functions, so that AppEnvironment can hand out its URL with its grants. */
export class ScanCloseQueue extends Construct {
  /** One message per business of a run. */
  readonly queue: sqs.Queue;
  /** Businesses that failed every receive (with their run and business id in the body). */
  readonly deadLetters: sqs.Queue;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const pair = queueWithDeadLetters(this, 'ScanClose', Duration.seconds(scanCloseFanOut.visibilityTimeoutSeconds), scanCloseFanOut.maxReceiveCount, scanCloseFanOut);
    this.queue = pair.queue;
    this.deadLetters = pair.deadLetters;
  }
}

export interface ScanCloseWorkerProps {
  readonly queue: ScanCloseQueue;
  readonly environment: AppEnvironment;
}

export class ScanCloseWorker extends QueueWorker {
  constructor(scope: Construct, id: string, props: ScanCloseWorkerProps) {
    super(scope, id, { queue: props.queue.queue, environment: props.environment, job: jobs.scanCloseWorker, serviceName: 'scan-close-worker', description: 'Closes the ended days of scan counts of the businesses queued by the scan close planner (idempotent)', settings: scanCloseFanOut });
  }
}
