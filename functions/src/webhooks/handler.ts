// The `webhooks` area Lambda: Company Settings → Webhooks (endpoints, secrets, test events, the delivery log, replays).
import { webhooksRoutes } from '../../routes/webhooks';
import { raw } from '../http/http';
import { httpHandler } from '../http/http-handler';
import { createEndpoint, deleteEndpoint, listDeliveries, listEndpoints, replayDelivery, rotateSecret, sendTestEvent } from './manage-endpoints';

export const handler = httpHandler(webhooksRoutes, {
  listWebhookEndpoints: async ({ caller, params }) => listEndpoints(caller, params.businessId),
  createWebhookEndpoint: async ({ caller, params, body }) => createEndpoint(caller, params.businessId, body),
  deleteWebhookEndpoint: async ({ caller, params }) => {
    await deleteEndpoint(caller, params.businessId, params.endpointId);
    return raw({ status: 204, headers: { 'cache-control': 'no-store' }, body: '' });
  },
  rotateWebhookSecret: async ({ caller, params }) => rotateSecret(caller, params.businessId, params.endpointId),
  sendWebhookTestEvent: async ({ caller, params }) => sendTestEvent(caller, params.businessId, params.endpointId),
  listWebhookDeliveries: async ({ caller, params }) => listDeliveries(caller, params.businessId, params.endpointId),
  replayWebhookDelivery: async ({ caller, params }) => replayDelivery(caller, params.businessId, params.endpointId, params.deliveryId),
});
