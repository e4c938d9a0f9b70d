// A worker Lambda fed by an SQS queue: an event source with partial batch failure reporting and a concurrency cap, the
// function bound to exactly its job's capabilities. The scan close's fan-out and the webhook deliveries both run so.
import { Duration } from 'aws-cdk-lib';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { Capabilities } from '../functions/routes';
import { AppFunction } from './app-function';
import type { AppEnvironment } from './app-environment';

export interface QueueWorkerProps {
  readonly queue: sqs.IQueue;
  readonly environment: AppEnvironment;
  /** The job's entry and capabilities (functions/routes.ts `jobs`). */
  readonly job: { readonly entry: string; readonly capabilities: Capabilities };
  readonly serviceName: string;
  readonly description: string;
  /** The queue's settings beside its code (timeout, batch size, concurrency). */
  readonly settings: { readonly workerTimeoutSeconds: number; readonly batchSize: number; readonly maxConcurrency: number };
}

export class QueueWorker extends Construct {
  readonly worker: AppFunction;

  constructor(scope: Construct, id: string, props: QueueWorkerProps) {
    super(scope, id);
    this.worker = new AppFunction(this, 'Worker', {
      entry: props.job.entry,
      serviceName: props.serviceName,
      description: props.description,
      timeout: Duration.seconds(props.settings.workerTimeoutSeconds),
      // Both wait on DynamoDB (and endpoints): the smallest memory that runs them.
      memorySize: 256,
      nativeModules: [],
    });
    props.environment.bindTo(this.worker, props.job.capabilities);
    this.worker.function.addEventSource(new SqsEventSource(props.queue, { batchSize: props.settings.batchSize, maxConcurrency: props.settings.maxConcurrency, reportBatchItemFailures: true }));
  }
}
