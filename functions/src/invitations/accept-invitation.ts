// Linking the signed-in account to the invited employee (spec 1 §4, §5; issue 8 §6): one call that checks the link,
// that the account's verified e-mail is the employee's, and that neither is linked already; then writes the
// membership, activates the employee and card, and marks the link used — in one transaction. Cognito's group and
// the profile's account type follow (mirrors of the table, retried on the next sign-in by /api/me).
import { messages } from '../../../shared/messages';
import { onboardingMessages } from '../../../shared/messages/onboarding';
import type { InvitationAccepted } from '../../../shared/schemas/invitation';
import { addUserToGroup } from '../adapters/cognito';
import { toEmployeeDto } from '../business/dto';
import { getCardOfEmployee } from '../business/employee-repository';
import { getCardScanTotal, getEmployee } from '../business/repository';
import type { Caller } from '../identity/caller';
import { ownsBusiness } from '../identity/access';
import { createProfileIfMissing, setAccountType } from '../identity/repository';
import { AppError, notFound } from '../lib/errors';
import { logger } from '../lib/logger';
import { linkAccountToEmployee } from './repository';
import { openInvitation } from './view-invitation';

export async function acceptInvitation(caller: Caller, token: string, now = new Date()): Promise<InvitationAccepted> {
  const { invitation, employee } = await openInvitation(token, now);
  if (!caller.emailVerified) throw new AppError('FORBIDDEN', 'Please confirm your email address first.');
  if (caller.email.trim().toLowerCase() !== employee.email.trim().toLowerCase()) {
    throw new AppError('FORBIDDEN', onboardingMessages.emailMismatch, { email: onboardingMessages.emailMismatch });
  }
  if (caller.memberships.some((m) => m.employeeId)) throw new AppError('CONFLICT', onboardingMessages.alreadyLinked);

  const owns = ownsBusiness(caller, employee.businessId);
  const card = await getCardOfEmployee(employee);
  const refusal = await linkAccountToEmployee({ invitation, employee, card, userId: caller.userId, ownsBusiness: owns, now });
  if (refusal === 'userLinked') throw new AppError('CONFLICT', onboardingMessages.alreadyLinked);
  if (refusal) throw notFound(messages.invitation.invalid);

  // An owner keeps their business account type; everyone else is an employee from now on.
  const role = owns || employee.role === 'owner' ? 'owner' : 'employee';
  try {
    if (!owns) {
      await createProfileIfMissing({ userId: caller.userId, email: caller.email, displayName: employee.name, accountType: role === 'owner' ? 'business' : 'employee' });
      if (role === 'employee') await setAccountType(caller.userId, 'employee');
    }
    await addUserToGroup(caller.username, role);
  } catch (error) {
    logger.warn('account linked; its profile or Cognito group was not updated', { userId: caller.userId, error: error as Error });
  }

  const [linked, linkedCard] = await Promise.all([getEmployee(employee.employeeId), getCardOfEmployee(employee)]);
  if (!linked) throw notFound(onboardingMessages.employeeDataMissing);
  return { employee: toEmployeeDto(linked, linkedCard, linkedCard ? await getCardScanTotal(linkedCard.cardId) : 0) };
}
