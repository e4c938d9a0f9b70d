// Small status label.
import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn';

const variants = {
  default: 'border-transparent bg-primary text-primary-foreground',
  secondary: 'border-transparent bg-muted text-foreground',
  outline: 'border-border text-foreground',
  success: 'border-transparent bg-success text-success-foreground',
  destructive: 'border-transparent bg-destructive text-destructive-foreground',
} as const;

export type BadgeVariant = keyof typeof variants;

export function Badge({ variant = 'default', className, ...props }: ComponentProps<'span'> & { variant?: BadgeVariant }) {
  return (
    <span
      className={cn('inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap', variants[variant], className)}
      {...props}
    />
  );
}
