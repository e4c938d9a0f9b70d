// Agency analytics: scans per day across every client, by source and device, in the business dashboard's own view
// (the same chart), with the most scanned clients and the CSV of every client's scans. The read costs two Queries per
// client, so it starts when the section comes within a screen of the viewport, not with the dashboard.
import { agencyScansCsv } from '@shared/agency-clients';
import { formatCount } from '@shared/format';
import type { AgencyClientSummary } from '@shared/schemas/agency';
import type { AnalyticsRange } from '@shared/schemas/analytics';
import { useId, useMemo, useRef, useState } from 'react';
import { Card } from '@web/components/card';
import { ExportCsvButton } from '@web/components/export-csv-button';
import { ScanAnalyticsView } from '@web/components/scan-analytics-view';
import { toast } from '@web/lib/toast';
import { useNearViewport } from '@web/lib/use-near-viewport';
import { useAgencyScanAnalytics } from '../api/get-agency-analytics';

const TOP_CLIENTS = 5;

export const agencyAnalyticsCopy = {
  heading: 'Scans across your clients',
  description: 'Card scans of every client per day (UTC), by source and device, and your most scanned clients.',
  topClients: 'Most scanned clients',
  none: 'No client’s cards were scanned in this range.',
  exportFailed: 'The CSV could not be made. Please try again.',
};

export function AgencyAnalyticsSection({ clients }: { clients: AgencyClientSummary[] }) {
  const ref = useRef<HTMLElement>(null);
  const near = useNearViewport(ref);
  const [days, setDays] = useState<AnalyticsRange>(30);
  const query = useAgencyScanAnalytics(days, near);
  const headingId = useId();
  const nameOf = useMemo(() => {
    const names = new Map(clients.map((c) => [c.id, c.name]));
    return (id: string) => names.get(id) ?? id;
  }, [clients]);
  const data = query.data;
  const top = useMemo(() => (data ? [...data.byClient].filter((c) => c.scans > 0).sort((a, b) => b.scans - a.scans || nameOf(a.businessId).localeCompare(nameOf(b.businessId))).slice(0, TOP_CLIENTS) : []), [data, nameOf]);

  return (
    <section ref={ref} aria-labelledby={headingId}>
      <Card className="grid gap-4 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h2 id={headingId} className="text-lg font-semibold">
              {agencyAnalyticsCopy.heading}
            </h2>
            <p className="text-sm text-muted-foreground">{agencyAnalyticsCopy.description}</p>
          </div>
          {data && <ExportCsvButton filename={`client-scans-last-${data.days}-days.csv`} load={async () => agencyScansCsv(data, nameOf)} onError={() => toast.error(agencyAnalyticsCopy.exportFailed)} />}
        </div>
        <ScanAnalyticsView query={query} days={days} onDaysChange={setDays} />
        {data && (
          <div className="grid content-start gap-2 rounded-lg border p-3">
            <h3 className="text-sm font-semibold">{agencyAnalyticsCopy.topClients}</h3>
            {top.length === 0 ? (
              <p className="text-sm text-muted-foreground">{agencyAnalyticsCopy.none}</p>
            ) : (
              <ol className="grid gap-1 text-sm">
                {top.map((c, i) => (
                  <li key={c.businessId} className="flex justify-between gap-2">
                    <span className="min-w-0 truncate">
                      {i + 1}. {nameOf(c.businessId)}
                    </span>
                    <span className="tabular-nums">
                      {formatCount(c.scans)} {c.scans === 1 ? 'scan' : 'scans'}
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </div>
        )}
      </Card>
    </section>
  );
}
