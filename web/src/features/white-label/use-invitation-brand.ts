// White-label (issue 21 §1): the sign-in page (/auth) opened from a white-labelled client's invitation shows the
// agency's brand. /auth knows the invitation from `?invitation={token}` or from a `?redirect=` back to its onboarding
// page (`/employee-onboarding?id={token}`); it then reads the invitation as the onboarding page does (no sign-in, same
// cache entry) and gets its brand — null for anyone else, who keeps CardCrew's.
import { invitationViewSchema, type InvitationView } from '@shared/schemas/invitation';
import type { ClientBrandView } from '@shared/schemas/me';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

/** The invitation token an /auth visit carries, if any. */
export function invitationTokenOf(params: URLSearchParams, redirect: string | null): string | null {
  const direct = params.get('invitation');
  if (direct) return direct;
  if (!redirect) return null;
  const target = new URL(redirect, 'https://same-origin.invalid');
  return target.pathname === '/employee-onboarding' ? target.searchParams.get('id') || null : null;
}

export function useInvitationBrand(token: string | null): { brand: ClientBrandView | null; pending: boolean } {
  const query = useQuery({
    queryKey: ['invitation', token ?? ''],
    queryFn: ({ signal }): Promise<InvitationView> => apiRequest(`/api/invitations/${encodeURIComponent(token ?? '')}`, { auth: false, schema: invitationViewSchema, signal }),
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
  });
  return { brand: query.data?.brand ?? null, pending: token !== null && query.isPending };
}
