// /api/agencies/{agencyId}/stripe-connect: the agency's Stripe connected account and its state, and Connect with
// Stripe (the onboarding link the browser goes to).
import { stripeConnectSchema, stripeOnboardingSchema } from '@shared/schemas/stripe-connect';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

const pathOf = (agencyId: string) => `/api/agencies/${encodeURIComponent(agencyId)}/stripe-connect`;
export const stripeConnectKeys = { view: (agencyId: string) => ['agency', agencyId, 'stripe-connect'] as const };

export function useStripeConnect(agencyId: string) {
  return useQuery({
    queryKey: stripeConnectKeys.view(agencyId),
    queryFn: ({ signal }) => apiRequest(pathOf(agencyId), { schema: stripeConnectSchema, signal }),
  });
}

/** Creates the account (once) and a fresh single-use link; the caller sends the browser to its url. */
export function useStartStripeOnboarding(agencyId: string) {
  return useMutation({
    mutationFn: () => apiRequest(`${pathOf(agencyId)}/onboarding`, { method: 'POST', schema: stripeOnboardingSchema }),
  });
}
