// Export employees (issue 11 §1): every employee of the business in dashboard order as CSV — the import's columns,
// then the card URL and its scan total — from one paged read of the dashboard collection. The file re-imports
// unchanged (its formula-escaped cells read back as they were, shared/csv.ts).
import { toCsv } from '../../../shared/csv';
import { employeeCsvColumns } from '../../../shared/employee-csv-columns';
import { db } from '../data/entities';
import type { Caller } from '../identity/caller';
import { assertCanManageBusiness } from '../identity/access';
import { cardUrlOf } from './dto';

const statusLabels = { draft: 'Draft', active: 'Active', inactive: 'Inactive' } as const;

export async function exportEmployees(caller: Caller, businessId: string): Promise<string> {
  await assertCanManageBusiness(caller, businessId);
  const { data } = await db().service.collections.dashboard({ businessId }).go({ pages: 'all' });
  const scans = new Map(data.cardScanTotal.map((t) => [t.cardId, t.scanCount ?? 0]));
  const employees = [...data.employee].sort((a, b) => a.employeeOrder.localeCompare(b.employeeOrder));
  const rows = employees.map((e) => [
    ...employeeCsvColumns.map(({ field }) => (field === 'status' ? statusLabels[e.status] : (e[field] ?? ''))),
    e.cardId ? cardUrlOf(e.cardId) : '',
    e.cardId ? (scans.get(e.cardId) ?? 0) : '',
  ]);
  return toCsv([...employeeCsvColumns.map((c) => c.header), 'Card URL', 'Scans'], rows);
}
