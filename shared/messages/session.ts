// The copy the app's boot code shows (the API client's fallbacks, sign-out and a failed Google sign-in): kept apart
// from shared/messages.ts (which re-exports it) so the first load of every page does not carry all of the app's copy
// (issue 25 §1). The server's error answers use `generic` too.
export const generic = {
  internal: 'Something went wrong on our side. Please try again.',
  unauthenticated: 'Please sign in and try again.',
  forbidden: "You don't have permission to do that.",
  notFound: 'Not found.',
  malformedJson: 'The request body is not valid JSON.',
  payloadTooLarge: 'The request body is too large.',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  unsupportedMediaType: 'The request body must be JSON (Content-Type: application/json).',
  sessionEnded: 'Your session has ended. Please sign in again.',
  duplicateJsonKey: 'The request body names the same field twice.',
  invalidPathParameter: 'The address names something that cannot exist.',
  invalidQuery: 'The query parameters are not valid.',
  cannotOwnBusiness: 'This account cannot set up a business. Sign up with a Business Owner account to create one.',
} as const;

/** Toasts of the session (spec 1 §8). */
export const sessionNotices = {
  authError: 'Authentication Error',
  unexpected: 'An unexpected error occurred',
  signedOut: 'Successfully signed out',
  googleFailed: 'Google authentication failed. Please try again.',
} as const;
