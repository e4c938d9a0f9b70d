// Access patterns of directory sync (issue 23 §1, docs/access-patterns.md SCIM-1…SCIM-5): SCIM tokens by hash (the
// SCIM handler's one consistent GetItem) and by business (gsi2), the directory's copy of a provisioned employee's
// SCIM-only attributes, and the business's directory-sync settings.
import { db } from '../data/entities';
import { isConditionalFailure } from '../data/conditional';
import type { EntityItem } from 'electrodb';
import type { Db } from '../data/entities';

export type ScimTokenRecord = EntityItem<Db['scimToken']>;
export type DirectoryUserRecord = EntityItem<Db['directoryUser']>;

export async function putScimToken(token: Omit<ScimTokenRecord, 'createdAt' | 'lastUsedAt'>): Promise<ScimTokenRecord> {
  const { data } = await db().scimToken.create(token).go();
  return data as ScimTokenRecord;
}

/** SCIM-1: the token behind a bearer value (consistent, so a revoked token is refused at once). */
export async function getScimTokenByHash(tokenHash: string): Promise<ScimTokenRecord | null> {
  const { data } = await db().scimToken.get({ tokenHash }).go({ consistent: true });
  return data;
}

/** SCIM-2: a business's tokens (at most five). */
export async function listScimTokens(businessId: string): Promise<ScimTokenRecord[]> {
  const { data } = await db().scimToken.query.byBusiness({ businessId }).go({ pages: 'all' });
  return data;
}

/** Revoking deletes the token item; false when it was gone already. */
export async function deleteScimToken(tokenHash: string): Promise<boolean> {
  try {
    await db()
      .scimToken.delete({ tokenHash })
      .where((attr, { exists }) => exists(attr.tokenHash))
      .go();
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
}

/** Bookkeeping, not a change of the token: the last-used time (only if the token still exists). */
export async function touchScimToken(tokenHash: string, lastUsedAt: string): Promise<void> {
  try {
    await db()
      .scimToken.update({ tokenHash })
      .set({ lastUsedAt })
      .where((attr, { exists }) => exists(attr.tokenHash))
      .go({ response: 'none' });
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
  }
}

/** SCIM-3: the directory's attributes of one employee. */
export async function getDirectoryUser(employeeId: string): Promise<DirectoryUserRecord | null> {
  const { data } = await db().directoryUser.get({ employeeId }).go({ consistent: true });
  return data;
}

/** SCIM-4: every directory user of a business (the externalId filter and listings join them to the employees). */
export async function listDirectoryUsers(businessId: string): Promise<DirectoryUserRecord[]> {
  const { data } = await db().directoryUser.query.byBusiness({ businessId }).go({ pages: 'all' });
  return data;
}

export async function putDirectoryUser(user: Omit<DirectoryUserRecord, 'createdAt' | 'updatedAt'>): Promise<void> {
  await db().directoryUser.put(user).go({ response: 'none' });
}

export async function deleteDirectoryUser(employeeId: string): Promise<void> {
  await db().directoryUser.delete({ employeeId }).go({ response: 'none' });
}

/** SCIM-5: the business's directory-sync settings (absent: the defaults). */
export async function getDirectorySettings(businessId: string): Promise<{ sendInvitations: boolean }> {
  const { data } = await db().directorySettings.get({ businessId }).go();
  return { sendInvitations: data?.sendInvitations ?? false };
}

export async function putDirectorySettings(businessId: string, sendInvitations: boolean): Promise<void> {
  await db().directorySettings.put({ businessId, sendInvitations }).go({ response: 'none' });
}
