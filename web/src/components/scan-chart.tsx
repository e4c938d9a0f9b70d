// Scans per day as bars, drawn by uPlot (a small, well-kept canvas chart library) once it has loaded: the library is
// fetched when the chart is about to be seen (within a quarter screen of the viewport), not with the page (issue 25
// §1): its evaluation sets up the browser's Intl formatters, one long task on a phone, which a page that opens with
// the chart a screen below should not pay before it is used. The
// chart is decorative for screen readers; the table beside it in ScanAnalyticsView is the accessible view of the same
// numbers.
import type { ScanDay } from '@shared/schemas/analytics';
import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import { useNearViewport } from '@web/lib/use-near-viewport';

const HEIGHT = 200;
const DAY = 24 * 60 * 60;

/** The element's width, kept current as the layout changes (phone rotation, dialog opening). */
function useWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry!.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** A theme colour (stored as `H S% L%` components, lib/theme.ts) as a canvas colour. */
function themeColour(element: HTMLElement, name: string): string {
  return `hsl(${getComputedStyle(element).getPropertyValue(name).trim()})`;
}

export function ScanChart({ series }: { series: ScanDay[] }) {
  const ref = useRef<HTMLDivElement>(null);
  const width = useWidth(ref);
  const near = useNearViewport(ref, '25% 0px');

  useEffect(() => {
    const element = ref.current;
    if (!element || width === 0 || !near) return;
    let plot: uPlot | undefined;
    let cancelled = false;
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(async ([{ default: UPlot }]) => {
      // The drawing in a task of its own: after the library's evaluation, in the same task, it held a phone's main
      // thread for one long task (issue 25 §1).
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (cancelled) return;
      const bar = themeColour(element, '--primary');
      const ink = themeColour(element, '--muted-foreground');
      const grid = themeColour(element, '--border');
      const axis = { stroke: ink, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
      const dayLabel = (ts: number) => new Date(ts * 1000).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
      const days = series.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000);
      plot = new UPlot(
        {
          width,
          height: HEIGHT,
          // Days are UTC days: place them as such, whatever the viewer's time zone.
          tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
          legend: { show: false },
          cursor: { show: false },
          // Half a day either side, so the first and last bars are whole.
          scales: { x: { time: true, range: (_u, min, max) => [min - DAY / 2, max + DAY / 2] }, y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] } },
          axes: [
            // Ticks on whole days only, labelled 'Nov 23'.
            { ...axis, space: 56, incrs: [DAY, 2 * DAY, 7 * DAY, 14 * DAY, 28 * DAY], values: (_u, ticks) => ticks.map(dayLabel) },
            { ...axis, size: 40, values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? String(t) : '')) },
          ],
          series: [{}, { label: 'Scans', fill: bar, stroke: bar, paths: UPlot.paths.bars!({ size: [0.8, 24] }), points: { show: false } }],
        },
        [days, series.map((d) => d.scans)],
        element,
      );
    });
    return () => {
      cancelled = true;
      plot?.destroy();
    };
  }, [series, width, near]);

  return <div ref={ref} aria-hidden className="min-h-[200px] w-full min-w-0 overflow-hidden" data-testid="scan-chart" />;
}
