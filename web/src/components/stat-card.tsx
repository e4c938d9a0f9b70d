// One dashboard counter tile.
import type { LucideIcon } from 'lucide-react';
import { Card } from '@web/components/card';

export function StatCard({ title, value, detail, icon: Icon }: { title: string; value: string; detail?: string; icon: LucideIcon }) {
  return (
    <Card className="flex items-start justify-between gap-3 p-4 sm:p-5">
      <div className="min-w-0">
        <h3 className="text-sm font-medium text-muted-foreground">{title}</h3>
        <p className="mt-1 text-2xl font-bold tabular-nums">{value}</p>
        {detail && <p className="mt-0.5 text-xs text-muted-foreground">{detail}</p>}
      </div>
      <span className="rounded-lg bg-primary/10 p-2 text-secondary">
        <Icon aria-hidden className="size-5" />
      </span>
    </Card>
  );
}
