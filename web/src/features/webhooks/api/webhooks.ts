// Company Settings → Webhooks: the business's endpoints, adding (the secret comes back once), deleting, rotating the
// secret, sending a test event, the delivery log and replays.
import {
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookSecretSchema,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookEndpointCreateInput,
  type WebhookEndpointList,
  type WebhookSecret,
} from '@shared/schemas/webhooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export const webhookKeys = {
  endpoints: (businessId: string) => ['webhooks', businessId] as const,
  deliveries: (businessId: string, endpointId: string) => ['webhooks', businessId, endpointId, 'deliveries'] as const,
};

const base = (businessId: string) => `/api/businesses/${encodeURIComponent(businessId)}/webhooks`;
const endpointPath = (businessId: string, endpointId: string) => `${base(businessId)}/${encodeURIComponent(endpointId)}`;

export function useWebhookEndpoints(businessId: string) {
  return useQuery({
    queryKey: webhookKeys.endpoints(businessId),
    queryFn: ({ signal }): Promise<WebhookEndpointList> => apiRequest(base(businessId), { schema: webhookEndpointListSchema, signal }),
  });
}

export function useCreateWebhookEndpoint(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WebhookEndpointCreateInput): Promise<WebhookSecret> => apiRequest(base(businessId), { method: 'POST', body: input, schema: webhookSecretSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints(businessId) }),
  });
}

export function useDeleteWebhookEndpoint(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpointId: string) => apiRequest(endpointPath(businessId, endpointId), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints(businessId) }),
  });
}

export function useRotateWebhookSecret(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpointId: string): Promise<WebhookSecret> => apiRequest(`${endpointPath(businessId, endpointId)}/secret`, { method: 'POST', schema: webhookSecretSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints(businessId) }),
  });
}

/** The delivery log; while a delivery is pending it is read again every few seconds. */
export function useWebhookDeliveries(businessId: string, endpointId: string) {
  return useQuery({
    queryKey: webhookKeys.deliveries(businessId, endpointId),
    queryFn: ({ signal }): Promise<WebhookDeliveryList> => apiRequest(`${endpointPath(businessId, endpointId)}/deliveries`, { schema: webhookDeliveryListSchema, signal }),
    refetchInterval: (query) => (query.state.data?.deliveries.some((d) => d.status === 'pending') ? 2000 : false),
  });
}

export function useSendWebhookTestEvent(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpointId: string): Promise<WebhookDelivery> => apiRequest(`${endpointPath(businessId, endpointId)}/test`, { method: 'POST', schema: webhookDeliverySchema }),
    onSuccess: (_data, endpointId) => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(businessId, endpointId) }),
  });
}

export function useReplayWebhookDelivery(businessId: string, endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string): Promise<WebhookDelivery> =>
      apiRequest(`${endpointPath(businessId, endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/replay`, { method: 'POST', schema: webhookDeliverySchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(businessId, endpointId) }),
  });
}
