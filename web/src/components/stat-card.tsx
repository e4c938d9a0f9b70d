// One dashboard counter tile. Without a value (the page's data still loading, issue 25 §1) its figure and detail are
// placeholders of the same height: the page draws its frame at once and nothing moves when the figures arrive.
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@web/components/card';

/** A grey block one line of text high, in place of text that is still loading. */
export function TextPlaceholder({ width, kept = false }: { width: string; kept?: boolean }) {
  return (
    <span aria-hidden data-kept-placeholder={kept ? '' : undefined} className={`inline-block rounded bg-muted ${width}`}>
      {'\u00a0'}
    </span>
  );
}

/**
 * A placeholder; with `keptSlot` (a prerendered frame's), after the hidden slot that web/kept-labels.js fills with the
 * figure the last visit kept under that label, hiding the placeholder, before the first paint (issue 25 §1).
 */
export function KeptPlaceholder({ width, keptSlot }: { width: string; keptSlot: string | undefined }) {
  if (!keptSlot) return <TextPlaceholder width={width} />;
  return (
    <>
      <span hidden data-kept-label={keptSlot} />
      <TextPlaceholder width={width} kept />
    </>
  );
}

interface Props {
  title: string;
  value: string | undefined;
  /** A line under the figure; `true` is its placeholder. */
  detail?: ReactNode;
  /** The kept labels a frame's placeholders are slots of (the figure's, the detail's). */
  keptSlot?: string;
  detailKeptSlot?: string;
  icon: LucideIcon;
}

export function StatCard({ title, value, detail, keptSlot, detailKeptSlot, icon: Icon }: Props) {
  // The texts' box is `contents`: they sit in the tile's grid (the icon beside the title and figure, the detail under
  // both, on the tile's whole width) and stay one element's children (a tile is found by its heading's parent).
  return (
    <Card className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-3 p-4 sm:p-5">
      <div className="contents">
        <h3 className="col-start-1 row-start-1 text-sm font-medium text-muted-foreground">{title}</h3>
        <p className="col-start-1 row-start-2 mt-1 text-2xl font-bold tabular-nums">{value ?? <KeptPlaceholder width="w-16" keptSlot={keptSlot} />}</p>
        {/* On one line, as its placeholder is: nothing moves when it arrives. */}
        {detail && <p className="col-span-2 row-start-3 mt-0.5 truncate text-xs text-muted-foreground">{detail === true ? <KeptPlaceholder width="w-20" keptSlot={detailKeptSlot} /> : detail}</p>}
      </div>
      <span className="col-start-2 row-span-2 row-start-1 rounded-lg bg-primary/10 p-2 text-secondary">
        <Icon aria-hidden className="size-5" />
      </span>
    </Card>
  );
}
