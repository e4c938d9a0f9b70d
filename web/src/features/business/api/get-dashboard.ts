// GET /api/businesses/{businessId}/dashboard: the business, its employees with cards (paginated by cursor), stats.
import { dashboardSchema, type Dashboard } from '@shared/schemas/dashboard';
import type { Employee } from '@shared/schemas/employee';
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  detail: (businessId: string) => ['dashboard', businessId] as const,
};

export type DashboardPages = InfiniteData<Dashboard, string | undefined>;

export function getDashboard(businessId: string, cursor?: string, signal?: AbortSignal): Promise<Dashboard> {
  return apiRequest(`/api/businesses/${encodeURIComponent(businessId)}/dashboard`, {
    query: { cursor },
    schema: dashboardSchema,
    signal,
  });
}

export interface DashboardView {
  business: Dashboard['business'];
  stats: Dashboard['stats'];
  /** Every employee loaded so far, across pages. */
  employees: Employee[];
}

function toView(data: DashboardPages): DashboardView {
  // The first page carries the business and the counters; later pages add employees.
  const first = data.pages[0]!;
  return { business: first.business, stats: first.stats, employees: data.pages.flatMap((page) => page.employees) };
}

/** The dashboard's query: the page's hook, and its prefetch at boot (app/page-data.ts). */
export const dashboardQuery = (businessId: string) =>
  infiniteQueryOptions({
    queryKey: dashboardKeys.detail(businessId),
    queryFn: ({ pageParam, signal }) => getDashboard(businessId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useDashboard(businessId: string) {
  return useInfiniteQuery({ ...dashboardQuery(businessId), select: toView });
}

/** Replaces one employee's data in the cached pages (after a mutation answered with fresh data). */
export function mapCachedEmployees(data: DashboardPages | undefined, update: (employee: Employee) => Employee): DashboardPages | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, employees: page.employees.map(update) })) };
}
