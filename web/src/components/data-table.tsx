// A listing's table: it scrolls sideways inside its own labelled region, which takes focus so a keyboard can scroll it
// (axe's scrollable-region-focusable), under the muted header bar every listing uses.
import type { ReactNode } from 'react';
import { cn } from '@web/lib/cn';

export interface Column {
  label: string;
  /** Figures: right-aligned, header and cells alike. */
  numeric?: boolean;
  /** A column of buttons: its header is for screen readers only. */
  hidden?: boolean;
}

export function DataTable({ label, columns, tableClassName, children }: { label: string; columns: Column[]; tableClassName?: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="relative min-w-0 overflow-x-auto rounded-xl border bg-background">
      <table className={cn('w-full text-sm', tableClassName)}>
        <thead className="bg-muted text-left text-muted-foreground">
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={cn('px-4 py-2 font-medium', column.numeric && 'text-right')}>
                {column.hidden ? <span className="sr-only">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
