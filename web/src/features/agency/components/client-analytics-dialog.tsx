// The Analytics button (issue 9 §5): a client's scans per day over 7, 30 or 90 days, as bars and as a table with the
// same numbers (the chart is decorative for screen readers; the table is the accessible view).
import { analyticsRanges, type AnalyticsRange, type ScanDay } from '@shared/schemas/analytics';
import type { AgencyClientSummary } from '@shared/schemas/agency';
import { useState } from 'react';
import { Button } from '@web/components/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@web/components/dialog';
import { Spinner } from '@web/components/spinner';
import { useScanAnalytics } from '../api/get-scan-analytics';

export function ClientAnalyticsDialog({ client, onOpenChange }: { client: AgencyClientSummary | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={client !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{client ? `${client.name}: card scans` : 'Card scans'}</DialogTitle>
          <DialogDescription>Scans of this client’s business cards per day (UTC).</DialogDescription>
        </DialogHeader>
        {client && <Analytics businessId={client.id} />}
      </DialogContent>
    </Dialog>
  );
}

function Analytics({ businessId }: { businessId: string }) {
  const [days, setDays] = useState<AnalyticsRange>(30);
  const query = useScanAnalytics(businessId, days);
  return (
    <div className="grid gap-4">
      <div role="group" aria-label="Range" className="inline-flex w-fit gap-1 rounded-lg bg-muted p-1">
        {analyticsRanges.map((range) => (
          <Button key={range} type="button" size="sm" variant={range === days ? 'default' : 'ghost'} aria-pressed={range === days} onClick={() => setDays(range)}>
            {range} days
          </Button>
        ))}
      </div>
      {query.isPending ? (
        <Spinner label="Loading scans…" />
      ) : query.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {query.error.message}
        </p>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3">
            <div className="rounded-lg border p-3">
              <dt className="text-sm text-muted-foreground">Scans in the last {days} days</dt>
              <dd className="text-2xl font-bold tabular-nums">{query.data.totalInRange.toLocaleString('en-US')}</dd>
            </div>
            <div className="rounded-lg border p-3">
              <dt className="text-sm text-muted-foreground">All-time scans</dt>
              <dd className="text-2xl font-bold tabular-nums">{query.data.allTime.toLocaleString('en-US')}</dd>
            </div>
          </dl>
          <Bars series={query.data.series} />
          <details className="rounded-lg border p-3">
            <summary className="cursor-pointer text-sm font-medium">Show as table</summary>
            <table className="mt-2 w-full text-sm">
              <caption className="sr-only">Scans per day</caption>
              <thead>
                <tr className="text-left text-muted-foreground">
                  <th scope="col" className="py-1 font-medium">
                    Day
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    Scans
                  </th>
                </tr>
              </thead>
              <tbody>
                {[...query.data.series].reverse().map((d) => (
                  <tr key={d.day} className="border-t">
                    <td className="py-1">{d.day}</td>
                    <td className="py-1 text-right tabular-nums">{d.scans}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </div>
  );
}

/** One bar per day, scaled to the busiest day; the first and last days label the axis. */
function Bars({ series }: { series: ScanDay[] }) {
  const max = Math.max(1, ...series.map((d) => d.scans));
  return (
    <figure aria-hidden className="grid gap-1">
      <div className="flex h-40 items-end gap-px rounded-lg border bg-muted/40 p-2">
        {series.map((d) => (
          <div key={d.day} title={`${d.day}: ${d.scans}`} className="min-h-px flex-1 rounded-t-sm bg-primary" style={{ height: `${(d.scans / max) * 100}%` }} />
        ))}
      </div>
      <figcaption className="flex justify-between text-xs text-muted-foreground">
        <span>{series[0]?.day}</span>
        <span>{series.at(-1)?.day}</span>
      </figcaption>
    </figure>
  );
}
