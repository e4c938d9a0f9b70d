// The Managed Client Businesses grid with its search, filters and sort, worked out in the browser over the dashboard's
// one read (every client is in it: at 500 clients the read stays at seven DynamoDB calls, tests/bench). Sorting by
// scans reads the agency's analytics of the last 30 days once (two Queries per client), only when that sort is chosen.
import { defaultClientCriteria, selectClients, type ClientCriteria, type ClientSort } from '@shared/agency-clients';
import { formatCount } from '@shared/format';
import type { AgencyClientSummary } from '@shared/schemas/agency';
import { Search } from 'lucide-react';
import { useDeferredValue, useId, useMemo, useState, type ReactNode } from 'react';
import { Card } from '@web/components/card';
import { Input } from '@web/components/input';
import { Label } from '@web/components/label';
import { NativeSelect } from '@web/components/native-select';
import { Spinner } from '@web/components/spinner';
import { useAgencyScanAnalytics } from '../api/get-agency-analytics';
import { ClientGrid } from './client-grid';

export const clientBrowserCopy = {
  search: 'Search clients by name',
  status: 'Status',
  billedTo: 'Billed to',
  branded: 'White-label',
  sort: 'Sort by',
  matching: (count: number, total: number) => `${formatCount(count)} of ${formatCount(total)} ${total === 1 ? 'client' : 'clients'} match`,
  noMatch: 'No clients match your search and filters.',
  loadingScans: 'Loading scans…',
};

// Short enough for the select's width on a desktop row of five; the figures sort most first.
const sortLabels: Record<ClientSort, string> = { newest: 'Newest first', name: 'Name (A–Z)', users: 'Most users', revenue: 'Most revenue', scans: 'Most scans (30 days)' };

export function ClientBrowser({ clients, currency, agencyWhiteLabel, onAnalytics }: { clients: AgencyClientSummary[]; currency: string; agencyWhiteLabel: boolean; onAnalytics: (client: AgencyClientSummary) => void }) {
  const [criteria, setCriteria] = useState<ClientCriteria>(defaultClientCriteria);
  // Typing stays responsive at 500 clients: the grid follows the search a moment later.
  const deferred = useDeferredValue(criteria);
  const scans = useAgencyScanAnalytics(30, deferred.sort === 'scans');
  const scansById = useMemo(() => new Map(scans.data?.byClient.map((c) => [c.businessId, c.scans])), [scans.data]);
  const shown = useMemo(() => selectClients(clients, deferred, (id) => scansById.get(id) ?? 0), [clients, deferred, scansById]);
  const set = <K extends keyof ClientCriteria>(key: K, value: ClientCriteria[K]) => setCriteria((c) => ({ ...c, [key]: value }));
  const searchId = useId();

  return (
    <div className="grid gap-4">
      <div role="search" aria-label="Clients" className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <div className="grid gap-1 text-sm sm:col-span-2 lg:col-span-1">
          <Label htmlFor={searchId}>{clientBrowserCopy.search}</Label>
          <div className="relative">
            <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input id={searchId} type="search" className="pl-9" maxLength={200} autoComplete="off" value={criteria.search} onChange={(e) => set('search', e.target.value)} />
          </div>
        </div>
        <Choice label={clientBrowserCopy.status} value={criteria.status} onChange={(v) => set('status', v)}>
          <option value="all">All statuses</option>
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
        </Choice>
        <Choice label={clientBrowserCopy.billedTo} value={criteria.billedTo} onChange={(v) => set('billedTo', v)}>
          <option value="all">Anyone</option>
          <option value="agency">Billed to the agency</option>
          <option value="direct">Billed directly</option>
        </Choice>
        <Choice label={clientBrowserCopy.branded} value={criteria.branded} onChange={(v) => set('branded', v)}>
          <option value="all">Any brand</option>
          <option value="yes">Shows your brand</option>
          <option value="no">Does not show your brand</option>
        </Choice>
        <Choice label={clientBrowserCopy.sort} value={criteria.sort} onChange={(v) => set('sort', v)}>
          {Object.entries(sortLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Choice>
      </div>
      <p role="status" className="text-sm text-muted-foreground">
        {deferred.sort === 'scans' && scans.isPending ? clientBrowserCopy.loadingScans : clientBrowserCopy.matching(shown.length, clients.length)}
      </p>
      {deferred.sort === 'scans' && scans.isError && (
        <p role="alert" className="text-sm text-destructive">
          {scans.error.message}
        </p>
      )}
      {deferred.sort === 'scans' && scans.isPending ? (
        <Spinner label={clientBrowserCopy.loadingScans} />
      ) : shown.length === 0 ? (
        <Card className="px-4 py-8 text-center text-sm text-muted-foreground">{clientBrowserCopy.noMatch}</Card>
      ) : (
        // A new search, filter or order starts again at the first page of cards.
        <ClientGrid key={JSON.stringify(deferred)} clients={shown} currency={currency} agencyWhiteLabel={agencyWhiteLabel} onAnalytics={onAnalytics} />
      )}
    </div>
  );
}

/** A labelled native select of one criterion. */
function Choice<V extends string>({ label, value, onChange, children }: { label: string; value: V; onChange: (value: V) => void; children: ReactNode }) {
  const id = useId();
  return (
    <div className="grid gap-1 text-sm">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value as V)}>
        {children}
      </NativeSelect>
    </div>
  );
}
