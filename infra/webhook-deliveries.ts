// Outgoing webhooks: every area that raises an event queues one message per delivery on the webhook queue, and a worker
// Lambda, fed by an SQS event source with partial batch failure reporting and a concurrency cap, makes each attempt.
// A failed attempt is not a failed message (the worker queues the retry itself); only a message the worker could not
// handle maxReceiveCount times is parked in the dead-letter queue. Settings: functions/src/webhooks/delivery-queue.ts.
import { Duration } from 'aws-cdk-lib';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { jobs } from '../functions/routes';
import { webhookDeliveryQueue } from '../functions/src/webhooks/delivery-queue';
import type { AppEnvironment } from './app-environment';
import { queueWithDeadLetters } from './billing-fan-out';
import { QueueWorker } from './queue-worker';

/** The queue exists before the functions, so that AppEnvironment can hand out its URL with its grants. */
export class WebhookQueue extends Construct {
  /** One message per delivery attempt due (a retry more than 15 minutes away hops through it). */
  readonly queue: sqs.Queue;
  /** Deliveries whose handling failed on every receive (the delivery id in the body). */
  readonly deadLetters: sqs.Queue;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const pair = queueWithDeadLetters(this, 'Webhooks', Duration.seconds(webhookDeliveryQueue.visibilityTimeoutSeconds), webhookDeliveryQueue.maxReceiveCount, webhookDeliveryQueue);
    this.queue = pair.queue;
    this.deadLetters = pair.deadLetters;
  }
}

export interface WebhookWorkerProps {
  readonly queue: WebhookQueue;
  readonly environment: AppEnvironment;
}

export class WebhookWorker extends QueueWorker {
  constructor(scope: Construct, id: string, props: WebhookWorkerProps) {
    super(scope, id, { queue: props.queue.queue, environment: props.environment, job: jobs.webhookDeliveries, serviceName: 'webhook-deliveries', description: "Delivers queued webhooks to businesses' endpoints, signed (Standard Webhooks), retried on a 24-hour backoff", settings: webhookDeliveryQueue });
  }
}
