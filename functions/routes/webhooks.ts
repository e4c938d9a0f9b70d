// Outgoing webhooks: the `webhooks` area's routes (Company Settings → Webhooks). The deliveries themselves go out from
// the delivery worker (a queue consumer, functions/routes.ts `jobs`), not from these routes.
import { webhookDeliveryListSchema, webhookDeliverySchema, webhookEndpointCreateSchema, webhookEndpointListSchema, webhookSecretSchema } from '../../shared/schemas/webhooks';
import { defineRoutes } from './define';

const endpointPath = '/api/businesses/{businessId}/webhooks/{endpointId}';

export const webhooksRoutes = defineRoutes('webhooks', {
  listWebhookEndpoints: {
    method: 'GET',
    path: '/api/businesses/{businessId}/webhooks',
    auth: 'user',
    throttle: 'standard',
    summary: "The business's webhook endpoints (URL, events, created; never the secret)",
    response: webhookEndpointListSchema,
    scoped: true,
  },
  createWebhookEndpoint: {
    method: 'POST',
    path: '/api/businesses/{businessId}/webhooks',
    auth: 'user',
    throttle: 'strict',
    summary: 'Add a webhook endpoint (https, a public address; at most ten per business, 409 beyond). Its signing secret is shown once in this answer',
    body: webhookEndpointCreateSchema,
    response: webhookSecretSchema,
    creates: true,
    scoped: true,
  },
  deleteWebhookEndpoint: {
    method: 'DELETE',
    path: endpointPath,
    auth: 'user',
    throttle: 'standard',
    summary: 'Delete a webhook endpoint: nothing more is sent to it (its delivery log stays 30 days)',
    scoped: true,
  },
  rotateWebhookSecret: {
    method: 'POST',
    path: `${endpointPath}/secret`,
    auth: 'user',
    throttle: 'strict',
    summary: 'A new signing secret, shown once; the previous one keeps signing beside it for 24 hours',
    response: webhookSecretSchema,
    scoped: true,
  },
  sendWebhookTestEvent: {
    method: 'POST',
    path: `${endpointPath}/test`,
    auth: 'user',
    throttle: 'strict',
    summary: 'Queue a webhook.test event to this endpoint; the answer is its delivery',
    response: webhookDeliverySchema,
    accepts: true,
    scoped: true,
  },
  listWebhookDeliveries: {
    method: 'GET',
    path: `${endpointPath}/deliveries`,
    auth: 'user',
    throttle: 'standard',
    summary: "The endpoint's delivery log: its latest 50 deliveries, newest first, with every attempt",
    response: webhookDeliveryListSchema,
    scoped: true,
  },
  replayWebhookDelivery: {
    method: 'POST',
    path: `${endpointPath}/deliveries/{deliveryId}/replay`,
    auth: 'user',
    throttle: 'strict',
    summary: 'Deliver the same event (same webhook-id and body) again, as a new delivery',
    response: webhookDeliverySchema,
    accepts: true,
    scoped: true,
  },
});
