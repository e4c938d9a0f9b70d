// Company Settings → Departments: the business's departments with their employee counts, add, rename (every
// employee and card of the department follows) and delete (only an empty one). The employee forms pick from the list.
import type { Department, DepartmentList, DepartmentSave } from '../../../shared/schemas/department';
import { departmentKey } from '../../../shared/schemas/department';
import { departmentMessages } from '../../../shared/messages/departments';
import type { Caller } from '../identity/caller';
import { assertMay, businessRoleOf } from '../identity/access';
import { AppError, notFound } from '../lib/errors';
import {
  copyRenameToEmployees,
  createDepartmentRecord,
  deleteDepartmentRecord,
  ensureDepartments,
  getDepartment,
  listDepartmentsOfBusiness,
  listEmployeeDepartments,
  renameDepartmentRecord,
  type DepartmentRecord,
} from './department-repository';
import { getBusiness } from './repository';

// Made on first use, not at load: a Lambda makes no Intl call while it cold-starts (tests/infra/lambda-bundles.test.ts).
let collator: Intl.Collator | undefined;
const byName = () => (collator ??= new Intl.Collator('en', { sensitivity: 'base', numeric: true }));

/** The departments with their counts: one Query of the departments, one projected Query of the employees. */
async function departmentView(businessId: string): Promise<DepartmentList> {
  const [departments, employees] = await Promise.all([listDepartmentsOfBusiness(businessId), listEmployeeDepartments(businessId)]);
  const counts = new Map<string, number>();
  for (const e of employees) {
    const key = e.department ? departmentKey(e.department) : '';
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  // While a rename is being copied, the employees not yet rewritten still count for it.
  const countOf = (d: DepartmentRecord) => (counts.get(departmentKey(d.name)) ?? 0) + (d.previousName && departmentKey(d.previousName) !== departmentKey(d.name) ? (counts.get(departmentKey(d.previousName)) ?? 0) : 0);
  return {
    departments: departments
      .map((d): Department => ({ departmentId: d.departmentId, name: d.name, employeeCount: countOf(d) }))
      .sort((a, b) => byName().compare(a.name, b.name)),
    withoutDepartment: counts.get('') ?? 0,
  };
}

async function departmentOf(businessId: string, departmentId: string): Promise<DepartmentRecord> {
  const department = await getDepartment(businessId, departmentId);
  if (!department) throw notFound(departmentMessages.notFound);
  return department;
}

/**
 * The list (the dashboard's filter, the employee forms, Company Settings): whoever manages the business's employees,
 * and every member of the business, whose own profile picks from it.
 */
export async function listDepartments(caller: Caller, businessId: string): Promise<DepartmentList> {
  if (businessRoleOf(caller, businessId) === null) await assertMay(caller, businessId, 'employees');
  return departmentView(businessId);
}

export async function createDepartment(caller: Caller, businessId: string, input: DepartmentSave): Promise<DepartmentList> {
  await assertMay(caller, businessId, 'settings');
  await createDepartmentRecord(businessId, input.name);
  return departmentView(businessId);
}

/**
 * Renames a department everywhere: the record at once (one transaction), then every employee and card naming it. A
 * repeat of the same rename finishes a copy that an earlier failure left half done (`previousName` is still set).
 */
export async function renameDepartment(caller: Caller, businessId: string, departmentId: string, input: DepartmentSave): Promise<DepartmentList> {
  await assertMay(caller, businessId, 'settings');
  const department = await departmentOf(businessId, departmentId);
  if (department.name !== input.name) {
    const business = await getBusiness(businessId);
    if (!business) throw notFound('Business not found.');
    await renameDepartmentRecord(department, input.name, business.departmentSuccessors);
  }
  const from = department.name !== input.name ? (department.previousName ?? department.name) : department.previousName;
  if (from) {
    await copyRenameToEmployees(department, from, input.name);
    // A chain of renames (A → B failed half way, then B → C): the employees still on B follow too.
    if (department.name !== input.name && department.previousName) await copyRenameToEmployees(department, department.name, input.name);
  }
  return departmentView(businessId);
}

/** Deletes a department nobody is in (409 otherwise: its people would be left naming a department that is gone). */
export async function deleteDepartment(caller: Caller, businessId: string, departmentId: string): Promise<void> {
  await assertMay(caller, businessId, 'settings');
  const department = await departmentOf(businessId, departmentId);
  const { departments } = await departmentView(businessId);
  const count = departments.find((d) => d.departmentId === departmentId)?.employeeCount ?? 0;
  if (count > 0) throw new AppError('CONFLICT', departmentMessages.notEmpty);
  await deleteDepartmentRecord(department);
}

/**
 * The department an employee save stores: the business's own spelling of the name given (case ignored). A name the
 * business lacks is added when `mayAdd` (whoever manages employees, the CSV import, the directory), else refused:
 * an employee's own profile picks from the list.
 */
export async function departmentForSave(businessId: string, name: string | null | undefined, mayAdd: boolean): Promise<string | null> {
  if (!name) return null;
  const key = departmentKey(name);
  const found = (await listDepartmentsOfBusiness(businessId)).find((d) => departmentKey(d.name) === key);
  if (found) return found.name;
  if (!mayAdd) throw new AppError('VALIDATION_FAILED', departmentMessages.unknown, { department: departmentMessages.unknown });
  await ensureDepartments(businessId, [name]);
  return name.trim();
}

/**
 * A SCIM group is a department (directory sync): a new group adds its department, and a renamed group renames its
 * department (when the business has one by the old name and none by the new) with everyone in it, members or not.
 * The directory has checked the caller; a group's delete leaves its department (Company Settings deletes it once empty).
 */
export async function followDirectoryGroup(businessId: string, from: string | null, to: string): Promise<void> {
  const departments = await listDepartmentsOfBusiness(businessId);
  const named = (name: string) => departments.find((d) => departmentKey(d.name) === departmentKey(name));
  const old = from === null ? undefined : named(from);
  if (old && !named(to)) {
    const business = await getBusiness(businessId);
    await renameDepartmentRecord(old, to, business?.departmentSuccessors);
    await copyRenameToEmployees(old, old.name, to);
  } else {
    await ensureDepartments(businessId, [to]);
  }
}
