// What the onboarding page may show before sign-in (spec 1 'Employee onboarding'): the invited person's name and
// e-mail and the business's name, logo and colours — for a valid, unused, unexpired link only; otherwise 404.
import { messages } from '../../../shared/messages';
import type { InvitationView } from '../../../shared/schemas/invitation';
import { getBusiness, getEmployee, type BusinessRecord, type EmployeeRecord } from '../business/repository';
import { notFound } from '../lib/errors';
import { orNull } from '../lib/values';
import { brandOfBusiness, brandViewOf } from '../agency/brand';
import { hashInvitationToken } from './invitation-token';
import { findInvitationByTokenHash, type InvitationRecord } from './repository';

export interface OpenInvitation {
  invitation: InvitationRecord;
  employee: EmployeeRecord;
  business: BusinessRecord;
}

/** The invitation behind a token if it still works: unused, unexpired, its employee unlinked, its business active. */
export async function openInvitation(token: string, now = new Date()): Promise<OpenInvitation> {
  const invitation = await findInvitationByTokenHash(hashInvitationToken(token));
  const invalid = notFound(messages.invitation.invalid);
  if (!invitation || invitation.usedAt || invitation.expiresAt <= Math.floor(now.getTime() / 1000)) throw invalid;
  const [employee, business] = await Promise.all([getEmployee(invitation.employeeId), getBusiness(invitation.businessId)]);
  if (!employee || employee.businessId !== invitation.businessId || employee.userId || !business || business.isActive === false) throw invalid;
  return { invitation, employee, business };
}

export async function viewInvitation(token: string): Promise<InvitationView> {
  const { employee, business } = await openInvitation(token);
  return {
    employee: { name: employee.name, email: employee.email },
    business: {
      name: business.name,
      logoUrl: orNull(business.logoUrl),
      primaryColor: orNull(business.primaryColor),
      secondaryColor: orNull(business.secondaryColor),
      accentColor: orNull(business.accentColor),
    },
    brand: brandViewOf(brandOfBusiness(business)),
  };
}
