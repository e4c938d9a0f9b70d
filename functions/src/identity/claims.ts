// What a verified token's claims say, with no table read: the checks API Gateway's JWT authorizer cannot make (an ID
// token, issued after the user's revocation cut-off) and the Caller built from the claims and the user's records. Apart
// from caller.ts (records through ElectroDB), the payments area builds its admin caller from here with one plain read.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { messages } from '../../../shared/messages';
import { AppError, unauthenticated } from '../lib/errors';
import type { UserRecords } from './repository';

/** Who is asking: the verified token's claims plus the user's records in the table (built by `callerFromClaims`). */
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

/** Claims as API Gateway passes them to the Lambda: every value a string ("true", "1732…", "[admin owner]"). */
export type TokenClaims = Record<string, string | undefined>;

/** API Gateway passes JWT claims as strings; arrays arrive as "[a b]". */
export function parseGroups(value: string | undefined): string[] {
  if (!value) return [];
  return value
    .trim()
    .replace(/^\[/, '')
    .replace(/\]$/, '')
    .split(/[\s,]+/)
    .filter(Boolean);
}

export function claimsOf(event: APIGatewayProxyEventV2): TokenClaims | undefined {
  const authorizer = (event.requestContext as { authorizer?: { jwt?: { claims?: Record<string, unknown> } } }).authorizer;
  const claims = authorizer?.jwt?.claims;
  if (!claims) return undefined;
  // Stringify defensively, exactly as API Gateway does, so a typed claim can never change a decision.
  return Object.fromEntries(Object.entries(claims).map(([k, v]) => [k, v === undefined || v === null ? undefined : String(v)]));
}

/** The user an ID token names; 401 for anything else. Access tokens pass API Gateway's authorizer (client_id instead of aud) but carry no email or profile claims. */
export function idTokenSubject(claims: TokenClaims): string {
  if (claims.token_use !== 'id' || !claims.sub) throw unauthenticated();
  return claims.sub;
}

/** The Caller of an ID token and the user's records; 401 for a token issued before the user's `tokensValidAfter`. */
export function callerFromClaims(claims: TokenClaims, records: UserRecords): Caller {
  const userId = idTokenSubject(claims);
  const issuedAt = Number(claims.iat ?? 0);
  if (records.profile?.tokensValidAfter && !(issuedAt >= records.profile.tokensValidAfter)) {
    throw new AppError('UNAUTHENTICATED', messages.generic.sessionEnded);
  }
  const groups = parseGroups(claims['cognito:groups']);
  return {
    ...records,
    userId,
    username: claims['cognito:username'] ?? userId,
    email: (claims.email ?? records.profile?.email ?? '').toLowerCase(),
    emailVerified: claims.email_verified === 'true',
    isAdmin: groups.includes('admin'),
    groups,
    signedInAt: Number(claims.auth_time) > 0 ? Number(claims.auth_time) : null,
  };
}
