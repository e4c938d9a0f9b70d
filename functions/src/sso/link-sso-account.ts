// The just-in-time link of a first single sign-on (issue 24): the pre-sign-up trigger let the person in (their e-mail
// is in the business's verified domains and names one of its employees); on their first /api/me — the first place
// where their Cognito user (and so their sub, the user id every membership names) exists — the account is linked to
// that employee as an accepted invitation links it: membership, employee active with the user id, card active,
// one-employee-per-user guard and the audit entry in one transaction. Then the Cognito group and the account type.
// When the e-mail names no employee and the owner allowed 'create employees on first sign-in', a DRAFT employee is
// created instead (name and e-mail from the IdP's token), linked the same way in the same kind of transaction: its card
// inactive (spec 2: a non-active status), not billed (drafts are not), audited `sso.employeeCreated` for the owner to
// review in the Employees list. Its QR code is made where missing QR codes are made anyway (the owner's dashboard on
// load, the portal's 'Generate QR Code'), so this area needs no media write and no image library.
// An employee already linked to another sign-in — their account through the business's previous IdP (a new IdP gives
// new subjects, so a new Cognito user), a second IdP during a move, or a password account — gets this sign-in linked
// beside it: one more membership naming the same employee, so each sign-in lands in the same portal. Every link
// records the provider it came through (`ssoProvider`), so deleting that provider removes exactly its links.
import { displayNameFrom } from '../../../shared/format';
import { addUserToGroup } from '../adapters/cognito';
import { auditPut } from '../audit/audit-entry';
import { newCardOf } from '../business/card-snapshot';
import { getCardOfEmployee } from '../business/employee-repository';
import { withFreshBusiness } from '../business/fresh-business';
import { employeeOrderOf, getEmployee, sameBrandVersion, StaleBrandError, type EmployeeRecord } from '../business/repository';
import { db } from '../data/entities';
import type { Caller } from '../identity/caller';
import type { TokenClaims } from '../identity/claims';
import { createProfileIfMissing, loadUserRecords, setAccountType } from '../identity/repository';
import { newId } from '../lib/ids';
import { logger } from '../lib/logger';
import { parseSsoUserName } from './provider-name';
import { getSsoConnection, providerNamesOf } from './repository';
import { ssoSignUpRefusal } from './sign-in-rules';

/** The person's name as the IdP sent it (mapped onto the ID token), else one made from the e-mail. */
export function ssoNameOf(claims: TokenClaims | undefined, email: string): string {
  const full = claims?.name?.trim();
  if (full) return full.slice(0, 100);
  const parts = [claims?.given_name, claims?.family_name].map((part) => part?.trim()).filter(Boolean);
  return parts.length ? parts.join(' ').slice(0, 100) : displayNameFrom({ email });
}

/** Creates the draft employee (and its inactive card) linked to the caller; false when a concurrent sign-in won. */
async function createDraftEmployee(caller: Caller, businessId: string, ssoProvider: string, email: string, name: string): Promise<{ employeeId: string; name: string } | null> {
  const employeeId = newId();
  const cardId = newId();
  const createdAt = new Date().toISOString();
  const employeeOrder = employeeOrderOf(createdAt, employeeId);
  const employee = { employeeId, businessId, name, email, role: 'employee' as const, status: 'draft' as const, userId: caller.userId };
  return withFreshBusiness(businessId, async (business) => {
    const card = newCardOf(cardId, employee, business);
    const brandVersion = card.brandVersion ?? 0;
    const result = await db()
      .service.transaction.write(({ business: b, employee: e, card: c, cardScanTotal, employeeEmailGuard, employeeUserGuard, membership, auditEntry }) => [
        // A draft is not billed and its card is not active: only the employee and card counts move.
        b
          .update({ businessId })
          .add({ employeeCount: 1, cardCount: 1 })
          .where((attr, op) => `${op.exists(attr.businessId)} AND ${sameBrandVersion(attr, op, brandVersion)}`)
          .commit() as never,
        e.create({ ...employee, cardId, createdAt, employeeOrder }).commit() as never,
        c.create({ ...card, employeeOrder }).commit() as never,
        cardScanTotal.create({ cardId, businessId, employeeOrder, scanCount: 0 }).commit() as never,
        employeeEmailGuard.create({ businessId, email, employeeId }).commit() as never,
        employeeUserGuard.create({ userId: caller.userId, employeeId }).commit() as never,
        membership.create({ userId: caller.userId, scopeType: 'business', scopeId: businessId, role: 'employee', employeeId, ssoProvider }).commit() as never,
        auditPut(auditEntry, { businessId, action: 'sso.employeeCreated', target: { type: 'employee', id: employeeId, label: name } }) as never,
      ])
      .go();
    if (!result.canceled) return { employeeId, name };
    if ((result.data as { rejected?: boolean }[])[0]?.rejected) throw new StaleBrandError();
    logger.warn('single sign-on draft employee not created (the e-mail or the user was taken meanwhile)', { userId: caller.userId });
    return null;
  });
}

/** Links an SSO user's account to their employee; returns the caller with the new membership (or unchanged). */
export async function linkSsoAccount(caller: Caller, claims?: TokenClaims): Promise<Caller> {
  const sso = parseSsoUserName(caller.username);
  if (!sso || caller.memberships.some((m) => m.scopeType === 'business')) return caller;
  // Only through a provider the business has now: a token of a removed provider's user links nothing again.
  const ssoProvider = providerNamesOf(await getSsoConnection(sso.businessId)).find((name) => name.toLowerCase() === sso.providerName.toLowerCase());
  if (!ssoProvider) return caller;
  const email = caller.email.trim().toLowerCase();
  const { data: guard } = await db().employeeEmailGuard.get({ businessId: sso.businessId, email }).go({ consistent: true });
  if (!guard) {
    // No employee: a draft one, when the e-mail is in the business's verified domains and the switch is (still) on.
    if (!email || (await ssoSignUpRefusal(caller.username, email))) return caller;
    const created = await createDraftEmployee(caller, sso.businessId, ssoProvider, email, ssoNameOf(claims, email));
    return created ? finishLink(caller, email, created.name, 'employee') : caller;
  }
  const employee = await getEmployee(guard.employeeId);
  if (!employee || employee.businessId !== sso.businessId || employee.status === 'inactive') return caller;
  if (employee.userId) return employee.userId === caller.userId ? caller : linkBeside(caller, employee, ssoProvider, email);
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
        membership.create({ userId: caller.userId, scopeType: 'business', scopeId: sso.businessId, role: employee.role, employeeId: employee.employeeId, ssoProvider }).commit() as never,
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
  return finishLink(caller, email, employee.name, role);
}

/**
 * Links the caller to an employee already linked to another sign-in: the user guard, the membership and the audit entry
 * in one transaction, while the employee is still this business's, linked and not Inactive. The employee's `userId`
 * stays its first sign-in (the leaver flow finds the others by their memberships).
 */
async function linkBeside(caller: Caller, employee: EmployeeRecord, ssoProvider: string, email: string): Promise<Caller> {
  const { employeeId, businessId } = employee;
  const role = employee.role === 'owner' ? 'owner' : 'employee';
  const result = await db()
    .service.transaction.write(({ employee: e, membership, employeeUserGuard, auditEntry }) => [
      e
        .check({ employeeId })
        .where((attr, { exists, eq, ne }) => `${exists(attr.userId)} AND ${eq(attr.businessId, businessId)} AND ${ne(attr.status, 'inactive')}`)
        .commit() as never,
      employeeUserGuard.create({ userId: caller.userId, employeeId }).commit() as never,
      membership.create({ userId: caller.userId, scopeType: 'business', scopeId: businessId, role: employee.role, employeeId, ssoProvider }).commit() as never,
      auditPut(auditEntry, { businessId, action: 'sso.employeeLinked', target: { type: 'employee', id: employeeId, label: employee.name } }) as never,
    ])
    .go();
  if (result.canceled) {
    logger.warn('single sign-on link beside another refused (the employee changed or the user was linked meanwhile)', { userId: caller.userId });
    return caller;
  }
  return finishLink(caller, email, employee.name, role);
}

/** After the link's transaction: the profile, the account type and the Cognito group, then the caller as it now is. */
async function finishLink(caller: Caller, email: string, displayName: string, role: 'owner' | 'employee'): Promise<Caller> {
  try {
    await createProfileIfMissing({ userId: caller.userId, email, displayName, accountType: role === 'owner' ? 'business' : 'employee' });
    if (role === 'employee') await setAccountType(caller.userId, 'employee');
    await addUserToGroup(caller.username, role);
  } catch (error) {
    logger.warn('SSO account linked; its profile or Cognito group was not updated', { userId: caller.userId, error: error as Error });
  }
  return { ...caller, ...(await loadUserRecords(caller.userId)) };
}
