// The house HTTP stack for every area Lambda: Powertools logging → CloudFront origin check → route lookup → caller resolution → path, query
// and JSON body validation with the route's shared schemas → operation → error mapper. Operations are typed
// from their route: body, params and query are the schemas' outputs, and signed-in routes get a non-null Caller.
// Caller resolution is passed in (lib/http-handler.ts), not imported, so that an area whose signed-in routes are admin-only
// (payments, lib/admin-http-handler.ts) loads neither the identity repository nor ElectroDB.
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import type * as z from '../../../shared/zod';
import { messages } from '../../../shared/messages';
import type { ApiErrorBody } from '../../../shared/errors';
import type { RouteDef } from '../../routes/define';
import type { Caller } from '../identity/caller';
import { AppError, forbidden } from '../lib/errors';
import { logger } from '../lib/logger';
import { withRequestContext } from './request-context';
import { viewerIpOf } from '../lib/viewer-address';
import { isFromEdge } from '../lib/origin-verify';
import { DuplicateJsonKeyError, parseJsonStrict } from '../lib/strict-json';

/** Bodies above this are refused with 413 before parsing (API Gateway's own limit is 10 MB). */
export const MAX_BODY_BYTES = 64 * 1024;

type Output<S> = S extends z.ZodMiniType ? z.output<S> : undefined;

/** What an operation receives, typed from its route. */
export interface OperationInput<R extends RouteDef> {
  body: Output<R['body']>;
  params: z.output<R['params']>;
  query: R['query'] extends z.ZodMiniType ? z.output<R['query']> : Record<string, never>;
  caller: R['auth'] extends 'public' ? null : Caller;
  event: APIGatewayProxyEventV2;
  requestId: string;
}

export interface RawResponse {
  status?: number;
  headers?: Record<string, string>;
  body: string;
  isBase64Encoded?: boolean;
}

const RAW = Symbol('raw');
/** A response the operation shapes itself (HTML, vCard, a status other than the route's). */
export interface Raw {
  [RAW]: RawResponse;
}
export const raw = (response: RawResponse): Raw => ({ [RAW]: response });

/** A JSON route returns its response DTO (sent as 200, or 201 when the route `creates`); others return raw(). */
type Result<R extends RouteDef> = R['response'] extends z.ZodMiniType ? z.input<R['response']> | Raw : Raw;
export type Operation<R extends RouteDef> = (input: OperationInput<R>) => Promise<Result<R>>;

/** One operation per route of an area's table (functions/routes/<area>.ts), keyed by operation id. */
export type OperationsOf<T extends Record<string, RouteDef>> = { [K in keyof T]: Operation<T[K]> };

const jsonHeaders = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

function isRaw(value: unknown): value is Raw {
  return typeof value === 'object' && value !== null && RAW in value;
}

/** Field errors keyed by the form field name: the first message per field. */
export function fieldErrorsOf(error: z.core.$ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    const message = issue.code === 'unrecognized_keys' ? `Unknown field(s): ${issue.keys.join(', ')}` : issue.message;
    out[key] ??= message;
  }
  return out;
}

function errorResponse(error: AppError, requestId: string): APIGatewayProxyStructuredResultV2 {
  const body: ApiErrorBody = {
    error: { code: error.code, message: error.message, ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}), requestId },
  };
  return { statusCode: error.status, headers: jsonHeaders, body: JSON.stringify(body) };
}

function validate<S extends z.ZodMiniType>(schema: S, value: unknown, message?: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fieldErrors = fieldErrorsOf(result.error);
  throw new AppError('VALIDATION_FAILED', message ?? Object.values(fieldErrors)[0] ?? 'Invalid input', fieldErrors);
}

function parseBody(event: APIGatewayProxyEventV2, route: RouteDef): unknown {
  if (!route.body) return undefined;
  const rawBody = event.body ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body) : '';
  if (Buffer.byteLength(rawBody, 'utf8') > MAX_BODY_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', messages.generic.payloadTooLarge);
  const contentType = event.headers?.['content-type'] ?? event.headers?.['Content-Type'] ?? '';
  if (rawBody && !/^application\/json\b/i.test(contentType)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', messages.generic.unsupportedMediaType);
  }
  let parsed: unknown = {};
  if (rawBody.trim()) {
    try {
      parsed = parseJsonStrict(rawBody);
    } catch (error) {
      const duplicate = error instanceof DuplicateJsonKeyError;
      throw new AppError('MALFORMED_JSON', duplicate ? messages.generic.duplicateJsonKey : messages.generic.malformedJson, duplicate ? { [error.key]: messages.generic.duplicateJsonKey } : undefined);
    }
  }
  return validate(route.body, parsed);
}

/** Who is asking, from the token API Gateway verified; a 401 AppError when there is none (lib/http-handler.ts). */
export type CallerResolver = (event: APIGatewayProxyEventV2) => Promise<Caller>;

async function callerFor(event: APIGatewayProxyEventV2, route: RouteDef, resolveCaller: CallerResolver | null): Promise<Caller | null> {
  if (route.auth === 'public') return null;
  // Every handler builder passes a resolver when its table has signed-in routes, so this is a wiring mistake.
  if (!resolveCaller) throw new Error(`${route.operationId} needs a caller, but its handler resolves none`);
  const caller = await resolveCaller(event);
  if (route.auth === 'admin' && !caller.isAdmin) throw forbidden();
  return caller;
}

export interface HttpHandlerOptions {
  /** Renders a 4xx for people rather than programs (the card page answers HTML, not JSON). */
  errorPage?: (error: AppError) => RawResponse;
}

/**
 * Builds the Lambda handler of one area from its route table and operations (keyed by operationId). It takes the
 * area's table, not the whole route table, so the bundle carries only that area's routes and schemas. Areas call
 * httpHandler (lib/http-handler.ts) or adminHttpHandler (lib/admin-http-handler.ts), which say how the caller is resolved.
 */
export function createHttpHandler<T extends Record<string, RouteDef>>(table: T, operations: OperationsOf<T>, resolveCaller: CallerResolver | null, options: HttpHandlerOptions = {}) {
  const areaRoutes = new Map(Object.values(table).map((r) => [`${r.method} ${r.path}`, r]));
  const byId = operations as unknown as Record<string, Operation<RouteDef>>;
  for (const route of areaRoutes.values()) {
    if (!byId[route.operationId]) throw new Error(`No operation implements ${route.operationId}`);
  }

  const base = async (event: APIGatewayProxyEventV2, context: Context): Promise<APIGatewayProxyStructuredResultV2> => {
    const requestId = event.requestContext?.requestId ?? context?.awsRequestId ?? randomUUID();
    try {
      // Straight to API Gateway's own URL, around CloudFront and its WAF: refused before anything else.
      if (!isFromEdge(event.headers)) throw forbidden();
      const route = areaRoutes.get(event.routeKey);
      if (!route) throw new AppError('NOT_FOUND', messages.generic.notFound);
      // Who first (a revoked session is a 401 whatever it sends), then every input, so an impossible id
      // (5,000 characters, '../x') or a bad body never reaches a service or DynamoDB.
      const caller = await callerFor(event, route, resolveCaller);
      const params = validate(route.params, event.pathParameters ?? {}, messages.generic.invalidPathParameter);
      const query = route.query ? validate(route.query, event.queryStringParameters ?? {}, messages.generic.invalidQuery) : {};
      const body = parseBody(event, route);
      const operation = byId[route.operationId]!;
      const result = await withRequestContext({ requestId, viewerIp: viewerIpOf(event), caller }, () => operation({ body, params, query, caller, event, requestId } as never));
      if (isRaw(result)) {
        const r = result[RAW];
        return { statusCode: r.status ?? 200, headers: r.headers, body: r.body, isBase64Encoded: r.isBase64Encoded };
      }
      return { statusCode: route.creates ? 201 : route.accepts ? 202 : 200, headers: jsonHeaders, body: JSON.stringify(result) };
    } catch (error) {
      if (error instanceof AppError) {
        if (error.status >= 500) logger.error('request failed', { requestId, code: error.code, error });
        if (options.errorPage && error.status < 500) {
          const page = options.errorPage(error);
          return { statusCode: page.status ?? error.status, headers: page.headers, body: page.body };
        }
        return errorResponse(error, requestId);
      }
      logger.error('unhandled error', { requestId, routeKey: event.routeKey, error: error as Error });
      return errorResponse(new AppError('INTERNAL', messages.generic.internal), requestId);
    }
  };

  return middy(base).use(injectLambdaContext(logger, { resetKeys: true }));
}
