// Single sign-on (issue 24): the business's SSO state, its domains (claim, check, remove), the identity provider
// (connect, disconnect), the recorded test sign-in and the switches.
import { ssoDomainSchema, ssoSchema, type SsoDomain, type Sso, type SsoProviderInput, type SsoSettings, type SsoTestSignInInput } from '@shared/schemas/sso';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export const ssoKeys = { business: (businessId: string) => ['sso', businessId] as const };

const base = (businessId: string) => `/api/businesses/${encodeURIComponent(businessId)}/sso`;

export function useSso(businessId: string) {
  return useQuery({
    queryKey: ssoKeys.business(businessId),
    queryFn: ({ signal }): Promise<Sso> => apiRequest(base(businessId), { schema: ssoSchema, signal }),
    // A 'Test sign-in' finishes in another tab: coming back shows it (and unlocks 'Require SSO') at once.
    refetchOnWindowFocus: 'always',
  });
}

function useSsoMutation<I, O>(businessId: string, mutationFn: (input: I) => Promise<O>, replaces = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data) => {
      if (replaces) queryClient.setQueryData(ssoKeys.business(businessId), data);
      else void queryClient.invalidateQueries({ queryKey: ssoKeys.business(businessId) });
    },
  });
}

export const useClaimSsoDomain = (businessId: string) =>
  useSsoMutation(businessId, (domain: string): Promise<SsoDomain> => apiRequest(`${base(businessId)}/domains`, { method: 'POST', body: { domain }, schema: ssoDomainSchema }));

export const useCheckSsoDomain = (businessId: string) =>
  useSsoMutation(businessId, (domainId: string): Promise<SsoDomain> => apiRequest(`${base(businessId)}/domains/${encodeURIComponent(domainId)}/check`, { method: 'POST', schema: ssoDomainSchema }));

export const useRemoveSsoDomain = (businessId: string) =>
  useSsoMutation(businessId, (domainId: string) => apiRequest(`${base(businessId)}/domains/${encodeURIComponent(domainId)}`, { method: 'DELETE' }));

export const useConnectSsoProvider = (businessId: string) =>
  useSsoMutation(businessId, (input: SsoProviderInput): Promise<Sso> => apiRequest(`${base(businessId)}/provider`, { method: 'PUT', body: input, schema: ssoSchema }), true);

export const useDisconnectSsoProvider = (businessId: string) =>
  useSsoMutation(businessId, () => apiRequest(`${base(businessId)}/provider`, { method: 'DELETE' }));

/** 'Test sign-in' succeeded (issue 39): the callback page hands the test's access token to the API once, to record it. */
export const recordTestSignIn = (businessId: string, accessToken: string): Promise<Sso> =>
  apiRequest(`${base(businessId)}/test-sign-ins`, { method: 'POST', body: { accessToken } satisfies SsoTestSignInInput, schema: ssoSchema });

export const useSaveSsoSettings = (businessId: string) =>
  useSsoMutation(businessId, (settings: SsoSettings): Promise<Sso> => apiRequest(`${base(businessId)}/settings`, { method: 'PUT', body: settings, schema: ssoSchema }), true);
