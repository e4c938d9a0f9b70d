// The one fetch wrapper for /api: JSON in and out, the caller's Cognito ID token as a Bearer token,
// error bodies ({ error: { code, message, fieldErrors?, requestId? } }) turned into ApiError.
import type { ApiErrorBody, ErrorCode } from '@shared/errors';
import { generic } from '@shared/messages/session';
import { whenConfigLoaded } from './config';
import { hasStoredSession, loadAuth, storedIdToken } from './load-auth';

/** NETWORK_ERROR: the request never got an answer; BAD_RESPONSE: the answer broke the contract. */
export type ApiErrorCode = ErrorCode | 'NETWORK_ERROR' | 'BAD_RESPONSE';

export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly fieldErrors?: Record<string, string>;
  readonly requestId?: string;

  constructor(init: { status: number; code: ApiErrorCode; message: string; fieldErrors?: Record<string, string>; requestId?: string }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.fieldErrors = init.fieldErrors;
    this.requestId = init.requestId;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Structurally a zod schema; typed this way so this module does not pull zod into the boot chunk. */
export interface ResponseSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: { issues: unknown } };
}

export interface ApiRequest<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined | null>;
  /** The response schema; the parsed value is returned. Without one the raw JSON (or undefined for 204) is returned. */
  schema?: ResponseSchema<T>;
  /** Send the ID token (default true). */
  auth?: boolean;
  signal?: AbortSignal;
}

/** GETs started at boot, by address, until the page's own request takes the answer (startGet). */
const started = new Map<string, Promise<Response>>();

/**
 * Starts a GET now; the next apiRequest GET of the same path and query takes its answer (issue 25 §1: a signed-in
 * page's data is requested at boot, before the code that asks for it has loaded). Not taken within 15 s, it is dropped.
 */
export function startGet(path: string, query?: ApiRequest<unknown>['query']): void {
  const url = withQuery(path, query);
  if (started.has(url)) return;
  const answer = send(path, { query }, 'application/json');
  answer.catch(() => undefined); // the request that takes it sees the error
  started.set(url, answer);
  setTimeout(() => started.delete(url), 15_000);
}

function takeStarted(path: string, options: ApiRequest<unknown>): Promise<Response> | undefined {
  if ((options.method ?? 'GET') !== 'GET' || options.auth === false) return undefined;
  const url = withQuery(path, options.query);
  const answer = started.get(url);
  started.delete(url);
  return answer;
}

export async function apiRequest<T = void>(path: string, options: ApiRequest<T> = {}): Promise<T> {
  const { method = 'GET', schema } = options;
  const res = await (takeStarted(path, options) ?? send(path, options, 'application/json'));
  if (res.status === 204) return undefined as T;

  let json: unknown;
  try {
    json = await res.json();
  } catch {
    throw badResponse(res.status, `${method} ${path}: the response is not JSON`);
  }
  return schema ? parseResponse(schema, json, `${method} ${path}`) : (json as T);
}

/** A file the API writes (a CSV export, a card preview's HTML): its text, with the same sign-in and errors as apiRequest. */
export async function apiText(path: string, accept: string, options: Pick<ApiRequest<unknown>, 'method' | 'body' | 'signal'> = {}): Promise<string> {
  return (await send(path, options, accept)).text();
}

/** Sends the request (with the ID token unless `auth` is false); a non-2xx answer is thrown as an ApiError. */
async function send(path: string, options: ApiRequest<unknown>, accept: string): Promise<Response> {
  const { method = 'GET', body, query, auth = true, signal } = options;
  const headers: Record<string, string> = { Accept: accept };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (auth) {
    // Without stored Amplify keys there is no token to send, and no reason to load the auth library; a stored token
    // that is good for a while is sent as it is, without waiting for the library (issue 25 §1).
    const token = hasStoredSession() ? await idToken() : null;
    if (!token) throw new ApiError({ status: 401, code: 'UNAUTHENTICATED', message: generic.unauthenticated });
    headers.Authorization = `Bearer ${token}`;
  }

  let res: Response;
  try {
    res = await fetch(withQuery(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Could not reach the server. Check your connection and try again.' });
  }

  if (!res.ok) throw await toApiError(res);
  return res;
}

async function idToken(): Promise<string | null> {
  const stored = storedIdToken((await whenConfigLoaded()).userPoolClientId);
  return stored ? stored.token : (await loadAuth()).getIdToken();
}

/** Checks a response against its schema; a mismatch is a BAD_RESPONSE ApiError (details in the console). */
export function parseResponse<T>(schema: ResponseSchema<T>, json: unknown, label: string): T {
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    console.error(`Unexpected response from ${label}`, parsed.error.issues);
    throw badResponse(200, `${label}: the response does not match its schema`);
  }
  return parsed.data;
}

function withQuery(path: string, query: ApiRequest<unknown>['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null) params.set(key, String(value));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

function badResponse(status: number, detail: string): ApiError {
  console.error(detail);
  return new ApiError({ status, code: 'BAD_RESPONSE', message: generic.internal });
}

async function toApiError(res: Response): Promise<ApiError> {
  let body: Partial<ApiErrorBody> | undefined;
  try {
    body = (await res.json()) as Partial<ApiErrorBody>;
  } catch {
    body = undefined;
  }
  const err = body?.error;
  if (err && typeof err.code === 'string' && typeof err.message === 'string') {
    return new ApiError({ status: res.status, code: err.code, message: err.message, fieldErrors: err.fieldErrors, requestId: err.requestId });
  }
  const code = fallbackCode(res.status);
  return new ApiError({ status: res.status, code, message: fallbackMessage[code] ?? generic.internal });
}

const fallbackMessage: Partial<Record<ErrorCode, string>> = {
  UNAUTHENTICATED: generic.unauthenticated,
  FORBIDDEN: generic.forbidden,
  NOT_FOUND: generic.notFound,
  PAYLOAD_TOO_LARGE: generic.payloadTooLarge,
  RATE_LIMITED: generic.rateLimited,
};

function fallbackCode(status: number): ErrorCode {
  switch (status) {
    case 400: return 'VALIDATION_FAILED';
    case 401: return 'UNAUTHENTICATED';
    case 403: return 'FORBIDDEN';
    case 404: return 'NOT_FOUND';
    case 409: return 'CONFLICT';
    case 413: return 'PAYLOAD_TOO_LARGE';
    case 429: return 'RATE_LIMITED';
    default: return 'INTERNAL';
  }
}
