// AppError: what services throw. The HTTP error mapper turns its code into a status (shared/errors.ts).
import { errorStatus, type ErrorCode } from '../../../shared/errors';
import { messages } from '../../../shared/messages';

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export const notFound = (message: string = messages.generic.notFound) => new AppError('NOT_FOUND', message);
export const forbidden = (message: string = messages.generic.forbidden) => new AppError('FORBIDDEN', message);
export const unauthenticated = () => new AppError('UNAUTHENTICATED', messages.generic.unauthenticated);
/** A paging cursor this API did not hand out (for this listing): a validation error, never a key of something else. */
export const invalidCursor = () => new AppError('VALIDATION_FAILED', 'Invalid cursor.', { cursor: 'Invalid cursor.' });
