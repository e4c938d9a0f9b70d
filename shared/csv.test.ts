// Writing CSV that spreadsheets open safely.
import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('CSV export', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
  });

  it('keeps a cell that starts like a formula as text', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    for (const start of ['+1 555', '-2', '@SUM(A1)', '\tx']) expect(csvCell(start).replace(/^"/, '')).toMatch(/^'/);
  });

  it('starts with a BOM and ends rows with CRLF', () => {
    expect(toCsv(['Name', 'Email'], [['Vera', 'v@example.com']])).toBe('\uFEFFName,Email\r\nVera,v@example.com\r\n');
  });
});
