// Loading indicator announced to screen readers.
import { Loader2 } from 'lucide-react';
import { cn } from '@web/lib/cn';

export function Spinner({ className, label = 'Loading…' }: { className?: string; label?: string }) {
  return (
    <div role="status" className={cn('inline-flex items-center justify-center', className)}>
      <Loader2 aria-hidden className="size-6 animate-spin text-primary" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/** A spinner centred in the viewport, for whole-page loading. */
export function PageSpinner() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner className="[&_svg]:size-8" />
    </div>
  );
}
