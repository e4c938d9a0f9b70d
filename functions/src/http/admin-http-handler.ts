// adminHttpHandler: the house HTTP stack (http.ts) for an area whose routes are public or admin-only and which reads the
// table without ElectroDB (payments: the Stripe SDK and ElectroDB together are over its bundle budget). An admin is
// known from the verified token's `admin` group; the one read is the profile, for the revocation cut-off. Memberships
// are not read, so a non-admin is refused here (403) and a route for other signed-in users is refused at start-up.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { RouteDef } from '../../routes/define';
import type { Caller } from '../identity/caller';
import { callerFromClaims, claimsOf, idTokenSubject } from '../identity/claims';
import type { ProfileRecord } from '../identity/repository';
import { paymentKeys } from '../data/payment-keys';
import { getItemOf } from '../data/plain-item';
import { customDomainOf } from '../lib/custom-domain-header';
import { forbidden, unauthenticated } from '../lib/errors';
import { createHttpHandler, type HttpHandlerOptions, type OperationsOf } from './http';

async function adminCallerOf(event: APIGatewayProxyEventV2): Promise<Caller> {
  const claims = claimsOf(event);
  if (!claims) throw unauthenticated();
  const profile = await getItemOf<ProfileRecord>(paymentKeys.profile(idTokenSubject(claims)), 'profile', true);
  // A revoked session is a 401 whatever it is (callerFromClaims), before the 403 of a signed-in non-admin.
  const caller = callerFromClaims(claims, { profile, memberships: [] });
  if (!caller.isAdmin) throw forbidden();
  // The platform's admins work on the platform's address only, never on an agency's domain (identity/domain-access.ts).
  if (customDomainOf(event.headers)) throw forbidden();
  return caller;
}

export function adminHttpHandler<T extends Record<string, RouteDef & { auth: 'public' | 'admin' }>>(table: T, operations: OperationsOf<T>, options: HttpHandlerOptions = {}) {
  const others = Object.values(table).filter((route) => route.auth !== 'public' && route.auth !== 'admin');
  if (others.length) throw new Error(`adminHttpHandler takes public and admin routes only, not ${others.map((route) => route.operationId).join(', ')}`);
  return createHttpHandler(table, operations, adminCallerOf, options);
}
