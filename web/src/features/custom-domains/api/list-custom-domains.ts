// GET /api/agencies/{agencyId}/domains: the agency's custom domains with their state (issue 21 §2).
import { customDomainListSchema } from '@shared/schemas/custom-domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export const customDomainKeys = {
  list: (agencyId: string) => ['agency', agencyId, 'domains'] as const,
};

export function useCustomDomains(agencyId: string) {
  return useQuery({
    queryKey: customDomainKeys.list(agencyId),
    queryFn: ({ signal }) => apiRequest(`/api/agencies/${encodeURIComponent(agencyId)}/domains`, { schema: customDomainListSchema, signal }),
    // While a domain is on its way (DNS, certificate), look again every few seconds; the API reads CloudFront at most
    // every 2 s per domain.
    refetchInterval: (query) => (query.state.data?.domains.some((d) => d.state === 'pending-dns' || d.state === 'issuing-certificate') ? 5000 : false),
  });
}
