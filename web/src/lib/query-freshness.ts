// For queries that always refetch on mount (figures that other pages change): not on the mount that the page's own
// prefetch at boot (app/page-data.ts) has just answered, which would ask twice for the same figures on a first load.
import type { Query } from '@tanstack/react-query';

const prefetchedAtBoot = new Set<string>();

/** Marks a query as fetched by this page load's boot prefetch (its first mount then keeps that answer). */
export function markPrefetchedAtBoot(queryHash: string): void {
  prefetchedAtBoot.add(queryHash);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any query's data and key
export function refetchUnlessJustLoaded(query: Query<any, any, any, any>): boolean | 'always' {
  return prefetchedAtBoot.delete(query.queryHash) && query.state.status === 'success' ? false : 'always';
}
