// Access patterns of a business's departments (docs/access-patterns.md): the list (one Query of the business's
// partition), add and rename with the name guard in the same transaction, delete, and the bounded rewrite of the
// employees (and their cards' copies) a rename names.
import { db } from '../data/entities';
import { isConditionalFailure } from '../data/conditional';
import { AppError } from '../lib/errors';
import { newId } from '../lib/ids';
import { departmentMessages } from '../../../shared/messages/departments';
import { departmentKey } from '../../../shared/schemas/department';
import { auditPut } from '../audit/audit-entry';

export interface DepartmentRecord {
  businessId: string;
  departmentId: string;
  name: string;
  previousName?: string;
  createdAt?: string;
  updatedAt?: string;
}

const nameTaken = () => new AppError('CONFLICT', departmentMessages.nameTaken, { name: departmentMessages.nameTaken });

/** Every department of a business (a business has tens, not thousands: one Query, all pages). */
export async function listDepartmentsOfBusiness(businessId: string): Promise<DepartmentRecord[]> {
  const { data } = await db().department.query.primary({ businessId }).go({ pages: 'all' });
  return data;
}

/** One department of a business, or null. */
export async function getDepartment(businessId: string, departmentId: string): Promise<DepartmentRecord | null> {
  const { data } = await db().department.get({ businessId, departmentId }).go({ consistent: true });
  return data;
}

/** Every employee's department of a business (projected: the counts and the rename read only these). */
export async function listEmployeeDepartments(businessId: string): Promise<{ employeeId: string; department?: string }[]> {
  const { data } = await db().employee.query.dashboard({ businessId }).go({ pages: 'all', attributes: ['employeeId', 'department'] });
  return data;
}

/** Adds a department with its name guard in one transaction; a name the business already has (any case) is a 409. */
export async function createDepartmentRecord(businessId: string, name: string): Promise<DepartmentRecord> {
  const departmentId = newId();
  const result = await db()
    .service.transaction.write(({ department, departmentNameGuard, auditEntry }) => [
      departmentNameGuard.create({ businessId, nameKey: departmentKey(name), departmentId }).commit(),
      department.create({ businessId, departmentId, name }).commit(),
      auditPut(auditEntry, { businessId, action: 'department.created', target: { type: 'department', id: departmentId, label: name } }),
    ])
    .go();
  if (result.canceled) throw nameTaken();
  return { businessId, departmentId, name };
}

/**
 * The departments named in `names` that the business lacks, added (CSV import, SCIM groups, an employee save). Two
 * writers adding the same name at once both end with one record: the guard refuses the second, which is what it wanted.
 */
export async function ensureDepartments(businessId: string, names: Iterable<string>): Promise<void> {
  const existing = new Set((await listDepartmentsOfBusiness(businessId)).flatMap((d) => [departmentKey(d.name), ...(d.previousName ? [departmentKey(d.previousName)] : [])]));
  const missing = new Map<string, string>();
  for (const name of names) {
    const key = departmentKey(name);
    if (key && !existing.has(key) && !missing.has(key)) missing.set(key, name.trim());
  }
  for (const name of missing.values()) {
    try {
      await createDepartmentRecord(businessId, name);
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
    }
  }
}

/**
 * The business's spelling of each name (key: `departmentKey`), after adding those it lacks when `add` (a dry run adds
 * nothing: the names it lacks keep the file's spelling).
 */
export async function departmentSpellings(businessId: string, names: Iterable<string>, add: boolean): Promise<Map<string, string>> {
  if (add) await ensureDepartments(businessId, names);
  return new Map((await listDepartmentsOfBusiness(businessId)).map((d) => [departmentKey(d.name), d.name]));
}

/**
 * Renames a department in one transaction: the record (only while it still has the name read, and keeping the old
 * name in `previousName` until its employees follow), its name guard swapped, and the leaver defaults naming the old
 * name. A name another department has is a 409.
 */
export async function renameDepartmentRecord(before: DepartmentRecord, name: string, departmentSuccessors: { department: string; employeeId: string }[] | undefined): Promise<void> {
  const { businessId, departmentId } = before;
  const oldKey = departmentKey(before.name);
  const newKey = departmentKey(name);
  const successorsRenamed = departmentSuccessors?.some((d) => departmentKey(d.department) === oldKey)
    ? departmentSuccessors.map((d) => (departmentKey(d.department) === oldKey ? { ...d, department: name } : d))
    : null;
  const result = await db()
    .service.transaction.write(({ department, departmentNameGuard, business, auditEntry }) => {
      const items = [
        department
          .patch({ businessId, departmentId })
          .set({ name, previousName: before.previousName ?? before.name })
          .where((attr, { eq }) => eq(attr.name, before.name))
          .commit(),
      ];
      if (newKey !== oldKey) {
        items.push(departmentNameGuard.delete({ businessId, nameKey: oldKey }).where((attr, { eq }) => eq(attr.departmentId, departmentId)).commit() as never);
        items.push(departmentNameGuard.create({ businessId, nameKey: newKey, departmentId }).commit() as never);
      }
      if (successorsRenamed) items.push(business.patch({ businessId }).set({ departmentSuccessors: successorsRenamed }).commit() as never);
      items.push(auditPut(auditEntry, { businessId, action: 'department.renamed', target: { type: 'department', id: departmentId, label: name }, fields: ['name'] }) as never);
      return items;
    })
    .go();
  if (result.canceled) {
    const outcomes = result.data as { rejected?: boolean }[];
    if (newKey !== oldKey && outcomes[2]?.rejected) throw nameTaken();
    throw new AppError('CONFLICT', departmentMessages.notFound);
  }
}

/** Employees rewritten per flight: a few hundred employees take a second or two, few enough not to be throttled. */
const RENAME_CONCURRENCY = 10;

/**
 * Copies a rename onto every employee whose department is `from` (case and surrounding spaces ignored: every spelling
 * of it, so a backfill may pass `from` = `to` to make the spellings one) and onto their card's public copy,
 * each employee and card in one transaction that only writes while the employee still names `from`. Running it again
 * changes nothing; then `previousName` is removed (the rename is complete). Returns the employees rewritten.
 */
export async function copyRenameToEmployees(department: DepartmentRecord, from: string, to: string): Promise<number> {
  const { businessId } = department;
  const fromKey = departmentKey(from);
  const named = (await listEmployeeDepartments(businessId)).filter((e) => e.department !== undefined && departmentKey(e.department) === fromKey && e.department !== to);
  let rewritten = 0;
  for (let i = 0; i < named.length; i += RENAME_CONCURRENCY) {
    const outcomes = await Promise.allSettled(named.slice(i, i + RENAME_CONCURRENCY).map((e) => renameOnEmployee(e.employeeId, e.department!, to)));
    for (const outcome of outcomes) {
      if (outcome.status === 'fulfilled') rewritten += outcome.value ? 1 : 0;
      else throw outcome.reason;
    }
  }
  await db()
    .department.patch({ businessId, departmentId: department.departmentId })
    .remove(['previousName'])
    .where((attr, { eq }) => eq(attr.name, to))
    .go({ response: 'none' })
    .catch((error: unknown) => {
      // Renamed again meanwhile: that rename finishes the copy.
      if (!isConditionalFailure(error)) throw error;
    });
  return rewritten;
}

/** One employee and its card follow a rename; false when the employee changed department (or left) meanwhile. */
async function renameOnEmployee(employeeId: string, from: string, to: string): Promise<boolean> {
  const { employee: employees, card: cards } = db();
  const { data: employee } = await employees.get({ employeeId }).go({ consistent: true });
  if (!employee || employee.department !== from) return false;
  const { data: card } = employee.cardId ? await cards.get({ cardId: employee.cardId }).go({ consistent: true }) : { data: null };
  const result = await db()
    .service.transaction.write(({ employee: e, card: c }) => {
      const items = [e.patch({ employeeId }).set({ department: to }).where((attr, { eq }) => eq(attr.department, from)).commit()];
      if (card) items.push(c.patch({ cardId: card.cardId }).set({ profile: { ...card.profile, department: to } }).commit() as never);
      return items;
    })
    .go();
  return !result.canceled;
}

/** Deletes a department and its name guard (the service checked it has no employees). */
export async function deleteDepartmentRecord(department: DepartmentRecord): Promise<void> {
  const { businessId, departmentId } = department;
  const result = await db()
    .service.transaction.write(({ department: d, departmentNameGuard, auditEntry }) => [
      d.delete({ businessId, departmentId }).where((attr, { eq }) => eq(attr.name, department.name)).commit(),
      departmentNameGuard.delete({ businessId, nameKey: departmentKey(department.name) }).commit(),
      auditPut(auditEntry, { businessId, action: 'department.deleted', target: { type: 'department', id: departmentId, label: department.name } }),
    ])
    .go();
  if (result.canceled) throw new AppError('CONFLICT', departmentMessages.notFound);
}
