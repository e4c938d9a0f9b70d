// Departments from before they were records: each business's free-text departments on its employees (and its leaver
// defaults') become department records, and each employee takes the spelling of its department's record ('sales' and
// 'Sales ' join Sales, the first spelling met). An operator's one-off over a Scan of the businesses, never on a request
// path; idempotent (a second run adds and rewrites nothing).
import { db } from '../data/entities';
import { departmentKey } from '../../../shared/schemas/department';
import { copyRenameToEmployees, departmentSpellings, listDepartmentsOfBusiness, listEmployeeDepartments } from './department-repository';
import { getBusiness } from './repository';

export interface DepartmentBackfill {
  businesses: number;
  /** Department records added. */
  added: number;
  /** Employees whose department took its record's spelling. */
  respelled: number;
}

/** One business: the records its employees' and leaver defaults' department names lack, then their spellings. */
export async function backfillDepartmentsOfBusiness(businessId: string): Promise<{ added: number; respelled: number }> {
  const [employees, business, before] = await Promise.all([listEmployeeDepartments(businessId), getBusiness(businessId), listDepartmentsOfBusiness(businessId)]);
  const names = [...employees.flatMap((e) => (e.department ? [e.department] : [])), ...(business?.departmentSuccessors ?? []).map((d) => d.department)];
  await departmentSpellings(businessId, names, true);
  const records = await listDepartmentsOfBusiness(businessId);
  let respelled = 0;
  // Every other spelling of a record's name (case, spaces) is rewritten as a rename of the record would rewrite it.
  for (const record of records) {
    const key = departmentKey(record.name);
    if (employees.some((e) => e.department && e.department !== record.name && departmentKey(e.department) === key)) respelled += await copyRenameToEmployees(record, record.name, record.name);
  }
  return { added: records.length - before.length, respelled };
}

/** Every business (one when `businessId` is given); running it again changes nothing. */
export async function backfillDepartments(options: { businessId?: string; onProgress?: (result: DepartmentBackfill) => void } = {}): Promise<DepartmentBackfill> {
  const result: DepartmentBackfill = { businesses: 0, added: 0, respelled: 0 };
  if (options.businessId) {
    const one = await backfillDepartmentsOfBusiness(options.businessId);
    return { businesses: 1, ...one };
  }
  let cursor: string | null = null;
  do {
    const page: { data: { businessId: string }[]; cursor: string | null } = await db().business.query.all({ listing: 'businesses' }).go({ cursor, limit: 100, attributes: ['businessId'] });
    for (const { businessId } of page.data) {
      const one = await backfillDepartmentsOfBusiness(businessId);
      result.businesses += 1;
      result.added += one.added;
      result.respelled += one.respelled;
    }
    options.onProgress?.(result);
    cursor = page.cursor;
  } while (cursor);
  return result;
}
