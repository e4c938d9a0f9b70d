// The local API Gateway: matches a request against the route table, verifies the bearer token exactly as
// the HTTP API's JWT authorizer does (signature, issuer, expiry, audience or client_id), builds an HTTP API v2
// event with the claims as strings and invokes the area's Lambda handler in-process.
import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { createRemoteJWKSet, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { areas, routes, type Area, type AreaDef, type RouteDef } from '../routes';

type AreaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

export interface ApiAdapterOptions {
  issuer: string;
  audience: string;
  jwksUrl: string;
  handlers: Record<Area, AreaHandler>;
}

interface CompiledRoute {
  route: RouteDef;
  pattern: RegExp;
  names: string[];
}

const compiled: CompiledRoute[] = routes.map((route) => {
  const names: string[] = [];
  const source = route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)(\\\+)?\\?\}/g, (_m, name: string, greedy?: string) => {
    names.push(name);
    // `{name+}` (API Gateway's greedy parameter) takes the rest of the path.
    return greedy ? '(.+)' : '([^/]+)';
  });
  return { route, pattern: new RegExp(`^${source}$`), names };
});

/** Thrown for a path segment whose percent-encoding is malformed (`%E0%A4%A`, `%`): API Gateway answers 400. */
export class MalformedPathError extends Error {}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new MalformedPathError(`malformed percent-encoding in ${segment}`);
  }
}

export function matchRoute(method: string, path: string): { route: RouteDef; params: Record<string, string> } | null {
  for (const c of compiled) {
    if (c.route.method !== method) continue;
    const m = c.pattern.exec(path);
    if (m) return { route: c.route, params: Object.fromEntries(c.names.map((n, i) => [n, decodeSegment(m[i + 1]!)])) };
  }
  return null;
}


/**
 * The HTTP API JWT authorizer's checks, as AWS documents them: a valid signature from the issuer's JWKS, the issuer,
 * `exp` (and `nbf`) against the clock, and `aud` — or, for tokens without one (Cognito access tokens), `client_id` —
 * in the configured audience. Nothing more: whether an access token may be used is the service's decision
 * (functions/src/identity/caller.ts refuses it), exactly as in AWS.
 */
export function createTokenVerifier(options: { issuer: string; audience: string; jwks: JWTVerifyGetKey }) {
  return async function verify(authorization: string | undefined): Promise<JWTPayload | null> {
    const token = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1];
    if (!token) return null;
    try {
      const { payload } = await jwtVerify(token, options.jwks, { issuer: options.issuer, algorithms: ['RS256'] });
      const audiences = payload.aud === undefined ? [payload.client_id] : [payload.aud].flat();
      return audiences.includes(options.audience) ? payload : null;
    } catch {
      return null;
    }
  };
}

/** Claims as API Gateway hands them to the Lambda: every value a string, arrays as "[a b]". */
export function claimsAsApiGatewayPassesThem(payload: JWTPayload): Record<string, string> {
  return Object.fromEntries(
    Object.entries(payload).map(([name, value]) => [name, Array.isArray(value) ? `[${value.join(' ')}]` : typeof value === 'object' ? JSON.stringify(value) : String(value)]),
  );
}

export function createApiAdapter(options: ApiAdapterOptions) {
  const verify = createTokenVerifier({ issuer: options.issuer, audience: options.audience, jwks: createRemoteJWKSet(new URL(options.jwksUrl)) });

  return async function invoke(req: IncomingMessage, url: URL, body: Buffer): Promise<APIGatewayProxyStructuredResultV2> {
    const method = req.method ?? 'GET';
    let match: ReturnType<typeof matchRoute>;
    try {
      match = matchRoute(method, url.pathname);
    } catch (error) {
      if (!(error instanceof MalformedPathError)) throw error;
      return { statusCode: 400, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message: 'Bad Request' }) };
    }
    if (!match) {
      // An HTTP API has no 405: a method without a route is as unknown as a path without one.
      return { statusCode: 404, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message: 'Not Found' }) };
    }
    const { route, params } = match;
    let claims: Record<string, string> | null = null;
    if (route.auth !== 'public') {
      const payload = await verify(req.headers.authorization);
      claims = payload && claimsAsApiGatewayPassesThem(payload);
      // Like API Gateway's JWT authorizer: an invalid or missing token never reaches the Lambda.
      if (!claims) return { statusCode: 401, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message: 'Unauthorized' }) };
    }
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v.join(',') : (v ?? '')]));
    const requestId = randomUUID();
    const isText = body.length === 0 || /json|text|xml|x-www-form-urlencoded/i.test(headers['content-type'] ?? '');
    // A function-URL area (the card page) gets what its URL sends on AWS: no route key, no path parameters.
    const viaFunctionUrl = (areas[route.area] as AreaDef).functionUrl === true;
    const routeKey = viaFunctionUrl ? '$default' : `${route.method} ${route.path}`;
    const event = {
      version: '2.0',
      routeKey,
      rawPath: url.pathname,
      rawQueryString: url.search.replace(/^\?/, ''),
      headers,
      queryStringParameters: url.search ? Object.fromEntries(url.searchParams) : undefined,
      pathParameters: !viaFunctionUrl && Object.keys(params).length ? params : undefined,
      body: body.length ? (isText ? body.toString('utf8') : body.toString('base64')) : undefined,
      isBase64Encoded: body.length > 0 && !isText,
      requestContext: {
        accountId: 'local',
        apiId: 'local',
        domainName: url.host,
        domainPrefix: 'local',
        requestId,
        routeKey,
        stage: '$default',
        time: new Date().toUTCString(),
        timeEpoch: Date.now(),
        http: { method, path: url.pathname, protocol: 'HTTP/1.1', sourceIp: req.socket.remoteAddress ?? '127.0.0.1', userAgent: headers['user-agent'] ?? '' },
        ...(claims ? { authorizer: { jwt: { claims, scopes: null } } } : {}),
      },
    } as unknown as APIGatewayProxyEventV2;
    // middy answers before the Lambda's hard timeout. Locally one process serves what would be many Lambda
    // containers, so a burst (200 parallel scans) queues behind DynamoDB Local: allow it two minutes.
    const deadline = Date.now() + 120_000;
    const context = { awsRequestId: requestId, functionName: `cardcrew-${route.area}`, getRemainingTimeInMillis: () => deadline - Date.now() } as unknown as Context;
    return options.handlers[route.area](event, context);
  };
}
