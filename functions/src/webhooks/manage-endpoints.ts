// Company Settings → Webhooks: an owner (or admin, the managing agency, a platform admin: the 'settings' capability)
// adds endpoints and sees each secret once, rotates it with a 24-hour overlap, sends a test event, reads the delivery
// log and replays a delivery. The URL rules (https, no private address) are checked here and again at each attempt.
import { webhookMessages } from '../../../shared/messages/webhooks';
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookEndpoint,
  type WebhookEndpointCreateInput,
  type WebhookEndpointList,
  type WebhookSecret,
} from '../../../shared/schemas/webhooks';
import { runtimeConfig } from '../config';
import type { Caller } from '../identity/caller';
import { assertMay } from '../identity/access';
import { AppError, notFound } from '../lib/errors';
import { newId } from '../lib/ids';
import { urlProblem, type UrlProblem } from './address-rules';
import { queueDelivery, webhookPayload } from './enqueue-webhook-event';
import {
  deleteWebhookEndpoint,
  getWebhookDelivery,
  getWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  putWebhookEndpoint,
  rotateWebhookSecret,
  type WebhookDeliveryRecord,
  type WebhookEndpointRecord,
} from './repository';
import { newWebhookSecret } from './sign-webhook';

/** After a rotation the previous secret signs beside the new one this long. */
export const SECRET_OVERLAP_HOURS = 24;
/** The delivery log shows an endpoint's latest deliveries. */
export const DELIVERY_LOG_SIZE = 50;

const problemMessages: Record<UrlProblem, string> = {
  invalid: webhookMessages.urlInvalid,
  notHttps: webhookMessages.urlNotHttps,
  privateAddress: webhookMessages.urlPrivate,
  credentials: webhookMessages.urlCredentials,
};

const toEndpointDto = (e: WebhookEndpointRecord, now = Date.now()): WebhookEndpoint => ({
  id: e.endpointId,
  url: e.url,
  description: e.description ?? '',
  events: e.events as WebhookEndpoint['events'],
  createdAt: e.createdAt,
  previousSecretExpiresAt: e.previousSecretExpiresAt && Date.parse(e.previousSecretExpiresAt) > now ? e.previousSecretExpiresAt : null,
});

const toDeliveryDto = (d: WebhookDeliveryRecord): WebhookDelivery => ({
  id: d.deliveryId,
  messageId: d.messageId,
  eventType: d.eventType,
  status: d.status,
  createdAt: d.createdAt,
  nextAttemptAt: d.status === 'pending' ? (d.nextAttemptAt ?? null) : null,
  attempts: (d.attempts ?? []).map((a) => ({ at: a.at, status: a.status ?? null, error: a.error ?? null, durationMs: a.durationMs })),
  replayOf: d.replayOf ?? null,
});

/** The endpoint, when it is this business's (another business's is 'not found', as one that never was). */
async function endpointOf(caller: Caller, businessId: string, endpointId: string): Promise<WebhookEndpointRecord> {
  await assertMay(caller, businessId, 'settings');
  const endpoint = await getWebhookEndpoint(endpointId);
  if (!endpoint || endpoint.businessId !== businessId) throw notFound(webhookMessages.endpointNotFound);
  return endpoint;
}

export async function listEndpoints(caller: Caller, businessId: string): Promise<WebhookEndpointList> {
  await assertMay(caller, businessId, 'settings');
  const endpoints = await listWebhookEndpoints(businessId);
  return { endpoints: endpoints.sort((a, b) => a.createdAt.localeCompare(b.createdAt)).map((e) => toEndpointDto(e)) };
}

export async function createEndpoint(caller: Caller, businessId: string, input: WebhookEndpointCreateInput): Promise<WebhookSecret> {
  await assertMay(caller, businessId, 'settings');
  const problem = urlProblem(input.url, runtimeConfig().APP_MODE === 'local');
  if (problem) throw new AppError('VALIDATION_FAILED', problemMessages[problem], { url: problemMessages[problem] });
  // Two adds at once could both pass the count (eleven endpoints); deleting one is the remedy.
  if ((await listWebhookEndpoints(businessId)).length >= MAX_WEBHOOK_ENDPOINTS) throw new AppError('CONFLICT', webhookMessages.tooManyEndpoints);
  const secret = newWebhookSecret();
  const endpoint = await putWebhookEndpoint({
    endpointId: newId(),
    businessId,
    url: input.url,
    description: input.description ?? '',
    events: [...new Set(input.events)],
    secret,
    createdBy: caller.userId,
  });
  return { endpoint: toEndpointDto(endpoint), secret };
}

export async function deleteEndpoint(caller: Caller, businessId: string, endpointId: string): Promise<void> {
  await endpointOf(caller, businessId, endpointId);
  if (!(await deleteWebhookEndpoint(endpointId))) throw notFound(webhookMessages.endpointNotFound);
}

/** A new secret, shown once; the old one keeps signing for SECRET_OVERLAP_HOURS (both signatures in the header). */
export async function rotateSecret(caller: Caller, businessId: string, endpointId: string): Promise<WebhookSecret> {
  const endpoint = await endpointOf(caller, businessId, endpointId);
  const secret = newWebhookSecret();
  const expires = new Date(Date.now() + SECRET_OVERLAP_HOURS * 3600 * 1000).toISOString();
  const rotated = await rotateWebhookSecret(endpointId, secret, endpoint.secret, expires);
  if (!rotated) throw notFound(webhookMessages.endpointNotFound);
  return { endpoint: toEndpointDto(rotated), secret };
}

/** 'Send test event': a `webhook.test` event to this endpoint only, whatever events it takes. */
export async function sendTestEvent(caller: Caller, businessId: string, endpointId: string): Promise<WebhookDelivery> {
  const endpoint = await endpointOf(caller, businessId, endpointId);
  const payload = webhookPayload(WEBHOOK_TEST_EVENT, { endpointId, message: 'A test event from CardCrew' });
  return toDeliveryDto(await queueDelivery(endpoint, { messageId: `msg_${newId()}`, eventType: WEBHOOK_TEST_EVENT, payload }));
}

export async function listDeliveries(caller: Caller, businessId: string, endpointId: string): Promise<WebhookDeliveryList> {
  await endpointOf(caller, businessId, endpointId);
  return { deliveries: (await listWebhookDeliveries(endpointId, DELIVERY_LOG_SIZE)).map(toDeliveryDto) };
}

/** Replay: the same event (id and body) delivered again as a new delivery with its own attempts. */
export async function replayDelivery(caller: Caller, businessId: string, endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
  const endpoint = await endpointOf(caller, businessId, endpointId);
  const original = await getWebhookDelivery(deliveryId);
  if (!original || original.endpointId !== endpointId) throw notFound(webhookMessages.deliveryNotFound);
  const replay = await queueDelivery(endpoint, { messageId: original.messageId, eventType: original.eventType, payload: original.payload, replayOf: original.deliveryId });
  return toDeliveryDto(replay);
}
