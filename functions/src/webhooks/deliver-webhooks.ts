// The delivery worker: for each queued delivery that is due, one signed attempt (post-webhook.ts), recorded in the
// delivery log. A failed attempt queues the next one on the backoff schedule (delivery-queue.ts) as a new message, so
// SQS's own redelivery and dead-letter queue are left for the worker's failures (the table unreachable).
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { sendDelayedMessage } from '../adapters/queue';
import { runtimeConfig, webhookQueueConfig } from '../config';
import { logger } from '../lib/logger';
import { webhookDeliveryQueue } from './delivery-queue';
import type { WebhookQueueMessage } from './enqueue-webhook-event';
import { postWebhook, type AttemptOutcome } from './post-webhook';
import { getWebhookDelivery, getWebhookEndpoint, recordWebhookAttempt, type WebhookDeliveryRecord, type WebhookEndpointRecord } from './repository';
import { signedHeaders } from './sign-webhook';

/** When the attempt after `attemptsMade` attempts is due, or null when there is none (the delivery failed). */
export function nextAttemptAt(createdAt: string, attemptsMade: number): string | null {
  const offset = webhookDeliveryQueue.retryScheduleSeconds[attemptsMade - 1];
  return offset === undefined ? null : new Date(Date.parse(createdAt) + offset * 1000).toISOString();
}

/** The secrets that sign now: the current one, and the previous one while its overlap runs. */
export function signingSecrets(endpoint: Pick<WebhookEndpointRecord, 'secret' | 'previousSecret' | 'previousSecretExpiresAt'>, now = Date.now()): string[] {
  const overlap = endpoint.previousSecret && endpoint.previousSecretExpiresAt && Date.parse(endpoint.previousSecretExpiresAt) > now;
  return overlap ? [endpoint.secret, endpoint.previousSecret!] : [endpoint.secret];
}

/** Queues the delivery again for `dueAt` (in hops of at most 15 minutes, SQS's longest delay). */
async function requeue(deliveryId: string, dueAt: string): Promise<void> {
  const seconds = Math.max(0, Math.ceil((Date.parse(dueAt) - Date.now()) / 1000));
  await sendDelayedMessage(webhookQueueConfig().WEBHOOK_QUEUE_URL, { deliveryId } satisfies WebhookQueueMessage, Math.min(seconds, webhookDeliveryQueue.maxDelaySeconds));
}

async function attempt(delivery: WebhookDeliveryRecord, endpoint: WebhookEndpointRecord | null): Promise<AttemptOutcome> {
  if (!endpoint) return { ok: false, error: 'The endpoint was deleted', durationMs: 0 };
  const headers = signedHeaders(delivery.messageId, delivery.payload, signingSecrets(endpoint));
  return postWebhook(endpoint.url, headers, delivery.payload, runtimeConfig().APP_MODE === 'local');
}

/** One queued delivery: nothing when it is settled, a hop when it is not due, else an attempt and what follows. */
export async function deliverOne(deliveryId: string): Promise<void> {
  const delivery = await getWebhookDelivery(deliveryId);
  if (!delivery || delivery.status !== 'pending') return;
  // Due within a second counts as due (SQS's delay is in whole seconds).
  if (delivery.nextAttemptAt && Date.parse(delivery.nextAttemptAt) > Date.now() + 1000) return requeue(deliveryId, delivery.nextAttemptAt);
  const endpoint = await getWebhookEndpoint(delivery.endpointId);
  const at = new Date().toISOString();
  const outcome = await attempt(delivery, endpoint);
  const made = (delivery.attempts ?? []).length + 1;
  const due = outcome.ok || !endpoint ? null : nextAttemptAt(delivery.createdAt, made);
  const status = outcome.ok ? 'succeeded' : due ? 'pending' : 'failed';
  const recorded = await recordWebhookAttempt(
    deliveryId,
    made - 1,
    { at, durationMs: outcome.durationMs, ...(outcome.status ? { status: outcome.status } : {}), ...(outcome.error ? { error: outcome.error } : {}) },
    { status, ...(due ? { nextAttemptAt: due } : {}) },
  );
  if (recorded && due) await requeue(deliveryId, due);
}

/** The SQS event source's batch: deliveries side by side; a message whose handling threw comes back (and, at last, parks). */
export async function deliverWebhookMessages(event: SQSEvent): Promise<SQSBatchResponse> {
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  await Promise.all(
    event.Records.map(async (record: SQSRecord) => {
      try {
        const message = JSON.parse(record.body) as WebhookQueueMessage;
        await deliverOne(message.deliveryId);
      } catch (error) {
        logger.error('webhook delivery failed to run', { messageId: record.messageId, error: error as Error });
        failures.push({ itemIdentifier: record.messageId });
      }
    }),
  );
  return { batchItemFailures: failures };
}
