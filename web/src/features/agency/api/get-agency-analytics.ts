// GET /api/agency/analytics: scans per day across every client, by source, device and client, over 7, 30 or 90 days.
// Kept like the business's analytics: switching the range keeps the figures on screen until the new ones load.
import { agencyScanAnalyticsSchema, type AnalyticsRange } from '@shared/schemas/analytics';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

// Not under the dashboard's ['agency'] key: a change on a client card invalidates that key and awaits its refetch, and
// must not wait for this read (two Queries per client) too.
export const agencyAnalyticsKeys = {
  range: (days: AnalyticsRange) => ['agency-analytics', days] as const,
};

/** `enabled`: false until the figures are wanted (the read costs two Queries per client). */
export function useAgencyScanAnalytics(days: AnalyticsRange, enabled = true) {
  return useQuery({
    queryKey: agencyAnalyticsKeys.range(days),
    placeholderData: keepPreviousData,
    enabled,
    queryFn: ({ signal }) => apiRequest('/api/agency/analytics', { query: { days: String(days) }, schema: agencyScanAnalyticsSchema, signal }),
  });
}
