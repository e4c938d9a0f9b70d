// SCIM tokens (issue 23 §1): the owner (or the managing agency, or an admin) creates one per identity provider
// connection, sees it once, lists and revokes them. 256 random bits, only their SHA-256 stored (as invitation tokens);
// the SCIM handler authenticates a bearer value by that hash.
import { createHash, randomBytes } from 'node:crypto';
import { directorySyncMessages } from '../../../shared/messages/directory-sync';
import { MAX_SCIM_TOKENS, type DirectorySync, type DirectorySyncSettings, type ScimToken, type ScimTokenCreated } from '../../../shared/schemas/directory-sync';
import type { Caller } from '../identity/caller';
import { assertMay } from '../identity/access';
import { AppError, notFound } from '../lib/errors';
import { newId } from '../lib/ids';
import { recordAudit } from '../audit/audit-entry';
import { getBusiness } from '../business/repository';
import { deleteScimToken, getDirectorySettings, listScimTokens, putDirectorySettings, putScimToken, type ScimTokenRecord } from './repository';

/** Recognisable in logs and secret scanners; the rest is 256 random bits. */
const TOKEN_PREFIX = 'ccscim_';

export function newScimSecret(): string {
  return TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

export function hashScimSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

const toDto = (t: ScimTokenRecord): ScimToken => ({ id: t.tokenId, name: t.name, createdAt: t.createdAt, lastUsedAt: t.lastUsedAt ?? null });
const byCreated = (a: ScimTokenRecord, b: ScimTokenRecord) => a.createdAt.localeCompare(b.createdAt);

async function assertBusiness(caller: Caller, businessId: string): Promise<void> {
  await assertMay(caller, businessId, 'settings');
  if (!(await getBusiness(businessId))) throw notFound('Business not found.');
}

/** The Directory sync section's read: the tokens (never their values) and the settings. */
export async function getDirectorySync(caller: Caller, businessId: string): Promise<DirectorySync> {
  await assertBusiness(caller, businessId);
  const [tokens, settings] = await Promise.all([listScimTokens(businessId), getDirectorySettings(businessId)]);
  return { tokens: tokens.sort(byCreated).map(toDto), settings };
}

export async function createScimToken(caller: Caller, businessId: string, name: string): Promise<ScimTokenCreated> {
  await assertBusiness(caller, businessId);
  // Two creates at once could both pass these checks (six tokens, or two of one name); revoking one is the remedy
  // (docs/decisions.md).
  const existing = await listScimTokens(businessId);
  if (existing.length >= MAX_SCIM_TOKENS) throw new AppError('CONFLICT', directorySyncMessages.tooManyTokens);
  // Names tell connections apart in the list and the audit log: unique per business, whatever the case (same race as above).
  if (existing.some((t) => t.name.trim().toLowerCase() === name.trim().toLowerCase())) throw new AppError('CONFLICT', directorySyncMessages.tokenNameTaken, { name: directorySyncMessages.tokenNameTaken });
  const secret = newScimSecret();
  const record = await putScimToken({ tokenHash: hashScimSecret(secret), tokenId: newId(), businessId, name, createdBy: caller.userId });
  await recordAudit({ businessId, action: 'scimToken.created', target: { type: 'scimToken', id: record.tokenId, label: name } });
  return { token: toDto(record), secret };
}

export async function revokeScimToken(caller: Caller, businessId: string, tokenId: string): Promise<void> {
  await assertMay(caller, businessId, 'settings');
  const token = (await listScimTokens(businessId)).find((t) => t.tokenId === tokenId);
  if (!token || !(await deleteScimToken(token.tokenHash))) throw notFound(directorySyncMessages.tokenNotFound);
  await recordAudit({ businessId, action: 'scimToken.revoked', target: { type: 'scimToken', id: token.tokenId, label: token.name } });
}

export async function saveDirectorySettings(caller: Caller, businessId: string, settings: DirectorySyncSettings): Promise<DirectorySync> {
  await assertBusiness(caller, businessId);
  await putDirectorySettings(businessId, settings.sendInvitations);
  return getDirectorySync(caller, businessId);
}
