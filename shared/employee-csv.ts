// Employees as CSV (issue 11 §1): the columns of the template and the export, and reading a file a person made in a
// spreadsheet — UTF-8 with or without BOM, comma or semicolon, quoted fields (line breaks inside quotes included),
// CRLF or LF — with Papa Parse. Columns are found by header name, case and spacing ignored; unknown columns (the
// export's Card URL and Scans) are ignored. Every row keeps the line it starts on, for the preview's messages.
// A line whose quotes do not pair up (a formula pasted unquoted: =HYPERLINK("…","…")) is reported by its number and
// the rest of the file is read on from the next line, so one bad line never costs the other rows.
import Papa from 'papaparse';
import { employeeCsvColumns, type EmployeeCsvField } from './employee-csv-columns';
import { messages } from './messages';

export { employeeCsvColumns, type EmployeeCsvField };

export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 5000;

/** A row as the file has it: a field is absent when the file has no such column, '' when the cell is empty. */
export type EmployeeCsvRow = { line: number } & Partial<Record<EmployeeCsvField, string>>;

/** A line that could not be read as CSV, and why; nothing of it is imported. */
export interface BadCsvLine {
  line: number;
  reason: string;
}

export type ParsedEmployeeCsv = { ok: true; rows: EmployeeCsvRow[]; badLines: BadCsvLine[] } | { ok: false; error: string };

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

type CsvRecord = { cells: string[]; line: number } | { bad: true; line: number };

const QUOTE = 34;
const LINE_FEED = 10;

/**
 * Where the record starting at `from` ends as far as its quotes can tell: the first line end after an even number of
 * quotes (an odd number means a quoted cell is still open). Papa Parse reads one such piece at a time, so a stray
 * quote it would read as the start of a quoted cell can swallow at most that piece, never the rest of the file, and
 * reading stays linear in the file's size however many lines are bad.
 */
function pieceEnd(text: string, from: number): number {
  let quotes = 0;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) quotes++;
    else if (c === LINE_FEED && quotes % 2 === 0) return i + 1;
  }
  return text.length;
}

/**
 * The file's records in order, each with the line it starts on. A record with a quoting error is reported by its
 * first line, and reading goes on from the line after that one.
 */
function readRecords(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let lines = 1;
  let counted = 0;
  /** The first character of the record at `offset` (blank lines skipped). */
  const recordStart = (offset: number) => {
    let start = offset;
    while (text[start] === '\r' || text[start] === '\n') start++;
    return start;
  };
  /** The line the character at `offset` is on; offsets only move forward. */
  const lineAt = (offset: number) => {
    for (; counted < offset; counted++) if (text[counted] === '\n') lines++;
    return lines;
  };
  let delimiter: string | undefined;
  let from = 0;
  while (from < text.length) {
    const end = pieceEnd(text, from);
    let cursor = from;
    let resumeAt = end;
    Papa.parse<string[]>(text.slice(from, end), {
      // The delimiter is guessed once, from the header; every later piece is read with it.
      ...(delimiter ? { delimiter } : { delimitersToGuess: [',', ';'] }),
      skipEmptyLines: 'greedy',
      step: (result, parser) => {
        const start = recordStart(cursor);
        cursor = from + result.meta.cursor;
        delimiter ??= result.meta.delimiter;
        const line = lineAt(start);
        // A delimiter Papa Parse could not guess falls back to the comma: only quoting errors make a row unreadable.
        if (result.errors.some((e) => e.type === 'Quotes')) {
          records.push({ bad: true, line });
          const lineEnd = text.indexOf('\n', start);
          resumeAt = lineEnd === -1 ? text.length : lineEnd + 1;
          parser.abort();
          return;
        }
        records.push({ cells: result.data, line });
      },
    });
    from = resumeAt;
  }
  return records;
}

export function parseEmployeeCsv(input: string): ParsedEmployeeCsv {
  const text = input.replace(/^\uFEFF/, '');
  if (BINARY.test(text)) return { ok: false, error: messages.employeeImport.notText };

  const [header, ...body] = readRecords(text);
  if (header && 'bad' in header) return { ok: false, error: messages.employeeImport.malformed(header.line) };
  if (!header || body.length === 0) return { ok: false, error: messages.employeeImport.empty };
  if (body.length > MAX_IMPORT_ROWS) return { ok: false, error: messages.employeeImport.tooManyRows };
  const fields = header.cells.map((name) => headerAliases[normaliseHeader(name)]);
  if (!fields.includes('name') || !fields.includes('email')) return { ok: false, error: messages.employeeImport.missingColumns };

  const rows: EmployeeCsvRow[] = [];
  const badLines: BadCsvLine[] = [];
  for (const record of body) {
    if ('bad' in record) {
      badLines.push({ line: record.line, reason: messages.employeeImport.badQuotes });
      continue;
    }
    const row: EmployeeCsvRow = { line: record.line };
    fields.forEach((field, i) => {
      if (field && row[field] === undefined) row[field] = unescapeFormula((record.cells[i] ?? '').trim());
    });
    rows.push(row);
  }
  return { ok: true, rows, badLines };
}
