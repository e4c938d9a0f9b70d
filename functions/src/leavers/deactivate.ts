// The leaver flow (issue 23 §2), the one entry point for every way an employee leaves or comes back: the owner's (or
// managing agency's, or an admin's) deactivate dialog, the Employee Profile dialog's status, and SCIM's `active`.
//
// Deactivation, in this order, every step safe to repeat (docs/decisions.md 'Leavers'):
//   1. the leaver item beside the card (who left, the way on) — harmless while the card is still on, so the card
//      never answers 404 in between;
//   2. the status transaction (employee inactive, card off, counters) — the switch: from here the card page answers
//      410, the wallet reactions void the passes and the portal refuses the employee;
//   3. the membership marked left — no API call of theirs is allowed any more, whatever token they hold;
//   4. their sessions ended (our token cut-off and Cognito's global sign-out);
//   5. their leads moved, one conditional update each.
// A failure after step 2 leaves an inactive employee whose remaining steps a repeat of the call completes.
import type { Employee, EmployeeUpdate } from '../../../shared/schemas/employee';
import type { DeactivateEmployee, LeavingPreview } from '../../../shared/schemas/leavers';
import { messages } from '../../../shared/messages';
import { globalSignOut } from '../adapters/cognito';
import { toEmployeeDto } from '../business/dto';
import { getCardOfEmployee } from '../business/employee-repository';
import { getBusiness, getCard, getCardScanTotal, getEmployee, type BusinessRecord, type CardRecord, type EmployeeRecord } from '../business/repository';
import { saveEmployeeStatus, updateEmployee } from '../business/update-employee';
import type { Caller } from '../identity/caller';
import { assertMay } from '../identity/access';
import { endSessions } from '../identity/repository';
import { listContactsOfEmployee } from '../contacts/repository';
import { AppError, notFound } from '../lib/errors';
import { logger } from '../lib/logger';
import { isConditionalFailure } from '../data/conditional';
import { defaultSuccessorOf } from './leaver-defaults';
import { deleteLeaver, getLeaver, listEmployeesOfBusiness, putLeaver, reassignContact, setMembershipLeft, usersOfEmployee } from '../business/leaver-repository';

export interface LeaverOutcome {
  employee: Employee;
  /** Leads moved to `leadsTo` by this call. */
  leadsMoved: number;
}

/**
 * The owner as a person of the business: the creator's own employee profile, else an active employee with the Owner
 * role — not the leaver. Many owners have no profile; then there is none (docs/decisions.md 'Leavers').
 */
export function ownerProfileOf(business: BusinessRecord, employees: EmployeeRecord[], leaverId?: string): EmployeeRecord | undefined {
  const candidates = employees.filter((e) => e.status === 'active' && e.employeeId !== leaverId);
  return candidates.find((e) => e.userId !== undefined && e.userId === business.ownerId) ?? candidates.find((e) => e.role === 'owner');
}

/** Who receives leads when the owner picks nobody: the owner's profile, else the company's own contacts (the business id holds them). */
export function defaultLeadsHolder(business: BusinessRecord, employees: EmployeeRecord[], leaverId: string): { employeeId: string; name: string } {
  const owner = ownerProfileOf(business, employees, leaverId);
  return owner ? { employeeId: owner.employeeId, name: owner.name } : { employeeId: business.businessId, name: business.name };
}

async function employeeOf(businessId: string, employeeId: string): Promise<EmployeeRecord> {
  const employee = await getEmployee(employeeId);
  if (!employee || employee.businessId !== businessId) throw notFound('Employee not found.');
  return employee;
}

/** The colleague's card the page points to: an active card of another employee of the same business. */
async function successorCardOf(businessId: string, leaverCardId: string | undefined, cardId: string): Promise<CardRecord> {
  const card = cardId === leaverCardId ? null : await getCard(cardId);
  if (!card || card.businessId !== businessId || !card.isActive) {
    throw new AppError('VALIDATION_FAILED', messages.leavers.successorNotActive, { successorCardId: messages.leavers.successorNotActive });
  }
  return card;
}

/**
 * The deactivate dialog's facts: how many leads, who gets them by default and whose card the page points to by default
 * (the people to pick instead are searched: search-people.ts).
 */
export async function previewLeaving(caller: Caller, businessId: string, employeeId: string): Promise<LeavingPreview> {
  await assertMay(caller, businessId, 'employees');
  const leaver = await employeeOf(businessId, employeeId);
  const business = await getBusiness(businessId);
  if (!business) throw notFound('Business not found.');
  const [employees, leads, defaultSuccessor] = await Promise.all([listEmployeesOfBusiness(businessId), listContactsOfEmployee(employeeId), defaultSuccessorOf(business, leaver)]);
  const holder = defaultLeadsHolder(business, employees, leaver.employeeId);
  return {
    businessName: business.name,
    leadCount: leads.length,
    defaultSuccessor,
    defaultLeadsTo: { ...holder, isCompany: holder.employeeId === businessId },
  };
}

/** Deactivates an employee (see the header for the steps). Repeating it completes the steps a failure left undone. */
export async function deactivateEmployee(caller: Caller, businessId: string, employeeId: string, options: DeactivateEmployee = {}): Promise<LeaverOutcome> {
  await assertMay(caller, businessId, 'employees');
  return leave(await employeeOf(businessId, employeeId), options);
}

/** The flow without the caller check, for callers that have checked already (the profile save, SCIM). */
export async function leave(before: EmployeeRecord, options: DeactivateEmployee = {}): Promise<LeaverOutcome> {
  const business = await getBusiness(before.businessId);
  if (!business) throw notFound('Business not found.');
  const employees = await listEmployeesOfBusiness(before.businessId);
  if (before.userId !== undefined && before.userId === business.ownerId) throw new AppError('CONFLICT', messages.leavers.creatorStays);

  const card = await getCardOfEmployee(before);
  // Picked (a card id), none (null), or nobody picked (absent): the business's default successor (leaver-defaults.ts).
  const successor = options.successorCardId
    ? await successorCardOf(before.businessId, card?.cardId, options.successorCardId)
    : options.successorCardId === undefined
      ? await defaultSuccessorOf(business, before).then((d) => (d ? successorCardOf(before.businessId, card?.cardId, d.cardId) : null))
      : null;
  const picked = options.leadsTo ? employees.find((e) => e.employeeId === options.leadsTo) : undefined;
  if (options.leadsTo && (!picked || picked.status !== 'active' || picked.employeeId === before.employeeId)) {
    throw new AppError('VALIDATION_FAILED', messages.leavers.leadsToNotActive, { leadsTo: messages.leavers.leadsToNotActive });
  }
  const leadsTo = picked ? { employeeId: picked.employeeId, name: picked.name } : defaultLeadsHolder(business, employees, before.employeeId);
  const owner = ownerProfileOf(business, employees, before.employeeId);
  const leftAt = new Date().toISOString();

  // 1. The leaver item: the company's copy from the card (kept up to date by Company Settings); the business has no
  // phone of its own, so its phone is the owner's office phone when the owner has a profile.
  if (card) {
    const companyPhone = owner?.officePhone ?? owner?.phone;
    await putLeaver({
      cardId: card.cardId,
      businessId: before.businessId,
      employeeId: before.employeeId,
      name: before.name,
      businessName: card.business.name,
      website: card.business.website,
      phone: companyPhone,
      logoUrl: card.business.logoUrl,
      primaryColor: card.business.primaryColor,
      secondaryColor: card.business.secondaryColor,
      accentColor: card.business.accentColor,
      successorCardId: successor?.cardId,
      successorName: successor?.profile.name,
      leftAt,
    });
  }
  // 2. The switch.
  if (before.status !== 'inactive') await saveEmployeeStatus(before, 'inactive');
  // 3, 4. Access.
  for (const userId of await usersOfEmployee(before)) {
    await setMembershipLeft(userId, before.businessId, leftAt);
    await signOutEverywhere(userId);
  }
  // 5. Leads.
  let leadsMoved = 0;
  for (const contact of await listContactsOfEmployee(before.employeeId)) {
    if (await reassignContact(contact.contactId, before, leadsTo)) leadsMoved += 1;
  }
  return { employee: await employeeDto(before.employeeId), leadsMoved };
}

/**
 * The Employee Profile dialog's save (business area): a status saved as Inactive is leaving — the other fields first,
 * then the leaver flow with its defaults (the default successor, leads to the creator); saved back from Inactive, coming back.
 */
export async function updateEmployeeOrLeave(caller: Caller, businessId: string, employeeId: string, input: EmployeeUpdate): Promise<Employee> {
  await assertMay(caller, businessId, 'employees');
  const before = await employeeOf(businessId, employeeId);
  if (input.status === 'inactive' && before.status !== 'inactive') {
    const business = await getBusiness(businessId);
    if (before.userId !== undefined && before.userId === business?.ownerId) throw new AppError('CONFLICT', messages.leavers.creatorStays);
    await updateEmployee(caller, businessId, employeeId, { ...input, status: before.status });
    return (await leave(await employeeOf(businessId, employeeId))).employee;
  }
  const saved = await updateEmployee(caller, businessId, employeeId, input);
  if (before.status === 'inactive' && input.status !== 'inactive') await comeBack(before);
  return saved;
}

/** Reactivates: the card shows again and the access comes back; the leads stay where they went. */
export async function reactivateEmployee(caller: Caller, businessId: string, employeeId: string): Promise<LeaverOutcome> {
  await assertMay(caller, businessId, 'employees');
  const before = await employeeOf(businessId, employeeId);
  if (before.status !== 'inactive') throw new AppError('CONFLICT', messages.leavers.notInactive);
  return rejoin(before);
}

/** Reactivation without the caller check (SCIM's `active: true`): status Active, then `comeBack`. Safe to repeat. */
export async function rejoin(before: EmployeeRecord): Promise<LeaverOutcome> {
  if (before.status !== 'active') await saveEmployeeStatus(before, 'active');
  await comeBack(before);
  return { employee: await employeeDto(before.employeeId), leadsMoved: 0 };
}

/** After the status became active again (here or in the profile save): the leaver item goes, the membership counts. */
export async function comeBack(employee: EmployeeRecord): Promise<void> {
  if (employee.cardId) await deleteLeaver(employee.cardId);
  else {
    const card = await getCardOfEmployee(employee);
    if (card) await deleteLeaver(card.cardId);
  }
  for (const userId of await usersOfEmployee(employee)) await setMembershipLeft(userId, employee.businessId, null);
}

/**
 * Before an (inactive) employee and their card are deleted: their leaver item stays as the card's tombstone. An
 * employee made inactive before leavers existed has none yet; it is written from the card (no way on but the company).
 */
export async function keepTombstone(employee: EmployeeRecord, card: CardRecord): Promise<void> {
  if (await getLeaver(card.cardId)) return;
  await putLeaver({
    cardId: card.cardId,
    businessId: employee.businessId,
    employeeId: employee.employeeId,
    name: employee.name,
    businessName: card.business.name,
    website: card.business.website,
    logoUrl: card.business.logoUrl,
    primaryColor: card.business.primaryColor,
    secondaryColor: card.business.secondaryColor,
    accentColor: card.business.accentColor,
    leftAt: employee.updatedAt ?? new Date().toISOString(),
  });
}

async function employeeDto(employeeId: string): Promise<Employee> {
  const employee = await getEmployee(employeeId);
  if (!employee) throw notFound('Employee not found.');
  const card = await getCardOfEmployee(employee);
  return toEmployeeDto(employee, card, card ? await getCardScanTotal(card.cardId) : 0);
}

/** Our token cut-off (every token they hold is refused now) and Cognito's global sign-out (their refresh tokens). */
async function signOutEverywhere(userId: string): Promise<void> {
  // A user without a profile has no cut-off to set; the left membership refuses them all the same.
  await endSessions(userId).catch((error: unknown) => {
    if (!isConditionalFailure(error)) throw error;
  });
  if (!(await globalSignOut(userId))) logger.warn('leaver has no Cognito user to sign out', { userId });
}
