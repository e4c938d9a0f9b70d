// GET /api/agency: the agency (null before its first save), the five stat cards and every client.
import { agencyDashboardSchema } from '@shared/schemas/agency';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { refetchUnlessJustLoaded } from '@web/lib/query-freshness';
import { apiRequest } from '@web/lib/api-client';

export const agencyKeys = {
  dashboard: ['agency'] as const,
};

/** The dashboard's query: the page's hook, and its prefetch at boot (app/page-data.ts). */
export const agencyDashboardQuery = queryOptions({
  queryKey: agencyKeys.dashboard,
  queryFn: ({ signal }) => apiRequest('/api/agency', { schema: agencyDashboardSchema, signal }),
});

export function useAgencyDashboard() {
  return useQuery({
    ...agencyDashboardQuery,
    // Back from managing a client (its employees changed there): show the cached figures, then the live ones.
    refetchOnMount: refetchUnlessJustLoaded,
  });
}
