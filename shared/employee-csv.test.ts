// Reading an employee CSV as people make them: every edge case of issue 11 §1.
import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';
import { MAX_IMPORT_ROWS, parseEmployeeCsv } from './employee-csv';
import { messages } from './messages';

const rowsOf = (text: string) => {
  const parsed = parseEmployeeCsv(text);
  if (!parsed.ok) throw new Error(parsed.error);
  expect(parsed.badLines).toEqual([]);
  return parsed.rows;
};

describe('parseEmployeeCsv', () => {
  it('maps columns by header name, case and spacing ignored, and ignores unknown columns', () => {
    expect(rowsOf('  EMAIL ,full name,Job_Title,Card URL,Scans\nada@example.com,Ada Lovelace,Analyst,https://x/card/1,7\n')).toEqual([
      { line: 2, email: 'ada@example.com', name: 'Ada Lovelace', jobTitle: 'Analyst' },
    ]);
  });

  it('reads UTF-8 with a BOM, CRLF rows and semicolons', () => {
    const text = '\uFEFFName;Email;Department\r\nZoë Ñúñez;zoe@example.com;Ventas, Sur\r\nBo;bo@example.com;\r\n';
    expect(rowsOf(text)).toEqual([
      { line: 2, name: 'Zoë Ñúñez', email: 'zoe@example.com', department: 'Ventas, Sur' },
      { line: 3, name: 'Bo', email: 'bo@example.com', department: '' },
    ]);
  });

  it('keeps quoted commas, quotes and line breaks in a field, and numbers lines where each row starts', () => {
    const text = 'Name,Email,Job Title\n"Lovelace, Ada",ada@example.com,"Chief ""Numbers""\nAnalyst"\n\nBo,bo@example.com,CTO\n';
    expect(rowsOf(text)).toEqual([
      { line: 2, name: 'Lovelace, Ada', email: 'ada@example.com', jobTitle: 'Chief "Numbers"\nAnalyst' },
      { line: 5, name: 'Bo', email: 'bo@example.com', jobTitle: 'CTO' },
    ]);
  });

  it('keeps a formula cell as the text it is, and reads our export\'s escaped cells back unchanged', () => {
    const formula = '=HYPERLINK("http://evil.example","click")';
    expect(rowsOf(`Name,Email\n"${formula.replace(/"/g, '""')}",f@example.com\n`)[0]!.name).toBe(formula);
    const exported = toCsv(['Name', 'Email', 'Office Phone', 'Department'], [[formula, 'f@example.com', '+1 555 0100', '@team']]);
    expect(exported).toContain(`"'=HYPERLINK`);
    expect(rowsOf(exported)).toEqual([{ line: 2, name: formula, email: 'f@example.com', officePhone: '+1 555 0100', department: '@team' }]);
  });

  it('refuses more than 5,000 rows, and takes exactly 5,000', () => {
    const file = (n: number) => `Name,Email\n${Array.from({ length: n }, (_, i) => `P${i},p${i}@example.com`).join('\n')}\n`;
    expect(parseEmployeeCsv(file(MAX_IMPORT_ROWS + 1))).toEqual({ ok: false, error: messages.employeeImport.tooManyRows });
    expect(rowsOf(file(MAX_IMPORT_ROWS))).toHaveLength(MAX_IMPORT_ROWS);
  });

  it('refuses a binary file named .csv, a file without Name and Email columns, an empty file and a broken header', () => {
    const png = String.fromCharCode(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d);
    expect(parseEmployeeCsv(png)).toEqual({ ok: false, error: messages.employeeImport.notText });
    expect(parseEmployeeCsv(new TextDecoder().decode(new Uint8Array([0xff, 0xfe, 0x41, 0x00])))).toEqual({ ok: false, error: messages.employeeImport.notText });
    expect(parseEmployeeCsv('Name,Phone\nAda,123\n')).toEqual({ ok: false, error: messages.employeeImport.missingColumns });
    expect(parseEmployeeCsv('Name,Email\n')).toEqual({ ok: false, error: messages.employeeImport.empty });
    expect(parseEmployeeCsv('')).toEqual({ ok: false, error: messages.employeeImport.empty });
    // Without a readable header no row can be read.
    expect(parseEmployeeCsv('"Name,Email\nAda,ada@example.com\n')).toEqual({ ok: false, error: messages.employeeImport.malformed(1) });
  });

  it('reads the good rows around a line with broken quotes and reports that line with its number and reason', () => {
    const text = [
      'Name,Email,Department',
      '=HYPERLINK("http://evil.example","click"),link@example.com,Sales',
      'Ada,ada@example.com,"R&D\nLabs"',
      '"Bo,bo@example.com,Ops',
      'Cy,cy@example.com,Ops',
      '"=HYPERLINK(""http://evil.example"",""click"")",quoted@example.com,Sales',
    ].join('\r\n');
    const parsed = parseEmployeeCsv(`${text}\r\n`);
    expect(parsed).toEqual({
      ok: true,
      rows: [
        { line: 3, name: 'Ada', email: 'ada@example.com', department: 'R&D\nLabs' },
        { line: 6, name: 'Cy', email: 'cy@example.com', department: 'Ops' },
        // A formula written as CSV quotes it is a good row, kept as the text it is.
        { line: 7, name: '=HYPERLINK("http://evil.example","click")', email: 'quoted@example.com', department: 'Sales' },
      ],
      badLines: [
        { line: 2, reason: messages.employeeImport.badQuotes },
        { line: 5, reason: messages.employeeImport.badQuotes },
      ],
    });
  });

  it('never refuses a 1,000-row file for one bad line', () => {
    const lines = ['Name,Email', ...Array.from({ length: 1000 }, (_, i) => (i === 500 ? '=HYPERLINK("http://evil.example","click"),bad@example.com' : `P${i},p${i}@example.com`))];
    const parsed = parseEmployeeCsv(`${lines.join('\n')}\n`);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.rows).toHaveLength(999);
    expect(parsed.rows[500]).toEqual({ line: 503, name: 'P501', email: 'p501@example.com' });
    expect(parsed.badLines).toEqual([{ line: 502, reason: messages.employeeImport.badQuotes }]);
  });
});
