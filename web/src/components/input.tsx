// Text input styled for the design system; aria-invalid turns the border red.
import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn';

export const controlClasses =
  'w-full rounded-md border border-input bg-background px-3 text-base text-foreground shadow-xs sm:text-sm ' +
  'placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring ' +
  'disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(controlClasses, 'h-10 py-2 read-only:bg-muted', className)} {...props} />;
}
