// An agency's custom domain (docs/decisions.md "The agency's domain serves its clients' product"): the app knows it is
// on one when the page's host is not the platform's (publicOrigin in /config.json), and asks the API for the agency's
// brand there (GET /api/site-brand, decided from the domain the edge names, never from what the browser says). On
// the platform's address nothing is asked.
import { siteBrandSchema, type SiteBrand } from '@shared/schemas/custom-domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { onAgencyDomain } from './on-agency-domain';


/** The agency's brand and the platform's address on its domain; null on the platform's address. */
export function useSiteBrand(): { site: SiteBrand | null; pending: boolean } {
  const enabled = onAgencyDomain();
  const query = useQuery({
    queryKey: ['site-brand'],
    queryFn: ({ signal }): Promise<SiteBrand> => apiRequest('/api/site-brand', { auth: false, schema: siteBrandSchema, signal }),
    enabled,
    retry: false,
    staleTime: Infinity,
  });
  return { site: query.data ?? null, pending: enabled && query.isPending };
}
