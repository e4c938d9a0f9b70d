// The Caller: who is asking, from the verified token's claims plus the user's records in the table. API Gateway's
// JWT authorizer has checked signature, issuer, audience/client and expiry; this checks what it cannot: that the
// token is an ID token and that it was issued after the user's revocation cut-off.
import { callerFromClaims, idTokenSubject, type TokenClaims } from './claims';
import { loadUserRecords, type UserRecords } from './repository';

export interface Caller extends UserRecords {
  userId: string;
  /** The Cognito username, for admin calls (equals the sub when email is the sign-in alias). */
  username: string;
  email: string;
  emailVerified: boolean;
  /** Admin power comes only from the Cognito `admin` group in a verified token. */
  isAdmin: boolean;
  groups: string[];
  /** When the user signed in for this token (its auth_time), epoch seconds; null when the token does not say. */
  signedInAt: number | null;
}

/** Builds the Caller; refuses access tokens and tokens issued before the user's `tokensValidAfter` (revocation). */
export async function resolveCaller(claims: TokenClaims): Promise<Caller> {
  return callerFromClaims(claims, await loadUserRecords(idTokenSubject(claims)));
}
