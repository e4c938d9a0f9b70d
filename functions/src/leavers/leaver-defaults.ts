// Company Settings' leaver defaults (issue 39): whose card a leaver's page points to when nobody picks a colleague —
// a SCIM deactivation, a status saved as Inactive, a deactivation call without `successorCardId` — a person per
// department first, else one person for the business. Saved only with active people of the business who have a card
// (the server decides, whatever the form sent); used only while they still are, else passed over.
import type { LeaverDefaults, LeaverDefaultsUpdate } from '../../../shared/schemas/leavers';
import { messages } from '../../../shared/messages';
import { recordAudit } from '../audit/audit-entry';
import { getBusiness, getCard, getEmployee, type BusinessRecord, type EmployeeRecord } from '../business/repository';
import type { Caller } from '../identity/caller';
import { assertMay } from '../identity/access';
import { AppError, notFound } from '../lib/errors';
import { setLeaverDefaults } from '../business/leaver-repository';

const sameDepartment = (a: string | undefined, b: string | undefined) => Boolean(a && b && a.trim().toLowerCase() === b.trim().toLowerCase());

/** A successor that may be used now: an active employee of the business, not the leaver, with an active card. */
async function usableSuccessor(businessId: string, employeeId: string | undefined, leaverId: string): Promise<{ employeeId: string; cardId: string; name: string } | null> {
  if (!employeeId || employeeId === leaverId) return null;
  const employee = await getEmployee(employeeId);
  if (!employee || employee.businessId !== businessId || employee.status !== 'active' || !employee.cardId) return null;
  const card = await getCard(employee.cardId);
  if (!card || card.businessId !== businessId || !card.isActive) return null;
  return { employeeId, cardId: card.cardId, name: card.profile.name };
}

/** The default successor for `leaver`: their department's person, else the business's; each only while usable. */
export async function defaultSuccessorOf(business: BusinessRecord, leaver: Pick<EmployeeRecord, 'employeeId' | 'department'>): Promise<{ employeeId: string; cardId: string; name: string } | null> {
  const byDepartment = business.departmentSuccessors?.find((d) => sameDepartment(d.department, leaver.department));
  return (
    (await usableSuccessor(business.businessId, byDepartment?.employeeId, leaver.employeeId)) ??
    (await usableSuccessor(business.businessId, business.defaultSuccessorId, leaver.employeeId))
  );
}

async function viewOf(business: Pick<BusinessRecord, 'businessId' | 'defaultSuccessorId' | 'departmentSuccessors'>): Promise<LeaverDefaults> {
  const ids = [...new Set([business.defaultSuccessorId, ...(business.departmentSuccessors ?? []).map((d) => d.employeeId)].filter((id): id is string => Boolean(id)))];
  const people = new Map((await Promise.all(ids.map(getEmployee))).flatMap((e) => (e && e.businessId === business.businessId ? [[e.employeeId, e] as const] : [])));
  const person = (id: string | undefined) => {
    const e = id ? people.get(id) : undefined;
    return e ? { employeeId: e.employeeId, name: e.name, active: e.status === 'active' && Boolean(e.cardId) } : null;
  };
  return {
    successor: person(business.defaultSuccessorId),
    departments: (business.departmentSuccessors ?? []).flatMap((d) => {
      const successor = person(d.employeeId);
      return successor ? [{ department: d.department, successor }] : [];
    }),
  };
}

export async function getLeaverDefaults(caller: Caller, businessId: string): Promise<LeaverDefaults> {
  await assertMay(caller, businessId, 'settings');
  const business = await getBusiness(businessId);
  if (!business) throw notFound('Business not found.');
  return viewOf(business);
}

/** Which of the two defaults a save changes (the log names them, like other settings' changes). */
function changedDefaults(before: Pick<BusinessRecord, 'defaultSuccessorId' | 'departmentSuccessors'>, successorId: string | undefined, departments: { department: string; employeeId: string }[]): string[] {
  const byDepartment = (list: { department: string; employeeId: string }[] | undefined) => JSON.stringify((list ?? []).map((d) => [d.department, d.employeeId]));
  return [
    ...((before.defaultSuccessorId ?? undefined) !== successorId ? ['defaultSuccessor'] : []),
    ...(byDepartment(before.departmentSuccessors) !== byDepartment(departments) ? ['departmentSuccessors'] : []),
  ];
}

/** Saves the defaults; every person named must be an active employee of this business with a card (400 per field otherwise, nothing stored). */
export async function saveLeaverDefaults(caller: Caller, businessId: string, input: LeaverDefaultsUpdate): Promise<LeaverDefaults> {
  await assertMay(caller, businessId, 'settings');
  const business = await getBusiness(businessId);
  if (!business) throw notFound('Business not found.');
  const named: [field: string, employeeId: string][] = [
    ...(input.successorEmployeeId ? [['successorEmployeeId', input.successorEmployeeId] as [string, string]] : []),
    ...input.departments.map((d, i) => [`departments.${i}.successorEmployeeId`, d.successorEmployeeId] as [string, string]),
  ];
  const checked = await Promise.all(named.map(async ([field, id]) => [field, await getEmployee(id)] as const));
  const problems = Object.fromEntries(
    checked.filter(([, e]) => !e || e.businessId !== businessId || e.status !== 'active' || !e.cardId).map(([field]) => [field, messages.leavers.defaultSuccessorNotActive]),
  );
  if (Object.keys(problems).length > 0) throw new AppError('VALIDATION_FAILED', messages.leavers.defaultSuccessorNotActive, problems);
  const departments = input.departments.map((d) => ({ department: d.department, employeeId: d.successorEmployeeId }));
  await setLeaverDefaults(businessId, input.successorEmployeeId, departments);
  const fields = changedDefaults(business, input.successorEmployeeId ?? undefined, departments);
  if (fields.length) await recordAudit({ businessId, action: 'business.leaverDefaultsChanged', target: { type: 'business', id: businessId, label: business.name }, fields });
  return viewOf({ businessId, defaultSuccessorId: input.successorEmployeeId ?? undefined, departmentSuccessors: departments });
}
