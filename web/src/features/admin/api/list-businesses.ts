// GET /api/admin/businesses: the directory, searched and filtered on the server, 25 rows per page by cursor.
import { adminBusinessPageSchema, type AdminBusinessRow } from '@shared/schemas/admin';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export interface DirectoryFilters {
  q: string;
  status: 'all' | 'active' | 'inactive';
  country: string;
  industry: string;
}

export const adminKeys = {
  businesses: ['admin', 'businesses'] as const,
  directory: (filters: DirectoryFilters) => ['admin', 'businesses', filters] as const,
  plans: ['admin', 'plans'] as const,
  users: ['admin', 'users'] as const,
};

/** The tab's filters as it opens. */
export const initialDirectoryFilters: DirectoryFilters = { q: '', status: 'all', country: '', industry: '' };

/** The directory's query: the tab's hook, and its prefetch at boot (app/page-data.ts). */
export const businessDirectoryQuery = (filters: DirectoryFilters) =>
  infiniteQueryOptions({
    queryKey: adminKeys.directory(filters),
    queryFn: ({ pageParam, signal }) =>
      apiRequest('/api/admin/businesses', {
        query: { q: filters.q || undefined, status: filters.status, country: filters.country || undefined, industry: filters.industry || undefined, cursor: pageParam },
        schema: adminBusinessPageSchema,
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useBusinessDirectory(filters: DirectoryFilters) {
  return useInfiniteQuery({
    ...businessDirectoryQuery(filters),
    select: (data) => ({ rows: data.pages.flatMap((p) => p.businesses) as AdminBusinessRow[], examined: data.pages.reduce((n, p) => n + p.examined, 0) }),
  });
}
