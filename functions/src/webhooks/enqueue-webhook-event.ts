// The producer side of outgoing webhooks, for any higher area that raises an event (a lead, an employee, an invoice):
// one delivery per endpoint of the business that takes the event type, each queued for the delivery worker. It never
// fails the caller's action: a business without endpoints costs one Query, and a failure is logged and the delivery
// marked failed.
import { WEBHOOK_TEST_EVENT, type WebhookEventType } from '../../../shared/schemas/webhooks';
import { sendMessage } from '../adapters/queue';
import { webhookQueueConfig } from '../config';
import { newId } from '../lib/ids';
import { logger } from '../lib/logger';
import { listWebhookEndpoints, markWebhookDeliveryFailed, putWebhookDelivery, type WebhookDeliveryRecord, type WebhookEndpointRecord } from './repository';

/** The queue message: the worker reads everything else from the delivery. */
export interface WebhookQueueMessage {
  deliveryId: string;
}

/** The JSON body Standard Webhooks recommends: type, timestamp, data. */
export function webhookPayload(type: string, data: Record<string, unknown>, at = new Date()): string {
  return JSON.stringify({ type, timestamp: at.toISOString(), data });
}

/** Stores a delivery of `payload` to `endpoint` and queues it; the delivery log shows it at once. */
export async function queueDelivery(
  endpoint: Pick<WebhookEndpointRecord, 'endpointId' | 'businessId'>,
  event: { messageId: string; eventType: string; payload: string; replayOf?: string },
): Promise<WebhookDeliveryRecord> {
  const delivery = await putWebhookDelivery({ deliveryId: newId(), endpointId: endpoint.endpointId, businessId: endpoint.businessId, ...event });
  try {
    await sendMessage(webhookQueueConfig().WEBHOOK_QUEUE_URL, { deliveryId: delivery.deliveryId } satisfies WebhookQueueMessage);
  } catch (error) {
    logger.error('webhook delivery not queued', { deliveryId: delivery.deliveryId, error: error as Error });
    await markWebhookDeliveryFailed(delivery.deliveryId, 'Could not be queued');
    return { ...delivery, status: 'failed' };
  }
  return delivery;
}

/** Sends `type` with `data` to every endpoint of the business that takes it. Resolves to the number of deliveries. */
export async function enqueueWebhookEvent(businessId: string, type: WebhookEventType | typeof WEBHOOK_TEST_EVENT, data: Record<string, unknown>): Promise<number> {
  try {
    const endpoints = (await listWebhookEndpoints(businessId)).filter((e) => e.events.includes(type));
    if (endpoints.length === 0) return 0;
    // One event, one id and one body: every endpoint gets the same (each signs with its own secret).
    const messageId = `msg_${newId()}`;
    const payload = webhookPayload(type, data);
    await Promise.all(endpoints.map((endpoint) => queueDelivery(endpoint, { messageId, eventType: type, payload })));
    return endpoints.length;
  } catch (error) {
    logger.error('webhook event not queued', { businessId, type, error: error as Error });
    return 0;
  }
}
