// POST /api/agencies/{agencyId}/domains/{domainId}/move-qr-codes: cards whose QR codes encode the platform's address
// get new ones with the active domain; answers the domain with its counts, which the list then shows.
import { customDomainSchema } from '@shared/schemas/custom-domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { customDomainKeys } from './list-custom-domains';

export function useMoveQrCodes(agencyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domainId: string) =>
      apiRequest(`/api/agencies/${encodeURIComponent(agencyId)}/domains/${encodeURIComponent(domainId)}/move-qr-codes`, { method: 'POST', schema: customDomainSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customDomainKeys.list(agencyId) }),
  });
}
