// GET /api/admin/dashboard: the dashboard tab's figures.
import { adminDashboardSchema } from '@shared/schemas/admin';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export function usePlatformDashboard() {
  return useQuery({ queryKey: ['admin', 'dashboard'], queryFn: ({ signal }) => apiRequest('/api/admin/dashboard', { schema: adminDashboardSchema, signal }), refetchOnMount: 'always' });
}
