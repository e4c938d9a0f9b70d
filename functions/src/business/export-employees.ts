// Export employees (issue 11 §1): every employee of the business in dashboard order as CSV — the import's columns,
// then the card URL and its scan total — from one paged read of the dashboard collection and two of the closed and open days
// (issue 25 §2). The file re-imports unchanged (its formula-escaped cells read back as they were, shared/csv.ts).
import { toCsv } from '../../../shared/csv';
import { employeeCsvColumns } from '../../../shared/employee-csv-columns';
import { db } from '../data/entities';
import type { Caller } from '../identity/caller';
import { assertMay } from '../identity/access';
import { businessClosed, openBusinessCardDays, scansOf } from '../scan-totals/open-days';
import { cardUrlOf } from './dto';

const statusLabels = { draft: 'Draft', active: 'Active', inactive: 'Inactive' } as const;

export async function exportEmployees(caller: Caller, businessId: string): Promise<string> {
  await assertMay(caller, businessId, 'employees');
  const { data } = await db().service.collections.dashboard({ businessId }).go({ pages: 'all' });
  // Closed figures plus the open card-days (issue 25 §2): one more Query, of the business's card-days after its close.
  const openDays = await openBusinessCardDays(businessId, await businessClosed(businessId));
  const openByCard = new Map<string, typeof openDays>();
  for (const d of openDays) openByCard.set(d.cardId, [...(openByCard.get(d.cardId) ?? []), d]);
  const scans = new Map(data.cardScanTotal.map((t) => [t.cardId, scansOf(t, openByCard.get(t.cardId) ?? [])]));
  const employees = [...data.employee].sort((a, b) => a.employeeOrder.localeCompare(b.employeeOrder));
  const rows = employees.map((e) => [
    ...employeeCsvColumns.map(({ field }) => (field === 'status' ? statusLabels[e.status] : (e[field] ?? ''))),
    e.cardId ? cardUrlOf(e.cardId) : '',
    e.cardId ? (scans.get(e.cardId) ?? 0) : '',
  ]);
  return toCsv([...employeeCsvColumns.map((c) => c.header), 'Card URL', 'Scans'], rows);
}
