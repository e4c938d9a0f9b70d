// GET /api/invitations/{token} (no sign-in: the link is the credential) and POST …/accept (links the account).
import { invitationAcceptedSchema, invitationViewSchema, type InvitationAccepted, type InvitationView } from '@shared/schemas/invitation';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export function useInvitation(token: string) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: ({ signal }): Promise<InvitationView> => apiRequest(`/api/invitations/${encodeURIComponent(token)}`, { auth: false, schema: invitationViewSchema, signal }),
    // A link either works or it does not: asking again will not change a 404.
    retry: false,
    staleTime: Infinity,
  });
}

export function acceptInvitation(token: string): Promise<InvitationAccepted> {
  return apiRequest(`/api/invitations/${encodeURIComponent(token)}/accept`, { method: 'POST', body: {}, schema: invitationAcceptedSchema });
}
