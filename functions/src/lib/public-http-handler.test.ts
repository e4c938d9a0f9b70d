// publicHttpHandler: the house stack for an area whose routes are all public (payments), which never resolves a caller
// and so never loads the identity repository or ElectroDB (tests/infra/lambda-bundles.test.ts checks the bundle).
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { defineRoutes } from '../../routes/define';
import { publicHttpHandler, raw } from './http';

const whoAsks = { method: 'GET', path: '/api/public/who/{invoiceId}', auth: 'public', throttle: 'public', summary: 'Echoes the caller it was given', produces: 'text/plain' } as const;
const mine = { method: 'GET', path: '/api/mine', auth: 'user', throttle: 'standard', summary: 'A signed-in route', produces: 'text/plain' } as const;
const publicRoutes = defineRoutes('payments', { whoAsks });
const mixedRoutes = defineRoutes('payments', { whoAsks, mine });

const event = (claims?: Record<string, string>) =>
  ({
    routeKey: 'GET /api/public/who/{invoiceId}',
    pathParameters: { invoiceId: 'AbCdEfGhIjKlMnOpQrStUv' },
    headers: {},
    requestContext: { requestId: 'req-1', ...(claims ? { authorizer: { jwt: { claims } } } : {}) },
  }) as unknown as APIGatewayProxyEventV2;
const context = { awsRequestId: 'req-1', functionName: 'payments' } as Context;

describe('publicHttpHandler', () => {
  it('serves a public route with a null caller, even when the request carries a token', async () => {
    const handler = publicHttpHandler(publicRoutes, { whoAsks: async ({ caller, params }) => raw({ body: `${JSON.stringify(caller)} ${params.invoiceId}` }) });
    for (const claims of [undefined, { sub: 'u1', token_use: 'id' }]) {
      const response = await handler(event(claims), context);
      expect(response).toMatchObject({ statusCode: 200, body: 'null AbCdEfGhIjKlMnOpQrStUv' });
    }
  });

  it('refuses, at start-up, a route table with a signed-in route (and the type refuses it too)', () => {
    const operations = { whoAsks: async () => raw({ body: '' }), mine: async () => raw({ body: '' }) };
    // @ts-expect-error a table with a signed-in route does not type-check as public routes
    expect(() => publicHttpHandler(mixedRoutes, operations)).toThrow('publicHttpHandler takes public routes only, not mine');
  });
});
