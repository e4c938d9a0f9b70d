// Saving an employee profile: the owner's Employee Profile dialog (every field, role and status) and the employee's
// own portal and onboarding form (profile fields and photo only). Whenever a profile is saved the card's active flag
// follows the status (spec 2 §4) and the card's public copy follows the profile, in the same transaction.
import type { CardExtras } from '../../../shared/schemas/card-design';
import { cardIsActiveFor, type Employee, type EmployeeProfile, type EmployeeUpdate } from '../../../shared/schemas/employee';
import { messages } from '../../../shared/messages';
import type { Caller } from '../identity/caller';
import { assertMay, assertMayGiveRole } from '../identity/access';
import { AppError, notFound } from '../lib/errors';
import { logger } from '../lib/logger';
import { compact } from '../lib/values';
import { cardProfileOf, extrasOfRecord } from './card-snapshot';
import { deleteEmployeeMedia, photoKeysOf } from './employee-media';
import { getCardOfEmployee, updateEmployeeRecord, type EmployeeChanges } from './employee-repository';
import { toEmployeeDto } from './dto';
import { getBusiness, getCardScanTotal, getEmployee, type EmployeeRecord, type TransactionEntities } from './repository';
import { myEmployeeRecord } from './my-employee';
import { departmentForSave } from './departments';
import { departmentKey } from '../../../shared/schemas/department';

const orNullish = (value: string | undefined | null) => (value === undefined || value === '' ? null : value);

/** The stored form of the optional card fields of a save; none when the save leaves them out. */
function extrasChanges(extras: CardExtras | undefined): Pick<EmployeeChanges, 'pronouns' | 'bio' | 'bookingUrl' | 'officeAddress' | 'extraLinks'> {
  if (!extras) return {};
  return {
    pronouns: extras.pronouns,
    bio: extras.bio,
    bookingUrl: extras.bookingUrl,
    officeAddress: extras.officeAddress,
    extraLinks: extras.links.length > 0 ? extras.links : null,
  };
}

/** The owner's (or managing agency's, or an admin's) save of the Employee Profile dialog. */
export async function updateEmployee(caller: Caller, businessId: string, employeeId: string, input: EmployeeUpdate): Promise<Employee> {
  await assertMay(caller, businessId, 'employees');
  const employee = await getEmployee(employeeId);
  if (!employee || employee.businessId !== businessId) throw notFound('Employee not found.');
  await assertMayGiveRole(caller, businessId, employee.role, input.role);
  return saveEmployee(employee, input);
}

/** The employee's own save (portal, onboarding): their profile and photo; role and status stay as they are. */
export async function updateMyEmployee(caller: Caller, input: EmployeeProfile): Promise<Employee> {
  const employee = await myEmployeeRecord(caller);
  // An employee picks their department from the business's list; they do not add departments to it.
  const department = changesDepartment(employee, input.department) ? await departmentForSave(employee.businessId, input.department, false) : input.department;
  return saveEmployee(employee, { ...input, department, role: employee.role, status: employee.status });
}

/** An employee's stored profile fields as a save takes them (absent ones as null). */
export function profileOfRecord(e: EmployeeRecord) {
  return {
    name: e.name,
    email: e.email,
    phone: e.phone ?? null,
    officePhone: e.officePhone ?? null,
    mobilePhone: e.mobilePhone ?? null,
    jobTitle: e.jobTitle ?? null,
    department: e.department ?? null,
    linkedinProfile: e.linkedinProfile ?? null,
  };
}

/** Saves a new status only (the leaver flow, SCIM): the profile and the role stay as they are. */
export function saveEmployeeStatus(employee: EmployeeRecord, status: EmployeeRecord['status']): Promise<Employee> {
  return saveEmployee(employee, { ...profileOfRecord(employee), role: employee.role, status });
}

/** Whether a save names another department than the employee's (case ignored). */
function changesDepartment(before: EmployeeRecord, department: string | null | undefined): boolean {
  return departmentKey(department ?? '') !== departmentKey(before.department ?? '');
}

export async function saveEmployee(
  before: EmployeeRecord,
  input: EmployeeProfile & Pick<EmployeeUpdate, 'role' | 'status'>,
  /** More items written in the same transaction (directory sync's PUT). */
  extra?: (entities: TransactionEntities) => unknown[],
): Promise<Employee> {
  const business = await getBusiness(before.businessId);
  if (!business) throw notFound('Business not found.');
  // The person who created the business owns it through their own membership; the profile linked to them keeps
  // the Owner role, so a business can never be left without an owner (docs/decisions.md).
  const isCreator = before.userId !== undefined && before.userId === business.ownerId;
  if (isCreator && input.role !== 'owner') {
    throw new AppError('CONFLICT', messages.employee.ownerStaysOwner, { role: messages.employee.ownerStaysOwner });
  }

  const changes: EmployeeChanges = {
    name: input.name,
    email: input.email,
    phone: orNullish(input.phone),
    officePhone: orNullish(input.officePhone),
    mobilePhone: orNullish(input.mobilePhone),
    jobTitle: orNullish(input.jobTitle),
    // A department the business lacks joins its list (the CSV import, the directory, an API client): records stay complete.
    department: changesDepartment(before, input.department) ? await departmentForSave(before.businessId, input.department, true) : orNullish(input.department),
    linkedinProfile: orNullish(input.linkedinProfile),
    photoUrl: input.photoUrl === undefined ? undefined : orNullish(input.photoUrl),
    ...extrasChanges(input.cardExtras),
    role: input.role,
    status: input.status,
  };
  const photoUrl = changes.photoUrl === undefined ? before.photoUrl : (changes.photoUrl ?? undefined);
  const card = await getCardOfEmployee(before);
  // The optional card fields a save leaves out stay as they were, on the card too.
  const extras = input.cardExtras === undefined ? extrasOfRecord(before) : extrasChanges(input.cardExtras);
  await updateEmployeeRecord({
    before,
    card,
    changes,
    cardProfile: cardProfileOf(compact({ ...changes, ...extras, photoUrl })),
    cardIsActive: cardIsActiveFor(input.status),
    membershipRole: before.userId && !isCreator && input.role !== before.role ? input.role : undefined,
    extra,
  });

  // A photo the profile no longer shows is only storage now: delete it, best-effort.
  if (before.photoUrl && before.photoUrl !== photoUrl) {
    await deleteEmployeeMedia(photoKeysOf(before)).catch((error: Error) =>
      logger.warn('replaced photo was not deleted', { employeeId: before.employeeId, error }),
    );
  }
  const [employee, savedCard] = await Promise.all([getEmployee(before.employeeId), getCardOfEmployee(before)]);
  if (!employee) throw notFound('Employee not found.');
  return toEmployeeDto(employee, savedCard, savedCard ? await getCardScanTotal(savedCard.cardId) : 0);
}
