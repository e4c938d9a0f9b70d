// DELETE /api/agencies/{agencyId}/domains/{domainId}: Remove domain; its cards' QR codes fall back to the platform URL.
import { removedCustomDomainSchema } from '@shared/schemas/custom-domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { customDomainKeys } from './list-custom-domains';

export function useRemoveCustomDomain(agencyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domainId: string) =>
      apiRequest(`/api/agencies/${encodeURIComponent(agencyId)}/domains/${encodeURIComponent(domainId)}`, { method: 'DELETE', schema: removedCustomDomainSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customDomainKeys.list(agencyId) }),
  });
}
