// GET /api/admin/dashboard: the dashboard tab's figures.
import { adminDashboardSchema } from '@shared/schemas/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { refetchUnlessJustLoaded } from '@web/lib/query-freshness';
import { apiRequest } from '@web/lib/api-client';

/** The tab's query: its hook, and its prefetch at boot (app/page-data.ts). */
export const platformDashboardQuery = queryOptions({ queryKey: ['admin', 'dashboard'], queryFn: ({ signal }) => apiRequest('/api/admin/dashboard', { schema: adminDashboardSchema, signal }) });

export function usePlatformDashboard() {
  return useQuery({ ...platformDashboardQuery, refetchOnMount: refetchUnlessJustLoaded });
}
