// The Caller: who is asking, from the verified token's claims plus the user's records in the table.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { AppError } from './errors';
import { loadUserRecords, type UserRecords } from '../me/repository';

export interface TokenClaims {
  sub: string;
  email?: string;
  email_verified?: boolean | string;
  'cognito:groups'?: string[] | string;
  'cognito:username'?: string;
  iat?: number | string;
  [key: string]: unknown;
}

export interface Caller extends UserRecords {
  userId: string;
  /** The Cognito username, for admin calls (equals the sub when email is the sign-in alias). */
  username: string;
  email: string;
  emailVerified: boolean;
  /** Admin power comes only from the Cognito `admin` group in a verified token. */
  isAdmin: boolean;
  groups: string[];
}

/** API Gateway passes JWT claims as strings; arrays arrive as "[a b]". */
export function parseGroups(value: TokenClaims['cognito:groups']): string[] {
  if (!value) return [];
  if (Array.isArray(value)) return value.map(String);
  const trimmed = value.trim().replace(/^\[/, '').replace(/\]$/, '');
  return trimmed.split(/[\s,]+/).filter(Boolean);
}

export function claimsOf(event: APIGatewayProxyEventV2): TokenClaims | undefined {
  const authorizer = (event.requestContext as { authorizer?: { jwt?: { claims?: TokenClaims } } }).authorizer;
  return authorizer?.jwt?.claims;
}

/** Builds the Caller; refuses tokens issued before the user's `tokensValidAfter` (revocation). */
export async function resolveCaller(claims: TokenClaims): Promise<Caller> {
  if (!claims.sub) throw new AppError('UNAUTHENTICATED', 'Please sign in and try again.');
  const records = await loadUserRecords(claims.sub);
  const issuedAt = Number(claims.iat ?? 0);
  if (records.profile?.tokensValidAfter && issuedAt < records.profile.tokensValidAfter) {
    throw new AppError('UNAUTHENTICATED', 'Your session has ended. Please sign in again.');
  }
  const groups = parseGroups(claims['cognito:groups']);
  return {
    ...records,
    userId: claims.sub,
    username: String(claims['cognito:username'] ?? claims.sub),
    email: String(claims.email ?? records.profile?.email ?? '').toLowerCase(),
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    isAdmin: groups.includes('admin'),
    groups,
  };
}
