// An agency's billing (issue 20): GET /api/agency/billing (its invoices and volume tier) and PUT
// /api/businesses/{id}/billed-to (who pays for a client), and PUT /api/businesses/{id}/price (the agency's price).
import { agencyBillingSchema, clientBillingSchema, clientPriceSchema, type BilledTo } from '@shared/schemas/agency-billing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

// Under the dashboard's key, so whatever refreshes the dashboard (Add Client, a changed payer) refreshes these too.
export const agencyBillingKeys = { billing: ['agency', 'billing'] as const };

export function useAgencyBilling() {
  return useQuery({
    queryKey: agencyBillingKeys.billing,
    queryFn: ({ signal }) => apiRequest('/api/agency/billing', { schema: agencyBillingSchema, signal }),
    refetchOnMount: 'always',
  });
}

export function useSetClientBilling() {
  const queryClient = useQueryClient();
  return useMutation({
    // A client billed directly without a billing e-mail of its own gets one in the same call (issue 40).
    mutationFn: ({ businessId, billedTo, billingEmail }: { businessId: string; billedTo: BilledTo; billingEmail?: string }) =>
      apiRequest(`/api/businesses/${encodeURIComponent(businessId)}/billed-to`, { method: 'PUT', body: { billedTo, ...(billingEmail === undefined ? {} : { billingEmail }) }, schema: clientBillingSchema }),
    // The agency dashboard and Billing, or the admin businesses tab: whichever shows the choice.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['agency'] }), queryClient.invalidateQueries({ queryKey: ['admin', 'businesses'] })]),
  });
}

/** PUT /api/businesses/{id}/price: the agency's price for a client per user per month (null: the list price). */
export function useSetClientPrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ businessId, pricePerUserCents }: { businessId: string; pricePerUserCents: number | null }) =>
      apiRequest(`/api/businesses/${encodeURIComponent(businessId)}/price`, { method: 'PUT', body: { pricePerUserCents }, schema: clientPriceSchema }),
    // The dashboard's revenue, profit and the client's card follow the price.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['agency'] }),
  });
}
