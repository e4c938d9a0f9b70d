// GET /api/businesses/{id}/activity (a page of the audit log for the filters) and .../activity/export (the CSV).
import { auditPageSchema, type AuditAction } from '@shared/schemas/audit';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest, apiText } from '@web/lib/api-client';

export interface ActivityFilters {
  person?: string;
  action?: AuditAction;
  from?: string;
  to?: string;
}

const path = (businessId: string) => `/api/businesses/${encodeURIComponent(businessId)}/activity`;

/** The filters as query parameters, leaving out the empty ones. */
function queryOf(filters: ActivityFilters): Record<string, string | undefined> {
  return { person: filters.person || undefined, action: filters.action || undefined, from: filters.from || undefined, to: filters.to || undefined };
}

export function useActivity(businessId: string, filters: ActivityFilters) {
  return useInfiniteQuery({
    queryKey: ['business', businessId, 'activity', filters],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => apiRequest(path(businessId), { query: { ...queryOf(filters), cursor: pageParam }, schema: auditPageSchema, signal }),
    getNextPageParam: (last) => last.cursor ?? undefined,
  });
}

export function exportActivityCsv(businessId: string, filters: ActivityFilters): Promise<string> {
  const query = new URLSearchParams(Object.entries(queryOf(filters)).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const search = query.size > 0 ? `?${query}` : '';
  return apiText(`${path(businessId)}/export${search}`, 'text/csv');
}
