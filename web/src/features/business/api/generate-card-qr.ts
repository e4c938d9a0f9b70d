// POST /api/businesses/{businessId}/cards/{cardId}/qr: generates (or regenerates) a card's QR code.
import { cardSchema, type Card } from '@shared/schemas/employee';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { dashboardKeys, mapCachedEmployees, type DashboardPages } from './get-dashboard';

export function generateCardQr(businessId: string, cardId: string): Promise<Card> {
  return apiRequest(`/api/businesses/${encodeURIComponent(businessId)}/cards/${encodeURIComponent(cardId)}/qr`, {
    method: 'POST',
    body: {}, // an empty JSON body keeps POST uniform for the API's JSON middleware
    schema: cardSchema,
  });
}

export function useGenerateCardQr(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cardId: string) => generateCardQr(businessId, cardId),
    // Patch the card in place rather than refetching the whole dashboard once per generated code.
    onSuccess: (card) =>
      queryClient.setQueryData<DashboardPages>(dashboardKeys.detail(businessId), (data) =>
        mapCachedEmployees(data, (employee) => (employee.card?.id === card.id ? { ...employee, card } : employee)),
      ),
  });
}
