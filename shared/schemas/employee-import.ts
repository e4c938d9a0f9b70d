// Import employees from a CSV file (issue 11 §1). The browser reads the file (shared/employee-csv.ts) and sends its
// rows in batches; the server validates each row with the Add Employee schema (it is the authority), compares it with
// the business's employees and — unless it is a dry run (the preview) — writes it. Outcomes are per row, by line.
import * as z from '../zod';
import { messages } from '../messages';
import { employeeCreateSchema, employeeStatuses } from './employee';

/** Rows per request: ten transactions of 24 employees (shared with the server's EMPLOYEES_PER_TRANSACTION). */
export const IMPORT_BATCH_ROWS = 240;

/** A cell as the file has it; the row schema below decides what it means. Absent: the file has no such column. */
const cell = z.optional(z.string().check(z.maxLength(2000, 'Must be at most 2000 characters')));

export const importRowSchema = z.strictObject({
  line: z.int().check(z.gte(1), z.lte(100_000)),
  name: cell,
  email: cell,
  officePhone: cell,
  mobilePhone: cell,
  jobTitle: cell,
  department: cell,
  linkedinProfile: cell,
  status: cell,
});
export type ImportRow = z.infer<typeof importRowSchema>;

/** What a row must be to become an employee: Add Employee's fields and rules; Status read as Draft/Active/Inactive. */
export const importedEmployeeSchema = z.extend(z.omit(employeeCreateSchema, { role: true, status: true }), {
  status: z.pipe(
    z.transform((value) => (typeof value === 'string' && value.trim() !== '' ? value.trim().toLowerCase() : undefined)),
    z.optional(z.enum(employeeStatuses, { error: messages.employeeImport.invalidStatus })),
  ),
});

export const importModes = ['update', 'skip'] as const;
export type ImportMode = (typeof importModes)[number];

export const employeeImportRequestSchema = z.strictObject({
  rows: z.array(importRowSchema).check(
    z.minLength(1),
    z.maxLength(IMPORT_BATCH_ROWS, `At most ${IMPORT_BATCH_ROWS} rows per request`),
    // Outcomes are reported by line: two rows may not share one.
    z.refine((rows) => new Set(rows.map((row) => row.line)).size === rows.length, 'Each row needs a line number of its own'),
  ),
  /** A row whose email is already an employee of the business: update that employee, or leave them as they are. */
  onExisting: z.enum(importModes),
  /** The preview: every outcome decided, nothing written. */
  dryRun: z.boolean(),
});
export type EmployeeImportRequest = z.infer<typeof employeeImportRequestSchema>;

/**
 * create / update: the row makes (dry run: would make) a new employee / changes an existing one; unchanged: the
 * existing employee already reads so; skip: it exists and the user chose to skip; invalid: `errors` says why;
 * duplicate: its email came earlier in the file; failed: it could not be written (nothing of it was).
 */
export const importOutcomes = ['create', 'update', 'unchanged', 'skip', 'invalid', 'duplicate', 'failed'] as const;
export type ImportOutcome = (typeof importOutcomes)[number];

export const importRowResultSchema = z.object({
  line: z.int(),
  outcome: z.enum(importOutcomes),
  employeeId: z.optional(z.string()),
  /** Field → message for invalid rows; `_` for a row-level reason. */
  errors: z.optional(z.record(z.string(), z.string())),
  /** Field → what the import did to the cell to take it (line breaks joined); the row is imported. */
  notices: z.optional(z.record(z.string(), z.string())),
});
export type ImportRowResult = z.infer<typeof importRowResultSchema>;

export const employeeImportResponseSchema = z.object({ dryRun: z.boolean(), results: z.array(importRowResultSchema) });
export type EmployeeImportResponse = z.infer<typeof employeeImportResponseSchema>;
