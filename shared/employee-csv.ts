// Employees as CSV (issue 11 §1): the columns of the template and the export, and reading a file a person made in a
// spreadsheet — UTF-8 with or without BOM, comma or semicolon, quoted fields (line breaks inside quotes included),
// CRLF or LF — with Papa Parse. Columns are found by header name, case and spacing ignored; unknown columns (the
// export's Card URL and Scans) are ignored. Every row keeps the line it starts on, for the preview's messages.
import Papa from 'papaparse';
import { employeeCsvColumns, type EmployeeCsvField } from './employee-csv-columns';
import { messages } from './messages';

export { employeeCsvColumns, type EmployeeCsvField };

export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 5000;

/** A row as the file has it: a field is absent when the file has no such column, '' when the cell is empty. */
export type EmployeeCsvRow = { line: number } & Partial<Record<EmployeeCsvField, string>>;

export type ParsedEmployeeCsv = { ok: true; rows: EmployeeCsvRow[] } | { ok: false; error: string };

const normaliseHeader = (header: string) => header.toLowerCase().replace(/[\s_\-.]/g, '');
/** Header spellings people use, normalised; the template's own names first. */
const headerAliases: Record<string, EmployeeCsvField> = {
  ...Object.fromEntries(employeeCsvColumns.map((c) => [normaliseHeader(c.header), c.field])),
  fullname: 'name',
  emailaddress: 'email',
  linkedinprofile: 'linkedinProfile',
  linkedinurl: 'linkedinProfile',
  title: 'jobTitle',
  phone: 'officePhone',
  mobile: 'mobilePhone',
};

/** A cell our export kept as text with a leading ' (shared/csv.ts) reads back as it was. */
const unescapeFormula = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

// NUL or the replacement character: bytes that were never UTF-8 text (a spreadsheet's binary file, an image).
const BINARY = /[\u0000\uFFFD]/u; // eslint-disable-line no-control-regex -- finding NUL is the point

export function parseEmployeeCsv(input: string): ParsedEmployeeCsv {
  const text = input.replace(/^\uFEFF/, '');
  if (BINARY.test(text)) return { ok: false, error: messages.employeeImport.notText };

  const records: { cells: string[]; line: number }[] = [];
  let malformedLine: number | null = null;
  let lines = 1;
  let counted = 0;
  /** The line a record starts on: line breaks before its first character (blank lines skipped). */
  const lineAt = (offset: number) => {
    let start = offset;
    while (text[start] === '\r' || text[start] === '\n') start++;
    for (; counted < start; counted++) if (text[counted] === '\n') lines++;
    return lines;
  };
  let cursor = 0;
  Papa.parse<string[]>(text, {
    delimitersToGuess: [',', ';'],
    skipEmptyLines: 'greedy',
    step: (result) => {
      const line = lineAt(cursor);
      cursor = result.meta.cursor;
      // A delimiter Papa Parse could not guess falls back to the comma: only quoting errors make a row unreadable.
      if (malformedLine === null && result.errors.some((e) => e.type !== 'Delimiter')) malformedLine = line;
      records.push({ cells: result.data, line });
    },
  });
  if (malformedLine !== null) return { ok: false, error: messages.employeeImport.malformed(malformedLine) };

  const [header, ...body] = records;
  if (!header || body.length === 0) return { ok: false, error: messages.employeeImport.empty };
  if (body.length > MAX_IMPORT_ROWS) return { ok: false, error: messages.employeeImport.tooManyRows };
  const fields = header.cells.map((name) => headerAliases[normaliseHeader(name)]);
  if (!fields.includes('name') || !fields.includes('email')) return { ok: false, error: messages.employeeImport.missingColumns };

  const rows = body.map(({ cells, line }) => {
    const row: EmployeeCsvRow = { line };
    fields.forEach((field, i) => {
      if (field && row[field] === undefined) row[field] = unescapeFormula((cells[i] ?? '').trim());
    });
    return row;
  });
  return { ok: true, rows };
}
