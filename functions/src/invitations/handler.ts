// The `invitations` area Lambda: Send Invite (mail), the onboarding page's view of a link, and linking an account.
import { httpHandler } from '../http/http-handler';
import { invitationsRoutes } from '../../routes/invitations';
import { acceptInvitation } from './accept-invitation';
import { sendInvitation } from './send-invitation';
import { viewInvitation } from './view-invitation';

export const handler = httpHandler(invitationsRoutes, {
  sendInvitation: async ({ caller, params }) => sendInvitation(caller, params.businessId, params.employeeId),
  getInvitation: async ({ params }) => viewInvitation(params.token),
  acceptInvitation: async ({ caller, params }) => acceptInvitation(caller, params.token),
});
