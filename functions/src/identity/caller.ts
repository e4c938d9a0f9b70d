// The Caller: who is asking, from the verified token's claims plus the user's records in the table. API Gateway's
// JWT authorizer has checked signature, issuer, audience/client and expiry; this checks what it cannot: that the
// token is an ID token and that it was issued after the user's revocation cut-off.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { messages } from '../../../shared/messages';
import { AppError, unauthenticated } from '../lib/errors';
import { loadUserRecords, type UserRecords } from './repository';

/** Claims as API Gateway passes them to the Lambda: every value a string ("true", "1732…", "[admin owner]"). */
export type TokenClaims = Record<string, string | undefined>;

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

/** Builds the Caller; refuses access tokens and tokens issued before the user's `tokensValidAfter` (revocation). */
export async function resolveCaller(claims: TokenClaims): Promise<Caller> {
  // Access tokens pass API Gateway's JWT authorizer (client_id instead of aud) but carry no email or profile claims.
  if (claims.token_use !== 'id' || !claims.sub) throw unauthenticated();
  const records = await loadUserRecords(claims.sub);
  const issuedAt = Number(claims.iat ?? 0);
  if (records.profile?.tokensValidAfter && !(issuedAt >= records.profile.tokensValidAfter)) {
    throw new AppError('UNAUTHENTICATED', messages.generic.sessionEnded);
  }
  const groups = parseGroups(claims['cognito:groups']);
  return {
    ...records,
    userId: claims.sub,
    username: claims['cognito:username'] ?? claims.sub,
    email: (claims.email ?? records.profile?.email ?? '').toLowerCase(),
    emailVerified: claims.email_verified === 'true',
    isAdmin: groups.includes('admin'),
    groups,
    signedInAt: Number(claims.auth_time) > 0 ? Number(claims.auth_time) : null,
  };
}
