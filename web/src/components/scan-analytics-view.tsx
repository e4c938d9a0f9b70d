// Scans over time (issue 9 §5, issue 11 §2), one view for the business dashboard, the employee portal and the agency's
// Analytics button: the range (7/30/90 days), the totals, scans per day as a chart with a table of the same numbers,
// the share by source (QR code, shared link and the other channels, issue 22 §7) and by device, and — for a business —
// its top cards.
import { formatCount } from '@shared/format';
import { scanSourceLabels } from '@shared/scan-sources';
import { analyticsRanges, type AnalyticsRange, type ScanDay, type ScanSplit, type TopCard } from '@shared/schemas/analytics';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { Button } from './button';
import { ScanChart } from './scan-chart';
import { Spinner } from './spinner';

interface Analytics extends ScanSplit {
  days: number;
  series: ScanDay[];
  totalInRange: number;
  /** Absent: not shown (the agency's view across clients has no all-time figure). */
  allTime?: number;
  topCards?: TopCard[];
}

const sourceLabels = { ...scanSourceLabels, notRecorded: 'Not recorded' } as const;
const deviceLabels = { phone: 'Phone', tablet: 'Tablet', desktop: 'Desktop', notRecorded: 'Not recorded' } as const;
/**
 * QR code and shared link are always listed (every card has both); the other channels only in a range with scans from
 * them, so the list stays short on a phone and does not offer a channel that a business has not used.
 */
const alwaysShownSources = ['qr', 'link'] as const;
const allDevices = ['phone', 'tablet', 'desktop'] as const;

export function ScanAnalyticsView({ query, days, onDaysChange }: { query: UseQueryResult<Analytics>; days: AnalyticsRange; onDaysChange: (days: AnalyticsRange) => void }) {
  return (
    <div className="grid gap-4">
      <div role="group" aria-label="Range" className="inline-flex w-fit gap-1 rounded-lg bg-muted p-1">
        {analyticsRanges.map((range) => (
          <Button key={range} type="button" size="sm" variant={range === days ? 'default' : 'ghost'} aria-pressed={range === days} onClick={() => onDaysChange(range)}>
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
        <Figures analytics={query.data} />
      )}
    </div>
  );
}

function Figures({ analytics }: { analytics: Analytics }) {
  const { days, series, totalInRange, allTime, bySource, byDevice, topCards } = analytics;
  return (
    <>
      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-lg border p-3">
          <dt className="text-sm text-muted-foreground">Scans in the last {days} days</dt>
          <dd className="text-2xl font-bold tabular-nums">{formatCount(totalInRange)}</dd>
        </div>
        {allTime !== undefined && (
          <div className="rounded-lg border p-3">
            <dt className="text-sm text-muted-foreground">All-time scans</dt>
            <dd className="text-2xl font-bold tabular-nums">{formatCount(allTime)}</dd>
          </div>
        )}
      </dl>
      <ScanChart series={series} />
      <details className="rounded-lg border p-3">
        <summary className="cursor-pointer text-sm font-medium">Show as table</summary>
        <table className="mt-2 w-full text-sm">
          <caption className="sr-only">Scans per day (UTC), newest first</caption>
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
            {[...series].reverse().map((d) => (
              <tr key={d.day} className="border-t">
                <td className="py-1">{d.day}</td>
                <td className="py-1 text-right tabular-nums">{d.scans}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      <div className="grid gap-4 sm:grid-cols-2">
        <Shares title="By source" counts={bySource} labels={sourceLabels} alwaysShown={alwaysShownSources} total={totalInRange} />
        <Shares title="By device" counts={byDevice} labels={deviceLabels} alwaysShown={allDevices} total={totalInRange} />
      </div>
      {topCards && <TopCards cards={topCards} />}
    </>
  );
}

/** Each part's count and share of the range's scans; parts not `alwaysShown` (like 'Not recorded') only when there is some. */
function Shares<K extends string>({
  title,
  counts,
  labels,
  alwaysShown,
  total,
}: {
  title: string;
  counts: Record<K, number>;
  labels: Record<K, string>;
  alwaysShown: readonly K[];
  total: number;
}) {
  const parts = (Object.keys(labels) as K[]).filter((key) => alwaysShown.includes(key) || counts[key] > 0);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid content-start gap-2 rounded-lg border p-3">
      <h3 id={headingId} className="text-sm font-semibold">
        {title}
      </h3>
      <ul className="grid gap-2">
        {parts.map((key) => {
          const share = total === 0 ? 0 : Math.round((counts[key] / total) * 100);
          return (
            <li key={key} className="grid gap-1 text-sm">
              <div className="flex justify-between gap-2">
                <span>{labels[key]}</span>
                <span className="tabular-nums">
                  {formatCount(counts[key])} ({share}%)
                </span>
              </div>
              <div aria-hidden className="h-2 rounded-full bg-muted">
                <div className="h-2 rounded-full bg-primary" style={{ width: `${share}%` }} />
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function TopCards({ cards }: { cards: TopCard[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid content-start gap-2 rounded-lg border p-3">
      <h3 id={headingId} className="text-sm font-semibold">
        Top cards
      </h3>
      {cards.length === 0 ? (
        <p className="text-sm text-muted-foreground">No card was scanned in this range.</p>
      ) : (
        <ol className="grid gap-1 text-sm">
          {cards.map((card, i) => (
            <li key={card.cardId} className="flex justify-between gap-2">
              <span className="min-w-0 truncate">
                {i + 1}. {card.name}
              </span>
              <span className="tabular-nums">
                {formatCount(card.scans)} {card.scans === 1 ? 'scan' : 'scans'}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
