// Send Invite (spec 2 Employee Profile dialog, issue 8 §6): a new single-use link for the employee, valid for
// seven days, replacing any earlier one, mailed to the employee's address.
import { messages } from '../../../shared/messages';
import type { InvitationReceipt } from '../../../shared/schemas/invitation';
import { sendMail } from '../adapters/mail';
import { getBusiness, getEmployee } from '../business/repository';
import type { Caller } from '../identity/caller';
import { assertMay } from '../identity/access';
import { AppError, notFound } from '../lib/errors';
import { logger } from '../lib/logger';
import { invitationMail } from '../mail/invitation-mail';
import { brandOfBusiness } from '../agency/brand';
import { siteOriginForBrand } from '../domain-records/client-origin';
import { hashInvitationToken, INVITATION_TTL_DAYS, newInvitationToken } from './invitation-token';
import { putInvitation } from './repository';
import { recordAudit } from '../audit/audit-entry';

/** The invitation's link at `siteOrigin`: a white-labelled client's people join on its agency's active domain. */
export function onboardingLinkOf(siteOrigin: string, token: string): string {
  return `${siteOrigin}/employee-onboarding?id=${token}`;
}

export async function sendInvitation(caller: Caller, businessId: string, employeeId: string, now = new Date()): Promise<InvitationReceipt> {
  await assertMay(caller, businessId, 'employees');
  const [employee, business] = await Promise.all([getEmployee(employeeId), getBusiness(businessId)]);
  if (!employee || employee.businessId !== businessId || !business) throw notFound('Employee not found.');
  if (employee.userId) throw new AppError('CONFLICT', messages.invitation.alreadyJoined);

  const token = newInvitationToken();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000);
  await putInvitation({
    employeeId,
    businessId,
    tokenHash: hashInvitationToken(token),
    sentTo: employee.email,
    expiresAt: Math.floor(expiresAt.getTime() / 1000),
  });
  try {
    const brand = brandOfBusiness(business);
    const link = onboardingLinkOf(await siteOriginForBrand(brand), token);
    await sendMail(invitationMail({ to: employee.email, employeeName: employee.name, businessName: business.name, link, expiresAt, brand }));
  } catch (error) {
    logger.error('invitation mail was not sent', { employeeId, error: error as Error });
    throw new AppError('INTERNAL', messages.invitation.sendFailed);
  }
  await recordAudit({ businessId, action: 'invitation.sent', target: { type: 'employee', id: employeeId, label: employee.name } });
  return { sentTo: employee.email, expiresAt: expiresAt.toISOString() };
}
