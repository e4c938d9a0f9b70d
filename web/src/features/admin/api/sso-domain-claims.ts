// GET /api/admin/sso-domains (every business's SSO domain claims by domain, 50 a page, searched by the domain's start)
// and DELETE /api/admin/sso-domains/{domain}/claims/{businessId} (release a claim).
import { ssoDomainClaimPageSchema, type SsoDomainClaim } from '@shared/schemas/sso';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export const ssoClaimKeys = {
  all: ['admin', 'sso-domains'] as const,
  search: (q: string) => ['admin', 'sso-domains', q] as const,
};

/** The tab's query: its hook, and its prefetch at boot (app/page-data.ts). */
export const ssoDomainClaimsQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: ssoClaimKeys.search(q),
    queryFn: ({ pageParam, signal }) => apiRequest('/api/admin/sso-domains', { query: { q: q || undefined, cursor: pageParam }, schema: ssoDomainClaimPageSchema, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useSsoDomainClaims(q: string, enabled = true) {
  return useInfiniteQuery({ ...ssoDomainClaimsQuery(q), enabled, select: (data) => data.pages.flatMap((p) => p.claims) });
}

export function useReleaseSsoDomainClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (claim: Pick<SsoDomainClaim, 'domain' | 'businessId'>) =>
      apiRequest(`/api/admin/sso-domains/${encodeURIComponent(claim.domain)}/claims/${encodeURIComponent(claim.businessId)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ssoClaimKeys.all }),
  });
}
