// The `docs` area Lambda: GET /api/openapi.json. The document is built from every area's routes and schemas once per
// container. No middy and no ElectroDB: it reads no table and resolves no caller (the route is public), so the whole
// route table it needs stays out of every other area's bundle (issue 7).
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { ApiErrorBody, ErrorCode } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import { logger } from '../lib/logger';
import { isFromEdge } from '../lib/origin-verify';
import { openApiDocument } from './openapi';

const headers = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };
let document: string | undefined;

function error(status: number, code: ErrorCode, message: string, requestId: string): APIGatewayProxyStructuredResultV2 {
  const body: ApiErrorBody = { error: { code, message, requestId } };
  return { statusCode: status, headers, body: JSON.stringify(body) };
}

export async function handler(event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
  const requestId = event.requestContext?.requestId ?? '';
  // Straight to API Gateway's own URL, around CloudFront and its WAF: refused (origin-verify.ts).
  if (!isFromEdge(event.headers)) return error(403, 'FORBIDDEN', messages.generic.forbidden, requestId);
  try {
    document ??= JSON.stringify(openApiDocument());
    return { statusCode: 200, headers, body: document };
  } catch (cause) {
    logger.error('OpenAPI document failed', { requestId, error: cause as Error });
    return error(500, 'INTERNAL', messages.generic.internal, requestId);
  }
}
