// /api/agencies/{agencyId}/sending-domain: the agency's sending domain (GET reads SES's state back), Add and Remove.
import { removedSendingDomainSchema, sendingDomainSchema, sendingDomainViewSchema, type AddSendingDomainInput } from '@shared/schemas/sending-domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

const pathOf = (agencyId: string) => `/api/agencies/${encodeURIComponent(agencyId)}/sending-domain`;
export const sendingDomainKeys = { view: (agencyId: string) => ['agency', agencyId, 'sending-domain'] as const };

export function useSendingDomain(agencyId: string) {
  return useQuery({
    queryKey: sendingDomainKeys.view(agencyId),
    queryFn: ({ signal }) => apiRequest(pathOf(agencyId), { schema: sendingDomainViewSchema, signal }),
    // While SES looks for the DKIM records, look again every few seconds (the API reads SES at most every 2 s).
    refetchInterval: (query) => (query.state.data?.sendingDomain?.state === 'pending' ? 5000 : false),
  });
}

export function useAddSendingDomain(agencyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddSendingDomainInput) => apiRequest(pathOf(agencyId), { method: 'POST', body: input, schema: sendingDomainSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sendingDomainKeys.view(agencyId) }),
  });
}

export function useRemoveSendingDomain(agencyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(pathOf(agencyId), { method: 'DELETE', schema: removedSendingDomainSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sendingDomainKeys.view(agencyId) }),
  });
}
