// Import employees from a CSV file and export them as one (issue 11 §1): the file is read here, its rows go to
// POST /api/businesses/{businessId}/employee-imports in batches (the server validates and decides every row), and
// GET .../employee-export answers the CSV.
import type { EmployeeCsvRow } from '@shared/employee-csv';
import { employeeImportResponseSchema, IMPORT_BATCH_ROWS, type ImportMode, type ImportRowResult } from '@shared/schemas/employee-import';
import { apiRequest, apiText } from '@web/lib/api-client';

/**
 * Sends the rows in batches, in order, and reports progress after each; the results come back in the rows' order.
 * A batch whose answer does not arrive (the network, the session) stops there: it and every later row come back as
 * failed with the reason. Importing the file again finishes the job: rows that were written then read 'unchanged'.
 */
export async function importEmployeeRows(
  businessId: string,
  rows: EmployeeCsvRow[],
  options: { onExisting: ImportMode; dryRun: boolean; onProgress?: (done: number) => void },
): Promise<ImportRowResult[]> {
  const results: ImportRowResult[] = [];
  for (let start = 0; start < rows.length; start += IMPORT_BATCH_ROWS) {
    const batch = rows.slice(start, start + IMPORT_BATCH_ROWS);
    try {
      const response = await apiRequest(`/api/businesses/${encodeURIComponent(businessId)}/employee-imports`, {
        method: 'POST',
        body: { rows: batch, onExisting: options.onExisting, dryRun: options.dryRun },
        schema: employeeImportResponseSchema,
      });
      results.push(...response.results);
    } catch (error) {
      const reason = `Not imported: ${(error as Error).message}`;
      return [...results, ...rows.slice(start).map((row) => ({ line: row.line, outcome: 'failed' as const, errors: { _: reason } }))];
    }
    options.onProgress?.(start + batch.length);
  }
  return results;
}

export function exportEmployeesCsv(businessId: string): Promise<string> {
  return apiText(`/api/businesses/${encodeURIComponent(businessId)}/employee-export`, 'text/csv');
}
