// GET /api/admin/agencies and PUT /api/admin/agencies/{id}/plan: the Agencies section of the businesses tab.
import { adminAgencyPageSchema, adminAgencyRowSchema, type AdminAgencyRow } from '@shared/schemas/admin';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

const agenciesKey = ['admin', 'agencies'] as const;

export const adminAgenciesQuery = infiniteQueryOptions({
  queryKey: agenciesKey,
  queryFn: ({ pageParam, signal }) => apiRequest('/api/admin/agencies', { query: { cursor: pageParam }, schema: adminAgencyPageSchema, signal }),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last) => last.nextCursor ?? undefined,
});

export function useAdminAgencies() {
  return useInfiniteQuery({
    ...adminAgenciesQuery,
    select: (data) => ({ rows: data.pages.flatMap((p) => p.agencies) as AdminAgencyRow[], plans: data.pages[0]?.plans ?? [] }),
  });
}

export function useSetAgencyPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ agencyId, planId }: { agencyId: string; planId: string | null }) =>
      apiRequest(`/api/admin/agencies/${encodeURIComponent(agencyId)}/plan`, { method: 'PUT', body: { planId }, schema: adminAgencyRowSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agenciesKey }),
  });
}
