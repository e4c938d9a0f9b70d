// Access patterns of directory sync (issue 23 §1, docs/access-patterns.md SCIM-1…SCIM-5): SCIM tokens by hash (the
// SCIM handler's one consistent GetItem) and by business (gsi2), the directory's copy of a provisioned employee's
// SCIM-only attributes, and the business's directory-sync settings.
import { db } from '../data/entities';
import { isConditionalFailure } from '../data/conditional';
import type { EntityItem } from 'electrodb';
import type { Db } from '../data/entities';
import type { CardRecord, EmployeeRecord } from '../business/repository';

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

export type ScimGroupRecord = EntityItem<Db['scimGroup']>;

/** SCIM-6: one group (consistent: a PATCH right after a create sees it). */
export async function getScimGroup(groupId: string): Promise<ScimGroupRecord | null> {
  const { data } = await db().scimGroup.get({ groupId }).go({ consistent: true });
  return data;
}

/** SCIM-7: a business's groups (departments are few; the displayName filter runs on this list). */
export async function listScimGroups(businessId: string): Promise<ScimGroupRecord[]> {
  const { data } = await db().scimGroup.query.byBusiness({ businessId }).go({ pages: 'all' });
  return data;
}

/** SCIM-8: the employee ids in a group. */
export async function listGroupMemberIds(groupId: string): Promise<string[]> {
  const { data } = await db().scimGroupMember.query.primary({ groupId }).go({ pages: 'all' });
  return data.map((m) => m.employeeId);
}

/** SCIM-9: the groups an employee is in (a deleted user leaves them). */
export async function listGroupIdsOfEmployee(employeeId: string): Promise<string[]> {
  const { data } = await db().scimGroupMember.query.byEmployee({ employeeId }).go({ pages: 'all' });
  return data.map((m) => m.groupId);
}

/** A group's displayName taken by another group of the business. */
export class GroupNameTakenError extends Error {}

/** The group with its name guard, in one transaction; GroupNameTakenError when the name (any case) is taken. */
export async function createScimGroupRecord(group: Omit<ScimGroupRecord, 'createdAt' | 'updatedAt'>): Promise<void> {
  const result = await db()
    .service.transaction.write(({ scimGroup, scimGroupNameGuard }) => [
      scimGroup.create(group).commit(),
      scimGroupNameGuard.create({ businessId: group.businessId, displayName: group.displayName.toLowerCase(), groupId: group.groupId }).commit(),
    ])
    .go();
  if (result.canceled) {
    if (result.data[1]?.code === 'ConditionalCheckFailed') throw new GroupNameTakenError();
    throw new Error(`group create canceled: ${result.data.map((d) => d.code).join(', ')}`);
  }
}

/**
 * The group's new name and externalId, only while its name is still `before.displayName`, and the name guard moved in
 * the same transaction; false when the group changed meanwhile.
 */
export async function updateScimGroupRecord(before: ScimGroupRecord, displayName: string, externalId: string | undefined): Promise<boolean> {
  const renamed = displayName.toLowerCase() !== before.displayName.toLowerCase();
  const result = await db()
    .service.transaction.write(({ scimGroup, scimGroupNameGuard }) => [
      (externalId ? scimGroup.patch({ groupId: before.groupId }).set({ displayName, externalId }) : scimGroup.patch({ groupId: before.groupId }).set({ displayName }).remove(['externalId']))
        .where((attr, { eq }) => eq(attr.displayName, before.displayName))
        .commit(),
      ...(renamed
        ? [
            scimGroupNameGuard.delete({ businessId: before.businessId, displayName: before.displayName.toLowerCase() }).commit(),
            scimGroupNameGuard.create({ businessId: before.businessId, displayName: displayName.toLowerCase(), groupId: before.groupId }).commit(),
          ]
        : []),
    ])
    .go();
  if (!result.canceled) return true;
  if (renamed && (result.data as { code?: string }[])[2]?.code === 'ConditionalCheckFailed') throw new GroupNameTakenError();
  return false;
}

/** The group and its name guard (its members are removed first, one by one). */
export async function deleteScimGroupRecord(group: ScimGroupRecord): Promise<void> {
  await db()
    .service.transaction.write(({ scimGroup, scimGroupNameGuard }) => [
      scimGroup.delete({ groupId: group.groupId }).commit(),
      scimGroupNameGuard.delete({ businessId: group.businessId, displayName: group.displayName.toLowerCase() }).commit(),
    ])
    .go();
}

/** One member's change, as one transaction (scim-groups.ts computes it from the employee it read). */
export interface MemberChange {
  group: Pick<ScimGroupRecord, 'groupId' | 'businessId' | 'displayName'>;
  employee: EmployeeRecord;
  /** Add or drop the membership item; undefined leaves it (a rename). */
  membership?: 'add' | 'remove';
  /** The employee's and its card's new department (null clears it); undefined leaves them. */
  department?: { value: string | null; cardId?: string; cardProfile?: CardRecord['profile'] };
  /** The group must still exist under this name (not for a delete of the group itself, whose item goes last). */
  checkGroup: boolean;
}

/**
 * A member joins or leaves a group, or follows its rename: the membership item, the employee's department (only if the
 * employee is unchanged since it was read) and its card's public copy, in one transaction. false: something changed
 * meanwhile (the caller re-reads and tries again).
 */
export async function applyMemberChange(change: MemberChange): Promise<boolean> {
  const { group, employee, department } = change;
  const result = await db()
    .service.transaction.write(({ scimGroup, scimGroupMember, employee: e, card }) => {
      const items: unknown[] = [];
      if (change.checkGroup) items.push(scimGroup.check({ groupId: group.groupId }).where((attr, { eq }) => eq(attr.displayName, group.displayName)).commit());
      if (change.membership === 'add') items.push(scimGroupMember.put({ groupId: group.groupId, employeeId: employee.employeeId, businessId: group.businessId }).commit());
      if (change.membership === 'remove') items.push(scimGroupMember.delete({ groupId: group.groupId, employeeId: employee.employeeId }).commit());
      if (department) {
        const patch = e.patch({ employeeId: employee.employeeId });
        items.push(
          (department.value === null ? patch.remove(['department']) : patch.set({ department: department.value }))
            .where((attr, { eq }) => `${eq(attr.businessId, group.businessId)} AND ${eq(attr.updatedAt, employee.updatedAt ?? employee.createdAt)}`)
            .commit(),
        );
        if (department.cardId && department.cardProfile) items.push(card.patch({ cardId: department.cardId }).set({ profile: department.cardProfile }).commit());
      }
      return items as never[];
    })
    .go();
  return !result.canceled;
}

export async function putScimUserNameGuardItem(businessId: string, userName: string, employeeId: string): Promise<void> {
  await db().scimUserNameGuard.put({ businessId, userName: userName.toLowerCase(), employeeId }).go({ response: 'none' });
}

export async function deleteScimUserNameGuard(businessId: string, userName: string, employeeId: string): Promise<void> {
  try {
    await db()
      .scimUserNameGuard.delete({ businessId, userName: userName.toLowerCase() })
      .where((attr, { eq }) => eq(attr.employeeId, employeeId))
      .go({ response: 'none' });
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
  }
}
