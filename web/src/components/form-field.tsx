// Label + control + hint/error text. The control (a single element child) gets id, aria-invalid and aria-describedby.
import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import { cn } from '@web/lib/cn';
import { Label } from './label';

interface ControlProps {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

export interface FormFieldProps {
  label: ReactNode;
  /** Shows ' *' after the label and marks the control aria-required. */
  required?: boolean;
  error?: string;
  hint?: ReactNode;
  className?: string;
  /** Override the generated id (the control keeps its own id if it has one). */
  id?: string;
  children: ReactElement<ControlProps>;
}

export function FormField({ label, required, error, hint, className, id, children }: FormFieldProps) {
  const generated = useId();
  const controlId = (isValidElement(children) && children.props.id) || id || generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [children.props['aria-describedby'], hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <Label htmlFor={controlId}>
        {label}
        {required && " *"}
      </Label>
      {cloneElement(children, {
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        'aria-required': required || undefined,
      })}
      {hint && (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
