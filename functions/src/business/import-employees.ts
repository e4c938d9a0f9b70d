// Import employees (issue 11 §1): one batch of a CSV file's rows. Each row is validated with the Add Employee schema,
// a repeated email is flagged, an email that is already an employee of the business is updated (or skipped, as the
// user chose) and the rest are created with their cards, scan totals, e-mail guards and counters, 24 to a transaction:
// a row is written whole or not at all, and its outcome says which. A dry run decides every outcome and writes nothing.
// Importing the same file again changes nothing: every row is then an existing, unchanged employee.
// Line breaks in a cell (a spreadsheet's Alt+Enter) are joined with a space before the row is validated: every
// employee field is a single line, and a person who typed it in a form is still refused one (shared text rule).
// QR images are not rendered here (two S3 writes and a render per row); the dashboard generates a card's image the
// first time it shows the card, as after a failed generation (docs/decisions.md).
import { importedEmployeeSchema, type EmployeeImportRequest, type EmployeeImportResponse, type ImportRow, type ImportRowResult } from '../../../shared/schemas/employee-import';
import { messages } from '../../../shared/messages';
import { db } from '../data/entities';
import type { Caller } from '../identity/caller';
import { assertMay } from '../identity/access';
import { fieldErrorsOf } from '../http/http';
import { newId } from '../lib/ids';
import { logger } from '../lib/logger';
import { compact } from '../lib/values';
import { newCardOf } from './card-snapshot';
import { withFreshBusiness } from './fresh-business';
import { createEmployeesWithCards, EmailsTakenError, EMPLOYEES_PER_TRANSACTION, type EmployeeRecord, type EmployeeWithCard } from './repository';
import { saveEmployee } from './update-employee';
import { departmentSpellings } from './department-repository';
import { departmentKey } from '../../../shared/schemas/department';

/** The fields a row can change on an existing employee (the file's columns; email is how the row finds them). */
const updatableFields = ['name', 'officePhone', 'mobilePhone', 'jobTitle', 'department', 'linkedinProfile', 'status'] as const;

type Valid = { row: ImportRow; employee: ReturnType<typeof importedEmployeeSchema.parse> };

const LINE_BREAK = /[\r\n\u2028\u2029]/u;
/** Line breaks with the spaces around them; a break at either end is trimmed away with the cell. */
const LINE_BREAKS = /\s*[\r\n\u2028\u2029]+\s*/gu;

/** The row's cells with inner line breaks joined by a space, and a notice on each cell that had some. */
function joinLineBreaks(row: ImportRow): { cells: Omit<ImportRow, 'line'>; notices?: Record<string, string> } {
  const { line: _line, ...cells } = row;
  const notices: Record<string, string> = {};
  for (const [field, value] of Object.entries(cells) as [keyof typeof cells, string | undefined][]) {
    const trimmed = value?.trim();
    if (!trimmed || !LINE_BREAK.test(trimmed)) continue;
    cells[field] = trimmed.replace(LINE_BREAKS, ' ');
    notices[field] = messages.employeeImport.lineBreaksJoined;
  }
  return Object.keys(notices).length > 0 ? { cells, notices } : { cells };
}

export async function importEmployees(caller: Caller, businessId: string, request: EmployeeImportRequest): Promise<EmployeeImportResponse> {
  await assertMay(caller, businessId, 'employees');
  const results = new Map<number, ImportRowResult>();
  const valid: Valid[] = [];
  const seen = new Set<string>();
  const noticesOf = new Map<number, Record<string, string>>();
  for (const row of request.rows) {
    const { line } = row;
    const { cells, notices } = joinLineBreaks(row);
    if (notices) noticesOf.set(line, notices);
    const parsed = importedEmployeeSchema.safeParse(cells);
    if (!parsed.success) results.set(line, { line, outcome: 'invalid', errors: fieldErrorsOf(parsed.error) });
    else if (seen.has(parsed.data.email)) results.set(line, { line, outcome: 'duplicate', errors: { email: messages.employeeImport.duplicate } });
    else {
      seen.add(parsed.data.email);
      valid.push({ row: { line, ...cells }, employee: parsed.data });
    }
  }

  // The Department column: names the business lacks become departments (not on a dry run), and every row takes the
  // business's spelling of its department, so 'sales' in a file joins Sales rather than shadowing it.
  const spellings = await departmentSpellings(businessId, valid.flatMap((v) => (v.employee.department ? [v.employee.department] : [])), !request.dryRun);
  for (const v of valid) if (v.employee.department) v.employee.department = spellings.get(departmentKey(v.employee.department)) ?? v.employee.department;

  const existing = await employeesByEmail(businessId, [...seen]);
  const toCreate = valid.filter((v) => !existing.has(v.employee.email));
  const toUpdate = valid.filter((v) => existing.has(v.employee.email));
  for (const v of toUpdate) results.set(v.row.line, await existingRowResult(existing.get(v.employee.email)!, v, request));
  if (request.dryRun) for (const v of toCreate) results.set(v.row.line, { line: v.row.line, outcome: 'create' });
  else for (const result of await createRows(businessId, toCreate, request)) results.set(result.line, result);

  return {
    dryRun: request.dryRun,
    results: request.rows.map(({ line }) => {
      const notices = noticesOf.get(line);
      return notices ? { ...results.get(line)!, notices } : results.get(line)!;
    }),
  };
}

/** The business's employees with these (lower-cased) emails, through their e-mail guards: BatchGets of 100. */
async function employeesByEmail(businessId: string, emails: string[]): Promise<Map<string, EmployeeRecord>> {
  if (emails.length === 0) return new Map();
  const { data: guards } = await db()
    .employeeEmailGuard.get(emails.map((email) => ({ businessId, email })))
    .go({ consistent: true });
  if (guards.length === 0) return new Map();
  const { data: employees } = await db()
    .employee.get(guards.map((g) => ({ employeeId: g.employeeId })))
    .go({ consistent: true });
  return new Map(employees.filter((e) => e.businessId === businessId).map((e) => [e.email.toLowerCase(), e]));
}

/** The row's values for the columns the file has; an empty cell clears the field. */
function changesOf(v: Valid): Partial<Record<(typeof updatableFields)[number], string | null>> {
  return Object.fromEntries(updatableFields.filter((field) => v.row[field] !== undefined).map((field) => [field, v.employee[field] ?? null]));
}

/** A row whose email is an employee of the business: skipped, or compared with them and updated if it differs. */
async function existingRowResult(before: EmployeeRecord, v: Valid, request: EmployeeImportRequest): Promise<ImportRowResult> {
  if (request.onExisting === 'skip') return { line: v.row.line, outcome: 'skip', employeeId: before.employeeId };
  return updateFromRow(before, v, request.dryRun);
}

async function updateFromRow(before: EmployeeRecord, v: Valid, dryRun: boolean): Promise<ImportRowResult> {
  const line = v.row.line;
  const employeeId = before.employeeId;
  const changes = changesOf(v);
  const changed = Object.entries(changes).some(([field, value]) => (before[field as keyof EmployeeRecord] ?? null) !== value);
  if (!changed) return { line, outcome: 'unchanged', employeeId };
  if (dryRun) return { line, outcome: 'update', employeeId };
  const current = (field: (typeof updatableFields)[number]) => (field in changes ? (changes[field] ?? null) : (before[field] ?? null));
  try {
    await saveEmployee(before, {
      name: current('name')!,
      email: before.email,
      phone: before.phone ?? null,
      officePhone: current('officePhone'),
      mobilePhone: current('mobilePhone'),
      jobTitle: current('jobTitle'),
      department: current('department'),
      linkedinProfile: current('linkedinProfile'),
      role: before.role,
      status: current('status') as EmployeeRecord['status'],
    });
    return { line, outcome: 'update', employeeId };
  } catch (error) {
    logger.warn('import could not update an employee', { employeeId, error: error as Error });
    return { line, outcome: 'failed', employeeId, errors: { _: (error as Error).message || messages.employeeImport.failed } };
  }
}

/** Rounds of refused e-mail guards a transaction may go through before its rows are reported failed. */
const GUARD_ROUNDS = 5;

/**
 * Creates the rows 24 to a transaction. A row whose email became an employee meanwhile (the same file imported by a
 * request racing this one) is an existing employee now: it is reported as such (unchanged, updated or skipped) and its
 * transaction retried without it. Any other failure fails that transaction's rows (none of them was written) and the
 * import goes on.
 */
async function createRows(businessId: string, rows: Valid[], request: EmployeeImportRequest): Promise<ImportRowResult[]> {
  const results: ImportRowResult[] = [];
  for (let start = 0; start < rows.length; start += EMPLOYEES_PER_TRANSACTION) {
    let batch = rows.slice(start, start + EMPLOYEES_PER_TRANSACTION).map((v) => ({ v, employeeId: newId(), cardId: newId() }));
    let guardRounds = 0;
    while (batch.length > 0) {
      try {
        await withFreshBusiness(businessId, (business) =>
          createEmployeesWithCards(
            batch.map(({ v, employeeId, cardId }): EmployeeWithCard => {
              const employee = { ...compact({ ...v.employee, status: v.employee.status ?? 'draft', role: 'employee' as const }), employeeId, businessId };
              return { employee, card: newCardOf(cardId, employee, business) };
            }),
            'employees.imported',
          ),
        );
        results.push(...batch.map(({ v, employeeId }) => ({ line: v.row.line, outcome: 'create' as const, employeeId })));
        break;
      } catch (error) {
        if (error instanceof EmailsTakenError && ++guardRounds <= GUARD_ROUNDS) {
          const taken = batch.filter((_, i) => error.indexes.includes(i));
          const now = await employeesByEmail(businessId, taken.map(({ v }) => v.employee.email));
          for (const { v } of taken) {
            const before = now.get(v.employee.email);
            if (before) results.push(await existingRowResult(before, v, request));
          }
          // A guard refused by a transaction that conflicted with ours, not by an employee, is simply tried again.
          batch = batch.filter(({ v }) => !now.has(v.employee.email));
          continue;
        }
        logger.warn('import could not create a batch of employees', { businessId, rows: batch.length, error: error as Error });
        results.push(...batch.map(({ v }) => ({ line: v.row.line, outcome: 'failed' as const, errors: { _: messages.employeeImport.failed } })));
        break;
      }
    }
  }
  return results;
}
