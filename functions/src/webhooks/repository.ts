// Access patterns of outgoing webhooks: a business's endpoints (gsi2), one endpoint by id, an endpoint's deliveries
// newest first (gsi2), one delivery by id and its attempts.
import type { EntityItem } from 'electrodb';
import { isConditionalFailure } from '../data/conditional';
import { db, type Db } from '../data/entities';

export type WebhookEndpointRecord = EntityItem<Db['webhookEndpoint']>;
export type WebhookDeliveryRecord = EntityItem<Db['webhookDelivery']>;
type AttemptRecord = NonNullable<WebhookDeliveryRecord['attempts']>[number];

/** How long the delivery log keeps a delivery. */
export const DELIVERY_RETENTION_DAYS = 30;

export async function putWebhookEndpoint(endpoint: Omit<WebhookEndpointRecord, 'createdAt'>): Promise<WebhookEndpointRecord> {
  const { data } = await db().webhookEndpoint.create(endpoint).go();
  return data as WebhookEndpointRecord;
}

/** WH-1: a business's endpoints (at most ten). */
export async function listWebhookEndpoints(businessId: string): Promise<WebhookEndpointRecord[]> {
  const { data } = await db().webhookEndpoint.query.byBusiness({ businessId }).go({ pages: 'all' });
  return data;
}

/** WH-2: one endpoint (consistent: a rotated secret or a deletion counts at once). */
export async function getWebhookEndpoint(endpointId: string): Promise<WebhookEndpointRecord | null> {
  const { data } = await db().webhookEndpoint.get({ endpointId }).go({ consistent: true });
  return data;
}

/** A new secret; the current one keeps signing until `previousSecretExpiresAt`. Null when the endpoint is gone. */
export async function rotateWebhookSecret(endpointId: string, secret: string, previousSecret: string, previousSecretExpiresAt: string): Promise<WebhookEndpointRecord | null> {
  try {
    const { data } = await db()
      .webhookEndpoint.patch({ endpointId })
      .set({ secret, previousSecret, previousSecretExpiresAt })
      .go({ response: 'all_new' });
    return data as WebhookEndpointRecord;
  } catch (error) {
    if (isConditionalFailure(error)) return null;
    throw error;
  }
}

/** False when the endpoint was gone already. Its deliveries stay in the log until their TTL. */
export async function deleteWebhookEndpoint(endpointId: string): Promise<boolean> {
  try {
    await db()
      .webhookEndpoint.delete({ endpointId })
      .where((attr, { exists }) => exists(attr.endpointId))
      .go();
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
}

export async function putWebhookDelivery(delivery: Omit<WebhookDeliveryRecord, 'createdAt' | 'expiresAt' | 'attempts' | 'status'>): Promise<WebhookDeliveryRecord> {
  const expiresAt = Math.floor(Date.now() / 1000) + DELIVERY_RETENTION_DAYS * 24 * 60 * 60;
  const { data } = await db()
    .webhookDelivery.create({ ...delivery, status: 'pending', attempts: [], expiresAt })
    .go();
  return data as WebhookDeliveryRecord;
}

/** WH-3: one delivery (consistent: the worker reads what the last attempt wrote). */
export async function getWebhookDelivery(deliveryId: string): Promise<WebhookDeliveryRecord | null> {
  const { data } = await db().webhookDelivery.get({ deliveryId }).go({ consistent: true });
  return data;
}

/** WH-4: an endpoint's latest deliveries, newest first. */
export async function listWebhookDeliveries(endpointId: string, limit: number): Promise<WebhookDeliveryRecord[]> {
  const { data } = await db().webhookDelivery.query.byEndpoint({ endpointId }).go({ order: 'desc', limit });
  return data;
}

/**
 * Adds an attempt and the delivery's new state, only while the delivery is pending with the attempts this worker read
 * (a duplicate SQS message finds it changed and does nothing). False when it lost that race.
 */
export async function recordWebhookAttempt(
  deliveryId: string,
  attemptsBefore: number,
  attempt: AttemptRecord,
  next: { status: 'pending' | 'succeeded' | 'failed'; nextAttemptAt?: string },
): Promise<boolean> {
  try {
    const update = db()
      .webhookDelivery.patch({ deliveryId })
      .append({ attempts: [attempt] })
      .set({ status: next.status });
    await (next.nextAttemptAt ? update.set({ nextAttemptAt: next.nextAttemptAt }) : update.remove(['nextAttemptAt']))
      .where((attr, { eq, size, escape }) => `${eq(attr.status, 'pending')} AND ${size(attr.attempts)} = ${escape(attemptsBefore)}`)
      .go();
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
}

/** A delivery that could not be queued (SQS refused) is marked failed, so the log does not show it pending for ever. */
export async function markWebhookDeliveryFailed(deliveryId: string, error: string): Promise<void> {
  await db()
    .webhookDelivery.patch({ deliveryId })
    .append({ attempts: [{ at: new Date().toISOString(), error, durationMs: 0 }] })
    .set({ status: 'failed' })
    .remove(['nextAttemptAt'])
    .go();
}
