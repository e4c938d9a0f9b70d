// The fan-outs locally: the same queues as infra/billing-fan-out.ts, infra/scan-close-fan-out.ts and infra/webhook-deliveries.ts (visibility
// timeouts, redrive after maxReceiveCount) on the local SQS, and their event source mappings — the planning queue to the
// billing planner, the billing queue to its worker, the scan close queue to its worker (batch size and maximum
// concurrency as deployed, partial batch failures).
import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { billingFanOut, localQueueNames } from '../src/jobs/billing-fan-out';
import { localScanCloseQueueNames, scanCloseFanOut } from '../src/scan-totals/close-fan-out';
import { localWebhookQueueNames, webhookDeliveryQueue } from '../src/webhooks/delivery-queue';
import type { LocalSettings } from './settings';
import { startSqsEventSource, type RunningEventSource } from './sqs-event-source';

export function localSqsClient(s: LocalSettings): SQSClient {
  return new SQSClient({ region: s.region, endpoint: `http://${s.host}:${s.sqsPort}`, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
}

async function createQueuePair(client: SQSClient, name: string, deadLetterName: string, visibilityTimeout: number, maxReceiveCount: number) {
  const dlq = await client.send(new CreateQueueCommand({ QueueName: deadLetterName }));
  const dlqArn = (await client.send(new GetQueueAttributesCommand({ QueueUrl: dlq.QueueUrl, AttributeNames: ['QueueArn'] }))).Attributes!.QueueArn!;
  const queue = await client.send(
    new CreateQueueCommand({
      QueueName: name,
      Attributes: { VisibilityTimeout: String(visibilityTimeout), RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlqArn, maxReceiveCount }) },
    }),
  );
  const arn = (await client.send(new GetQueueAttributesCommand({ QueueUrl: queue.QueueUrl, AttributeNames: ['QueueArn'] }))).Attributes!.QueueArn!;
  return { url: queue.QueueUrl!, arn, deadLetterUrl: dlq.QueueUrl! };
}

/** Creates the queues (idempotent). */
export async function ensureFanOutQueues(client: SQSClient) {
  const billing = await createQueuePair(client, localQueueNames.billing, localQueueNames.billingDeadLetters, billingFanOut.visibilityTimeoutSeconds, billingFanOut.maxReceiveCount);
  const planning = await createQueuePair(client, localQueueNames.planning, localQueueNames.planningDeadLetters, 6 * billingFanOut.plannerTimeoutSeconds, billingFanOut.maxReceiveCount);
  const scanClose = await createQueuePair(
    client,
    localScanCloseQueueNames.scanClose,
    localScanCloseQueueNames.scanCloseDeadLetters,
    scanCloseFanOut.visibilityTimeoutSeconds,
    scanCloseFanOut.maxReceiveCount,
  );
  const webhooks = await createQueuePair(
    client,
    localWebhookQueueNames.webhooks,
    localWebhookQueueNames.webhooksDeadLetters,
    webhookDeliveryQueue.visibilityTimeoutSeconds,
    webhookDeliveryQueue.maxReceiveCount,
  );
  return { billing, planning, scanClose, webhooks };
}

/** Starts the event source mappings; the handlers are imported after the environment is set. */
export async function startFanOutEventSources(s: LocalSettings, client: SQSClient, queues: Awaited<ReturnType<typeof ensureFanOutQueues>>): Promise<RunningEventSource[]> {
  const { handler: worker } = await import('../src/jobs/bill-payer-handler');
  const { plan } = await import('../src/jobs/plan-monthly-run-handler');
  const { closeBusinessMessages } = await import('../src/scan-totals/close-worker');
  const { deliverWebhookMessages } = await import('../src/webhooks/deliver-webhooks');
  const onError = (error: unknown) => console.error('event source:', (error as Error).message);
  return [
    startSqsEventSource({
      client,
      queueUrl: queues.planning.url,
      queueArn: queues.planning.arn,
      region: s.region,
      batchSize: 1,
      maxConcurrency: 2,
      timeoutSeconds: billingFanOut.plannerTimeoutSeconds,
      handler: async (event: SQSEvent) => void (await plan(event)),
      onError,
    }),
    startSqsEventSource({
      client,
      queueUrl: queues.billing.url,
      queueArn: queues.billing.arn,
      region: s.region,
      batchSize: billingFanOut.batchSize,
      maxConcurrency: billingFanOut.maxConcurrency,
      timeoutSeconds: billingFanOut.workerTimeoutSeconds,
      handler: (event, context) => worker(event, context),
      onError,
    }),
    startSqsEventSource({
      client,
      queueUrl: queues.scanClose.url,
      queueArn: queues.scanClose.arn,
      region: s.region,
      batchSize: scanCloseFanOut.batchSize,
      maxConcurrency: scanCloseFanOut.maxConcurrency,
      timeoutSeconds: scanCloseFanOut.workerTimeoutSeconds,
      handler: (event) => closeBusinessMessages(event),
      onError,
    }),
    startSqsEventSource({
      client,
      queueUrl: queues.webhooks.url,
      queueArn: queues.webhooks.arn,
      region: s.region,
      batchSize: webhookDeliveryQueue.batchSize,
      maxConcurrency: webhookDeliveryQueue.maxConcurrency,
      timeoutSeconds: webhookDeliveryQueue.workerTimeoutSeconds,
      handler: (event) => deliverWebhookMessages(event),
      onError,
    }),
  ];
}
