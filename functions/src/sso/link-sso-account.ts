// The just-in-time link of a first single sign-on (issue 24): the pre-sign-up trigger let the person in (their e-mail
// is in the business's verified domains and names one of its employees); on their first /api/me — the first place
// where their Cognito user (and so their sub, the user id every membership names) exists — the account is linked to
// that employee as an accepted invitation links it: membership, employee active with the user id, card active,
// one-employee-per-user guard and the audit entry in one transaction. Then the Cognito group and the account type.
import { addUserToGroup } from '../adapters/cognito';
import { auditPut } from '../audit/audit-entry';
import { getCardOfEmployee } from '../business/employee-repository';
import { getEmployee } from '../business/repository';
import { db } from '../data/entities';
import type { Caller } from '../identity/caller';
import { createProfileIfMissing, loadUserRecords, setAccountType } from '../identity/repository';
import { logger } from '../lib/logger';
import { parseSsoUserName } from './provider-name';

/** Links an SSO user's account to their employee; returns the caller with the new membership (or unchanged). */
export async function linkSsoAccount(caller: Caller): Promise<Caller> {
  const sso = parseSsoUserName(caller.username);
  if (!sso || caller.memberships.some((m) => m.scopeType === 'business')) return caller;
  const email = caller.email.trim().toLowerCase();
  const { data: guard } = await db().employeeEmailGuard.get({ businessId: sso.businessId, email }).go({ consistent: true });
  const employee = guard ? await getEmployee(guard.employeeId) : null;
  if (!employee || employee.businessId !== sso.businessId || employee.userId || employee.status === 'inactive') return caller;
  const card = await getCardOfEmployee(employee);
  const billableDelta = employee.status === 'draft' ? 1 : 0;
  const activeDelta = card && !card.isActive ? 1 : 0;
  const role = employee.role === 'owner' ? 'owner' : 'employee';

  const result = await db()
    .service.transaction.write(({ employee: e, card: c, business, membership, employeeUserGuard, auditEntry }) => {
      const items = [
        e
          .patch({ employeeId: employee.employeeId })
          .set({ userId: caller.userId, status: 'active' })
          .where((attr, { notExists, eq }) => `${notExists(attr.userId)} AND ${eq(attr.businessId, sso.businessId)}`)
          .commit() as never,
        employeeUserGuard.create({ userId: caller.userId, employeeId: employee.employeeId }).commit() as never,
        membership.create({ userId: caller.userId, scopeType: 'business', scopeId: sso.businessId, role, employeeId: employee.employeeId }).commit() as never,
      ];
      if (card && !card.isActive) items.push(c.patch({ cardId: card.cardId }).set({ isActive: true }).commit() as never);
      if (billableDelta || activeDelta) items.push(business.patch({ businessId: sso.businessId }).add({ billableEmployeeCount: billableDelta, activeCardCount: activeDelta }).commit() as never);
      items.push(auditPut(auditEntry, { businessId: sso.businessId, action: 'sso.employeeLinked', target: { type: 'employee', id: employee.employeeId, label: employee.name } }) as never);
      return items;
    })
    .go();
  if (result.canceled) {
    logger.warn('single sign-on link refused (the employee or the user was linked meanwhile)', { userId: caller.userId });
    return caller;
  }
  try {
    await createProfileIfMissing({ userId: caller.userId, email, displayName: employee.name, accountType: role === 'owner' ? 'business' : 'employee' });
    if (role === 'employee') await setAccountType(caller.userId, 'employee');
    await addUserToGroup(caller.username, role);
  } catch (error) {
    logger.warn('SSO account linked; its profile or Cognito group was not updated', { userId: caller.userId, error: error as Error });
  }
  return { ...caller, ...(await loadUserRecords(caller.userId)) };
}
