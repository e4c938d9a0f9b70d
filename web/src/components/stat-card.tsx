// One dashboard counter tile. Without a value (the page's data still loading, issue 25 §1) its figure and detail are
// placeholders of the same height: the page draws its frame at once and nothing moves when the figures arrive.
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@web/components/card';

/** A grey block one line of text high, in place of text that is still loading. */
export function TextPlaceholder({ width }: { width: string }) {
  return (
    <span aria-hidden className={`inline-block rounded bg-muted ${width}`}>
      {'\u00a0'}
    </span>
  );
}

export function StatCard({ title, value, detail, icon: Icon }: { title: string; value: string | undefined; detail?: ReactNode; icon: LucideIcon }) {
  return (
    <Card className="flex items-start justify-between gap-3 p-4 sm:p-5">
      <div className="min-w-0">
        <h3 className="text-sm font-medium text-muted-foreground">{title}</h3>
        <p className="mt-1 text-2xl font-bold tabular-nums">{value ?? <TextPlaceholder width="w-16" />}</p>
        {detail && <p className="mt-0.5 text-xs text-muted-foreground">{detail === true ? <TextPlaceholder width="w-20" /> : detail}</p>}
      </div>
      <span className="rounded-lg bg-primary/10 p-2 text-secondary">
        <Icon aria-hidden className="size-5" />
      </span>
    </Card>
  );
}
