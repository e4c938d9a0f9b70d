// Invitation tokens: 256 random bits in the link, only their SHA-256 in the table, so a read of the table (a backup,
// a log of items) never yields a working link.
import { createHash, randomBytes } from 'node:crypto';

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;

export function newInvitationToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
