// The Caller: who is asking, from the verified token's claims plus the user's records in the table. API Gateway's
// JWT authorizer has checked signature, issuer, audience/client and expiry; this checks what it cannot: that the
// token is an ID token and that it was issued after the user's revocation cut-off.
import { callerFromClaims, idTokenSubject, type Caller, type TokenClaims } from './claims';
import { loadUserRecords } from './repository';

export type { Caller };

/** Builds the Caller; refuses access tokens and tokens issued before the user's `tokensValidAfter` (revocation). */
export async function resolveCaller(claims: TokenClaims): Promise<Caller> {
  return callerFromClaims(claims, await loadUserRecords(idTokenSubject(claims)));
}
