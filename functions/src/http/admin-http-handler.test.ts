// adminHttpHandler: the house stack for an area whose routes are public or admin-only (payments). It never loads the
// identity repository or ElectroDB (tests/infra/lambda-bundles.test.ts checks the bundle); who may call its admin
// routes is proved over the local runtime by the authorization matrix (tests/integration/authorization.test.ts).
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { defineRoutes } from '../../routes/define';
import { adminHttpHandler } from './admin-http-handler';
import { raw } from './http';

const whoAsks = { method: 'GET', path: '/api/public/who/{invoiceId}', auth: 'public', throttle: 'public', summary: 'Echoes the caller it was given', produces: 'text/plain' } as const;
const adminOnly = { method: 'GET', path: '/api/admin/who', auth: 'admin', throttle: 'standard', summary: 'An admin route', produces: 'text/plain' } as const;
const mine = { method: 'GET', path: '/api/mine', auth: 'user', throttle: 'standard', summary: 'A signed-in route', produces: 'text/plain' } as const;
const routes = defineRoutes('payments', { whoAsks, adminOnly });
const mixedRoutes = defineRoutes('payments', { whoAsks, mine });

const event = (routeKey: string, claims?: Record<string, string>) =>
  ({
    routeKey,
    pathParameters: routeKey.includes('{invoiceId}') ? { invoiceId: 'AbCdEfGhIjKlMnOpQrStUv' } : {},
    headers: {},
    requestContext: { requestId: 'req-1', ...(claims ? { authorizer: { jwt: { claims } } } : {}) },
  }) as unknown as APIGatewayProxyEventV2;
const context = { awsRequestId: 'req-1', functionName: 'payments' } as Context;
const handler = adminHttpHandler(routes, {
  whoAsks: async ({ caller, params }) => raw({ body: `${JSON.stringify(caller)} ${params.invoiceId}` }),
  adminOnly: async ({ caller }) => raw({ body: caller.userId }),
});

describe('adminHttpHandler', () => {
  it('serves a public route with a null caller, even when the request carries a token', async () => {
    for (const claims of [undefined, { sub: 'u1', token_use: 'id' }]) {
      const response = await handler(event('GET /api/public/who/{invoiceId}', claims), context);
      expect(response).toMatchObject({ statusCode: 200, body: 'null AbCdEfGhIjKlMnOpQrStUv' });
    }
  });

  it('answers 401 to an admin route without a token, or with an access token, before reading anything', async () => {
    for (const claims of [undefined, { sub: 'u1', token_use: 'access', 'cognito:groups': '[admin]' }]) {
      const response = await handler(event('GET /api/admin/who', claims), context);
      expect(response.statusCode).toBe(401);
    }
  });

  it('refuses, at start-up, a route table with a route for other signed-in users (and the type refuses it too)', () => {
    const operations = { whoAsks: async () => raw({ body: '' }), mine: async () => raw({ body: '' }) };
    // @ts-expect-error a table with a `user` route does not type-check as public and admin routes
    expect(() => adminHttpHandler(mixedRoutes, operations)).toThrow('adminHttpHandler takes public and admin routes only, not mine');
  });
});
