// The house HTTP stack for every area Lambda: Powertools logging → route lookup → JSON body parse →
// zod validation with the route's shared schema → caller resolution → operation → error mapper.
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { messages } from '../../../shared/messages';
import type { ApiErrorBody } from '../../../shared/errors';
import { routes, type Area, type RouteDef } from '../../routes';
import { claimsOf, resolveCaller, type Caller } from './caller';
import { AppError, forbidden, unauthenticated } from './errors';
import { logger } from './logger';

/** Bodies above this are refused with 413 before parsing (API Gateway's own limit is 10 MB). */
export const MAX_BODY_BYTES = 64 * 1024;

export interface OperationInput<TBody = unknown> {
  body: TBody;
  params: Record<string, string>;
  query: Record<string, string>;
  caller: Caller | null;
  event: APIGatewayProxyEventV2;
  requestId: string;
}

export interface RawResponse {
  status?: number;
  headers?: Record<string, string>;
  body: string;
  isBase64Encoded?: boolean;
}

/** An operation returns a JSON-able value (200), `created(x)` (201), `noContent()` (204) or a raw response. */
export type Operation = (input: OperationInput<never>) => Promise<unknown>;

const RAW = Symbol('raw');
export const raw = (response: RawResponse) => ({ [RAW]: response });
export const created = (body: unknown) => raw({ status: 201, headers: jsonHeaders, body: JSON.stringify(body) });
export const noContent = () => raw({ status: 204, body: '' });

const jsonHeaders = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

function isRaw(value: unknown): value is { [RAW]: RawResponse } {
  return typeof value === 'object' && value !== null && RAW in value;
}

/** Field errors keyed by the form field name: the first message per field. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
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
      parsed = JSON.parse(rawBody);
    } catch {
      throw new AppError('MALFORMED_JSON', messages.generic.malformedJson);
    }
  }
  const result = route.body.safeParse(parsed);
  if (!result.success) {
    const fieldErrors = fieldErrorsOf(result.error);
    throw new AppError('VALIDATION_FAILED', Object.values(fieldErrors)[0] ?? 'Invalid input', fieldErrors);
  }
  return result.data;
}

async function callerFor(event: APIGatewayProxyEventV2, route: RouteDef): Promise<Caller | null> {
  if (route.auth === 'public') return null;
  const claims = claimsOf(event);
  if (!claims) throw unauthenticated();
  const caller = await resolveCaller(claims);
  if (route.auth === 'admin' && !caller.isAdmin) throw forbidden();
  return caller;
}

/** Builds the Lambda handler of one area from its operations (keyed by the route table's operationId). */
export function httpHandler(area: Area, operations: Record<string, Operation>) {
  const areaRoutes = new Map(routes.filter((r) => r.area === area).map((r) => [`${r.method} ${r.path}`, r]));
  for (const route of areaRoutes.values()) {
    if (!operations[route.operationId]) throw new Error(`No operation implements ${route.operationId}`);
  }

  const base = async (event: APIGatewayProxyEventV2, context: Context): Promise<APIGatewayProxyStructuredResultV2> => {
    const requestId = event.requestContext?.requestId ?? context?.awsRequestId ?? randomUUID();
    try {
      const route = areaRoutes.get(event.routeKey);
      if (!route) throw new AppError('NOT_FOUND', messages.generic.notFound);
      const body = parseBody(event, route);
      const caller = await callerFor(event, route);
      const operation = operations[route.operationId]!;
      const result = await operation({
        body: body as never,
        params: (event.pathParameters ?? {}) as Record<string, string>,
        query: (event.queryStringParameters ?? {}) as Record<string, string>,
        caller,
        event,
        requestId,
      });
      if (isRaw(result)) {
        const r = result[RAW];
        return { statusCode: r.status ?? 200, headers: r.headers, body: r.body, isBase64Encoded: r.isBase64Encoded };
      }
      return { statusCode: 200, headers: jsonHeaders, body: JSON.stringify(result) };
    } catch (error) {
      if (error instanceof AppError) {
        if (error.status >= 500) logger.error('request failed', { requestId, code: error.code, error });
        return errorResponse(error, requestId);
      }
      logger.error('unhandled error', { requestId, routeKey: event.routeKey, error: error as Error });
      return errorResponse(new AppError('INTERNAL', messages.generic.internal), requestId);
    }
  };

  return middy(base).use(injectLambdaContext(logger, { resetKeys: true }));
}
