// The businesses tab (spec 2 §2 'Business & Agency Management'): search on the name or the owner's e-mail, filters
// for status, country and industry (all on the server, 25 rows per page), and the Active/Inactive toggle; below, the
// Agencies section (each agency's plan, clients and this month's figures).
import { countries } from '@shared/countries';
import { formatMoney } from '@shared/format';
import { messages } from '@shared/messages';
import type { AdminBusinessRow } from '@shared/schemas/admin';
import { useDeferredValue, useState } from 'react';
import { DataTable } from '@web/components/data-table';
import { toast } from '@web/lib/toast';
import { Badge } from '@web/components/badge';
import { Button } from '@web/components/button';
import { Card } from '@web/components/card';
import { FormField } from '@web/components/form-field';
import { Input } from '@web/components/input';
import { lazyDialog } from '@web/components/lazy-dialog';
import { NativeSelect } from '@web/components/native-select';
import { Spinner } from '@web/components/spinner';
import { useDebounced } from '@web/lib/use-debounced';
import { initialDirectoryFilters, useBusinessDirectory, type DirectoryFilters } from '../api/list-businesses';
import { useSetBusinessStatus } from '../api/business-actions';
import { BilledToSelect } from '@web/features/agency-billing/components/billed-to-select';
import { AgenciesSection } from './agencies-section';

// Loaded when an admin first asks to delete a business: the table draws without the dialog's code (issue 25 §1).
const DeleteBusinessDialog = lazyDialog(() => import('./delete-business-dialog').then((m) => m.DeleteBusinessDialog), (p) => p.business !== null);

export function BusinessesTab() {
  const [filters, setFilters] = useState<DirectoryFilters>(initialDirectoryFilters);
  const query = useBusinessDirectory(useDebounced(filters));
  // Drawn at once, not in a transition as the other tabs' answers are: with 10,000 businesses the tab's largest
  // element is a cell of the table, which comes with the answer (issue 25 §1: LCP within 1.5 s at scale).
  const set = (change: Partial<DirectoryFilters>) => setFilters((f) => ({ ...f, ...change }));

  return (
    <section aria-labelledby="businesses-heading" className="grid gap-4">
      <h2 id="businesses-heading" className="text-xl font-semibold">
        Business &amp; Agency Management
      </h2>
      <Card className="grid grid-cols-1 gap-3 p-4 sm:grid-cols-2 lg:grid-cols-4">
        <FormField label="Search">
          <Input
            type="search"
            placeholder="Business name or owner email"
            value={filters.q}
            onChange={(e) => set({ q: e.target.value })}
          />
        </FormField>
        <FormField label="Status">
          <NativeSelect
            value={filters.status}
            onChange={(e) => set({ status: e.target.value as DirectoryFilters['status'] })}
          >
            <option value="all">All</option>
            <option value="active">Active</option>
            <option value="inactive">Inactive</option>
          </NativeSelect>
        </FormField>
        <FormField label="Country">
          <NativeSelect value={filters.country} onChange={(e) => set({ country: e.target.value })}>
            <option value="">All countries</option>
            {countries.map((country) => (
              <option key={country} value={country}>
                {country}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label="Industry">
          <Input
            placeholder="Any industry"
            value={filters.industry}
            onChange={(e) => set({ industry: e.target.value })}
          />
        </FormField>
      </Card>

      {query.isPending ? (
        <Spinner label="Loading businesses…" />
      ) : query.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {messages.admin.fetchBusinessesFailed}
        </p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {query.data.rows.length === 0
              ? 'No businesses match.'
              : `Showing ${query.data.rows.length} ${query.data.rows.length === 1 ? 'business' : 'businesses'}.`}
          </p>
          {query.data.rows.length > 0 && <BusinessTable rows={query.data.rows} />}
          {query.hasNextPage && (
            <div className="flex justify-center">
              <Button variant="outline" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
              </Button>
            </div>
          )}
        </>
      )}
      <AgenciesSection />
    </section>
  );
}

/** Rows drawn with the answer itself (more than a phone's first screen holds); the rest follow in the background. */
const FIRST_ROWS = 8;

function BusinessTable({ rows }: { rows: AdminBusinessRow[] }) {
  const [deleting, setDeleting] = useState<AdminBusinessRow | null>(null);
  // The rows drawn: the first screen at once, then the rest in slices that yield to the browser (a deferred value), so
  // the answer's arrival is not one long task on a slow phone (issue 25 §1, as the agency's client grid does).
  const drawn = useDeferredValue(rows.length, Math.min(rows.length, FIRST_ROWS));
  return (
    <>
      <DataTable label="Businesses" tableClassName="min-w-[48rem]" columns={[{ label: 'Business' }, { label: 'Owner' }, { label: 'Location' }, { label: 'Employees', numeric: true }, { label: 'Monthly', numeric: true }, { label: 'Status' }]}>
        {rows.slice(0, drawn).map((row) => (
          <BusinessRow key={row.id} row={row} onDelete={() => setDeleting(row)} />
        ))}
      </DataTable>
      <DeleteBusinessDialog business={deleting} onDone={() => setDeleting(null)} />
    </>
  );
}

function BusinessRow({ row, onDelete }: { row: AdminBusinessRow; onDelete: () => void }) {
  const setStatus = useSetBusinessStatus();
  const toggle = async () => {
    try {
      await setStatus.mutateAsync({ businessId: row.id, isActive: !row.isActive });
      toast.success(messages.admin.businessStatusUpdated(!row.isActive));
    } catch {
      toast.error(messages.admin.errorTitle, { description: messages.admin.businessStatusFailed });
    }
  };
  return (
    <tr className="border-t align-top">
      <th scope="row" className="px-4 py-3 text-left font-medium">
        {row.name}
        <span className="block text-xs font-normal text-muted-foreground">{row.industry ?? 'Business'}</span>
        {row.agency && (
          <div className="mt-2 grid max-w-56 gap-1 font-normal">
            <span className="text-xs text-muted-foreground">Client of {row.agency.name}</span>
            <BilledToSelect businessId={row.id} clientName={row.name} billedTo={row.agency.billedTo} billingEmail={row.billingEmail} agencyName={row.agency.name} />
          </div>
        )}
      </th>
      <td className="px-4 py-3">{row.ownerEmail ?? '—'}</td>
      <td className="px-4 py-3">{[row.billingCity, row.billingCountry].filter(Boolean).join(', ') || '—'}</td>
      <td className="px-4 py-3 text-right tabular-nums">{row.billableEmployees}</td>
      <td className="px-4 py-3 text-right tabular-nums">{formatMoney(row.monthlyAmountCents, row.currency)}</td>
      <td className="px-4 py-3">
        <div className="flex items-center gap-2">
          {row.isActive ? <Badge variant="success">Active</Badge> : <Badge variant="outline">Inactive</Badge>}
          <Button
            variant="outline"
            size="sm"
            disabled={setStatus.isPending}
            onClick={() => void toggle()}
            aria-label={`${row.isActive ? 'Deactivate' : 'Activate'} ${row.name}`}
          >
            {row.isActive ? 'Deactivate' : 'Activate'}
          </Button>
          <Button variant="ghost" size="sm" onClick={onDelete} aria-label={`Delete ${row.name}`}>
            Delete
          </Button>
        </div>
      </td>
    </tr>
  );
}
