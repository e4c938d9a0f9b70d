// A styled native <select>: accessible and phone-friendly without extra JavaScript.
import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn';
import { controlClasses } from './input';

export function NativeSelect({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className="relative">
      <select className={cn(controlClasses, 'h-10 appearance-none py-2 pr-9', className)} {...props}>
        {children}
      </select>
      <ChevronDown aria-hidden className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground" />
    </div>
  );
}
