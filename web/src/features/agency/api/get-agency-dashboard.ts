// GET /api/agency: the agency (null before its first save), the five stat cards and every client.
import { agencyDashboardSchema } from '@shared/schemas/agency';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export const agencyKeys = {
  dashboard: ['agency'] as const,
};

export function useAgencyDashboard() {
  return useQuery({
    queryKey: agencyKeys.dashboard,
    queryFn: ({ signal }) => apiRequest('/api/agency', { schema: agencyDashboardSchema, signal }),
    // Back from managing a client (its employees changed there): show the cached figures, then the live ones.
    refetchOnMount: 'always',
  });
}
