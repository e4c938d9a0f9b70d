// Error codes shared by the API and the web app; the API maps each code to one HTTP status.
export const errorStatus = {
  VALIDATION_FAILED: 400,
  MALFORMED_JSON: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  BILLING_EMAIL_TAKEN: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  NOT_CONFIGURED: 503,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** The JSON body of every error response. `fieldErrors` maps a form field to its first message. */
export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; fieldErrors?: Record<string, string>; requestId?: string };
}
