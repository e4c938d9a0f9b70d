// POST /api/agencies/{agencyId}/domains: Add domain (issue 21 §2).
import { customDomainSchema, type AddCustomDomainInput } from '@shared/schemas/custom-domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { customDomainKeys } from './list-custom-domains';

export function useAddCustomDomain(agencyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddCustomDomainInput) => apiRequest(`/api/agencies/${encodeURIComponent(agencyId)}/domains`, { method: 'POST', body: input, schema: customDomainSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customDomainKeys.list(agencyId) }),
  });
}
