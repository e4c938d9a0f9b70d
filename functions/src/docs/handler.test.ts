import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../routes';

const secret = 'o'.repeat(48);
let handler: (event: APIGatewayProxyEventV2) => Promise<APIGatewayProxyStructuredResultV2>;

beforeAll(async () => {
  // Read once per container, like in AWS: set before the handler's first request.
  process.env.ORIGIN_VERIFY_SECRET = secret;
  ({ handler } = await import('./handler'));
});

const request = (headers: Record<string, string>) =>
  handler({ routeKey: 'GET /api/openapi.json', headers, requestContext: { requestId: 'req-1' } } as unknown as APIGatewayProxyEventV2);

describe('the docs Lambda (GET /api/openapi.json)', () => {
  it('answers the OpenAPI document with every route of the route table', async () => {
    const res = await request({ 'x-origin-verify': secret });
    expect(res.statusCode).toBe(200);
    expect(res.headers?.['content-type']).toBe('application/json; charset=utf-8');
    const document = JSON.parse(res.body!) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toBe('3.1.0');
    const documented = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual(routes.map((r) => `${r.method} ${r.path}`).sort());
    expect((await request({ 'x-origin-verify': secret })).body).toBe(res.body);
  });

  it('refuses a request that did not come through CloudFront, like every API function', async () => {
    const res = await request({});
    expect(res.statusCode).toBe(403);
    expect(JSON.parse(res.body!)).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String), requestId: 'req-1' } });
  });
});
