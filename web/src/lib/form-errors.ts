// Puts the API's field errors (400 VALIDATION_FAILED) under the matching react-hook-form fields.
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-client';

/** Returns true when at least one field error was applied to a known field. */
export function applyFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly FieldPath<T>[]): boolean {
  if (!isApiError(error) || !error.fieldErrors) return false;
  let applied = false;
  for (const [field, message] of Object.entries(error.fieldErrors)) {
    const known = fields.find((f) => f === field);
    if (known) {
      setError(known, { type: 'server', message });
      applied = true;
    }
  }
  return applied;
}
