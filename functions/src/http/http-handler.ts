// httpHandler: the house HTTP stack (http.ts) with caller resolution, for every area with signed-in routes. It lives
// apart from http.ts because resolving a caller reads the user's records (identity/repository.ts, ElectroDB): an area
// whose signed-in routes are admin-only builds its handler with adminHttpHandler and loads none of that.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { RouteDef } from '../../routes/define';
import { resolveCaller, type Caller } from '../identity/caller';
import { claimsOf } from '../identity/claims';
import { assertMayUseDomain } from '../identity/domain-access';
import { customDomainOf } from '../lib/custom-domain-header';
import { unauthenticated } from '../lib/errors';
import { createHttpHandler, type HttpHandlerOptions, type OperationsOf } from './http';

/**
 * The caller from the claims API Gateway's JWT authorizer verified; 401 when the request carries none. On an agency's
 * custom domain, 403 for anyone but the agency's and its clients' people (identity/domain-access.ts).
 */
async function callerOf(event: APIGatewayProxyEventV2): Promise<Caller> {
  const claims = claimsOf(event);
  if (!claims) throw unauthenticated();
  const caller = await resolveCaller(claims);
  const domain = customDomainOf(event.headers);
  if (domain) await assertMayUseDomain(caller, domain);
  return caller;
}

/** Builds the Lambda handler of one area from its route table and operations (keyed by operationId). */
export function httpHandler<T extends Record<string, RouteDef>>(table: T, operations: OperationsOf<T>, options: HttpHandlerOptions = {}) {
  return createHttpHandler(table, operations, callerOf, options);
}
