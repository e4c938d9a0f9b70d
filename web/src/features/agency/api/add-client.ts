// POST /api/agency/clients: Add Client.
import { agencyClientSummarySchema, type AddClient } from '@shared/schemas/agency';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { agencyKeys } from './get-agency-dashboard';

export function useAddClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (client: AddClient) => apiRequest('/api/agency/clients', { method: 'POST', body: client, schema: agencyClientSummarySchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agencyKeys.dashboard }),
  });
}
