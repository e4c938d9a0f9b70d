// Outgoing webhooks (Company Settings → Webhooks): the endpoints an owner adds, the events they take, the delivery log.
// Deliveries are signed by the Standard Webhooks scheme (webhook-id, webhook-timestamp, webhook-signature).
import * as z from '../zod';
import { webhookMessages } from '../messages/webhooks';
import { cleanText } from './common';

/** The events an endpoint can take; `webhook.test` is sent by 'Send test event' only. */
export const webhookEventTypes = ['lead.created', 'employee.created', 'employee.updated', 'employee.deactivated', 'card.scanned', 'invoice.paid'] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** At most this many endpoints per business. */
export const MAX_WEBHOOK_ENDPOINTS = 10;

export const webhookEndpointCreateSchema = z.strictObject({
  url: cleanText({}, webhookMessages.urlRequired).check(
    z.minLength(1, webhookMessages.urlRequired),
    z.maxLength(2048, 'Must be at most 2048 characters'),
    z.refine((v) => /^https?:\/\/[^\s/]+/i.test(v) && URL.canParse(v), webhookMessages.urlInvalid),
  ),
  description: z.optional(cleanText().check(z.maxLength(200, 'Must be at most 200 characters'))),
  events: z.array(z.enum(webhookEventTypes)).check(z.minLength(1, webhookMessages.eventsRequired), z.maxLength(webhookEventTypes.length)),
});
export type WebhookEndpointCreateInput = z.input<typeof webhookEndpointCreateSchema>;

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(webhookEventTypes)),
  createdAt: z.string(),
  /** While the previous secret still signs (24 h after a rotation); null: one secret. */
  previousSecretExpiresAt: z.nullable(z.string()),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>;

/** The answer to a create or a rotation: the secret, shown once and never again. */
export const webhookSecretSchema = z.object({ endpoint: webhookEndpointSchema, secret: z.string() });
export type WebhookSecret = z.infer<typeof webhookSecretSchema>;

export const webhookAttemptSchema = z.object({
  at: z.string(),
  status: z.nullable(z.number()),
  error: z.nullable(z.string()),
  durationMs: z.number(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliveryStatuses = ['pending', 'succeeded', 'failed'] as const;
export const webhookDeliverySchema = z.object({
  id: z.string(),
  /** The webhook-id header: the event's id, the same on every attempt and on a replay. */
  messageId: z.string(),
  eventType: z.string(),
  status: z.enum(webhookDeliveryStatuses),
  createdAt: z.string(),
  nextAttemptAt: z.nullable(z.string()),
  attempts: z.array(webhookAttemptSchema),
  /** A replay's original delivery. */
  replayOf: z.nullable(z.string()),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;
