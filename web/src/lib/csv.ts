// Offering a CSV file (shared/csv.ts writes it) as a download.

/** Offers `csv` as a download named `filename`, with the BOM Excel needs to read UTF-8 (fetch's text() drops it). */
export function downloadCsv(filename: string, csv: string): void {
  const withBom = csv.startsWith('\uFEFF') ? csv : `\uFEFF${csv}`;
  const url = URL.createObjectURL(new Blob([withBom], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
