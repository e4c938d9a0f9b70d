// Scan analytics (issue 11 §2): a business's, for its owner and a managing agency, and the employee's own card's.
// Switching the range keeps the figures on screen (and an open table open) until the new range has loaded; scans keep
// coming, so each opening of a view shows the cached figures and then fetches the live ones.
import { cardScanAnalyticsSchema, scanAnalyticsSchema, type AnalyticsRange } from '@shared/schemas/analytics';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

export function useBusinessScanAnalytics(businessId: string, days: AnalyticsRange) {
  return useQuery({
    queryKey: ['scan-analytics', 'business', businessId, days],
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
    queryFn: ({ signal }) => apiRequest(`/api/businesses/${encodeURIComponent(businessId)}/analytics`, { query: { days: String(days) }, schema: scanAnalyticsSchema, signal }),
  });
}

export function useMyScanAnalytics(days: AnalyticsRange) {
  return useQuery({
    queryKey: ['scan-analytics', 'me', days],
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
    queryFn: ({ signal }) => apiRequest('/api/me/analytics', { query: { days: String(days) }, schema: cardScanAnalyticsSchema, signal }),
  });
}
