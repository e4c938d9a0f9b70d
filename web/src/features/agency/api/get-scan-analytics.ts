// GET /api/businesses/{businessId}/analytics?days=: a client's scans per day.
import type { AnalyticsRange } from '@shared/schemas/analytics';
import { scanAnalyticsSchema } from '@shared/schemas/analytics';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { agencyKeys } from './get-agency-dashboard';

export function useScanAnalytics(businessId: string, days: AnalyticsRange) {
  return useQuery({
    queryKey: agencyKeys.analytics(businessId, days),
    queryFn: ({ signal }) => apiRequest(`/api/businesses/${encodeURIComponent(businessId)}/analytics`, { query: { days: String(days) }, schema: scanAnalyticsSchema, signal }),
  });
}
