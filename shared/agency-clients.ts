// The agency's client grid (search, filters, sort) and its analytics CSV, worked out over the one dashboard read and
// the one analytics read: pure, so the web draws it and the unit tests pin it down without a browser.
import { toCsv } from './csv';
import { scanSourceLabels, scanSources } from './scan-sources';
import type { AgencyClientSummary } from './schemas/agency';
import type { AgencyScanAnalytics } from './schemas/analytics';

/** 'newest': the dashboard's own order (newest client first: the one just added is where the agency looks). */
export const clientSorts = ['newest', 'name', 'users', 'revenue', 'scans'] as const;
export type ClientSort = (typeof clientSorts)[number];

export interface ClientCriteria {
  /** Part of the client's name, any case; blank: every client. */
  search: string;
  status: 'all' | 'active' | 'inactive';
  billedTo: 'all' | 'agency' | 'direct';
  /** Whether the client shows the agency's brand now. */
  branded: 'all' | 'yes' | 'no';
  sort: ClientSort;
}

export const defaultClientCriteria: ClientCriteria = { search: '', status: 'all', billedTo: 'all', branded: 'all', sort: 'newest' };

/**
 * The clients that match, in the chosen order: as given (newest first); by name A–Z; by users, revenue or scans most first (name breaks ties,
 * so the order is stable). `scansOf` gives a client's scans (0 while unknown).
 */
export function selectClients(clients: readonly AgencyClientSummary[], criteria: ClientCriteria, scansOf: (id: string) => number = () => 0): AgencyClientSummary[] {
  const needle = criteria.search.trim().toLocaleLowerCase();
  const matching = clients.filter(
    (c) =>
      (needle === '' || c.name.toLocaleLowerCase().includes(needle)) &&
      (criteria.status === 'all' || c.isActive === (criteria.status === 'active')) &&
      (criteria.billedTo === 'all' || c.billedTo === criteria.billedTo) &&
      (criteria.branded === 'all' || c.branded === (criteria.branded === 'yes')),
  );
  const byName = (a: AgencyClientSummary, b: AgencyClientSummary) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
  const figure: Record<Exclude<ClientSort, 'newest' | 'name'>, (c: AgencyClientSummary) => number> = {
    users: (c) => c.employeeCount,
    revenue: (c) => c.revenueCents,
    scans: (c) => scansOf(c.id),
  };
  if (criteria.sort === 'newest') return matching;
  if (criteria.sort === 'name') return matching.sort(byName);
  const of = figure[criteria.sort];
  return matching.sort((a, b) => of(b) - of(a) || byName(a, b));
}

/** The agency analytics as CSV: one row per client (most scans first), its scans in the range by source and device. */
export function agencyScansCsv(analytics: Pick<AgencyScanAnalytics, 'byClient'>, nameOf: (businessId: string) => string): string {
  const header = ['Client', 'Client ID', 'Scans', ...scanSources.map((s) => scanSourceLabels[s]), 'Source not recorded', 'Phone', 'Tablet', 'Desktop', 'Device not recorded'];
  const rows = [...analytics.byClient]
    .map((c) => ({ ...c, name: nameOf(c.businessId) }))
    .sort((a, b) => b.scans - a.scans || a.name.localeCompare(b.name))
    .map((c) => [c.name, c.businessId, c.scans, ...scanSources.map((s) => c.bySource[s]), c.bySource.notRecorded, c.byDevice.phone, c.byDevice.tablet, c.byDevice.desktop, c.byDevice.notRecorded]);
  return toCsv(header, rows);
}
