// Employee invitations: the `invitations` area's routes (functions/routes.ts combines every area's).
import { invitationAcceptedSchema, invitationReceiptSchema, invitationTokenSchema, invitationViewSchema } from '../../shared/schemas/invitation';
import * as z from '../../shared/zod';
import { defineRoutes } from './define';

export const invitationsRoutes = defineRoutes('invitations', {
  sendInvitation: { method: 'POST', path: '/api/businesses/{businessId}/employees/{employeeId}/invitation', auth: 'user', throttle: 'strict', summary: 'Send Invite: mails the employee a single-use onboarding link (7 days), replacing any earlier one', response: invitationReceiptSchema, scoped: true },
  getInvitation: { method: 'GET', path: '/api/invitations/{token}', auth: 'public', throttle: 'strict', summary: 'The onboarding page before sign-in: the invited name and e-mail and the business look (404 when the link is not valid)', params: z.strictObject({ token: invitationTokenSchema }), response: invitationViewSchema },
  acceptInvitation: { method: 'POST', path: '/api/invitations/{token}/accept', auth: 'user', throttle: 'strict', summary: 'Links the signed-in account (same verified e-mail) to the invited employee and activates them', params: z.strictObject({ token: invitationTokenSchema }), response: invitationAcceptedSchema },
});
