// CSV for exports that spreadsheets open safely: RFC 4180 quoting, CRLF rows, a BOM so Excel reads UTF-8, and a
// cell that starts like a formula (= + - @, tab, CR) prefixed with ' so it stays text (formula injection). Imports
// read that prefix back off (employee-csv.ts), so an exported file re-imports unchanged.
export const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
