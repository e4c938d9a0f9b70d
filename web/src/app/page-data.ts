// The data of a signed-in page, requested at boot beside the page's code (issue 25 §1), not once the page has drawn
// and mounted its queries: the same queries (the features' query options), put in the app's query client, so the
// page's hooks find them answered or under way. Loaded as a chunk of its own by main.tsx, only for signed-in pages.
// Each page's query options are imported when that page opens: importing every page's would build every page's
// response schemas (zod) at boot, blocking a phone's main thread for tens of milliseconds (issue 25 §1).
import type { Me } from '@shared/schemas/me';
import { loadsDashboard } from '@web/lib/signed-in-destination';
import { hashKey, type QueryClient } from '@tanstack/react-query';
import { markPrefetchedAtBoot } from '@web/lib/query-freshness';

/** The route paths of router.tsx whose data is requested at boot. */
export type PageWithData = '/business' | '/business/:businessId' | '/agency' | '/employee-portal' | '/admin';

/** Requests the page's data as the signed-in `me` will see it (what the page's gate would show decides nothing here). */
export async function prefetchPageData(client: QueryClient, page: PageWithData, params: Record<string, string | undefined>, search: URLSearchParams, me: Me): Promise<void> {
  const prefetch = (options: { queryKey: readonly unknown[] }, run: () => Promise<void>, alwaysRefetched = false) => {
    if (client.getQueryState(options.queryKey)) return; // asked already
    if (alwaysRefetched) markPrefetchedAtBoot(hashKey(options.queryKey));
    void run();
  };
  switch (page) {
    case '/business':
    case '/business/:businessId': {
      const businessId = params.businessId ?? me.businessId;
      if (!businessId || !loadsDashboard(me)) return;
      const { dashboardQuery } = await import('@web/features/business/api/get-dashboard');
      const query = dashboardQuery(businessId);
      return prefetch(query, () => client.prefetchInfiniteQuery(query));
    }
    case '/agency': {
      if (me.accountType !== 'agency') return;
      const { agencyDashboardQuery } = await import('@web/features/agency/api/get-agency-dashboard');
      return prefetch(agencyDashboardQuery, () => client.prefetchQuery(agencyDashboardQuery), true);
    }
    case '/employee-portal': {
      if (me.role !== 'employee') return;
      const { myEmployeeQuery } = await import('@web/features/employee-portal/api/my-employee');
      return prefetch(myEmployeeQuery, () => client.prefetchQuery(myEmployeeQuery));
    }
    case '/admin': {
      if (!me.isAdmin) return;
      switch (search.get('tab') ?? 'dashboard') {
        case 'dashboard': {
          const { platformDashboardQuery } = await import('@web/features/admin/api/platform-dashboard');
          return prefetch(platformDashboardQuery, () => client.prefetchQuery(platformDashboardQuery), true);
        }
        case 'businesses': {
          const { businessDirectoryQuery, initialDirectoryFilters } = await import('@web/features/admin/api/list-businesses');
          const query = businessDirectoryQuery(initialDirectoryFilters);
          return prefetch(query, () => client.prefetchInfiniteQuery(query));
        }
        case 'billing': {
          const [{ billingRunsQuery }, { invoicesQuery, initialInvoiceFilters }] = await Promise.all([
            import('@web/features/admin/api/billing-runs'),
            import('@web/features/admin/api/invoices'),
          ]);
          // The runs' card (above the invoices: its text is the tab's largest) too, not once the tab has mounted.
          prefetch(billingRunsQuery, () => client.prefetchQuery(billingRunsQuery));
          const query = invoicesQuery(initialInvoiceFilters);
          return prefetch(query, () => client.prefetchInfiniteQuery(query));
        }
        case 'plans': {
          const { adminPlansQuery } = await import('@web/features/admin/api/plans');
          return prefetch(adminPlansQuery, () => client.prefetchQuery(adminPlansQuery));
        }
        case 'users': {
          const { adminUsersQuery } = await import('@web/features/admin/api/admin-users');
          return prefetch(adminUsersQuery, () => client.prefetchQuery(adminUsersQuery));
        }
        case 'sso-domains': {
          const { ssoDomainClaimsQuery } = await import('@web/features/admin/api/sso-domain-claims');
          const query = ssoDomainClaimsQuery('');
          return prefetch(query, () => client.prefetchInfiniteQuery(query));
        }
      }
    }
  }
}
