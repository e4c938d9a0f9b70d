// Access patterns of leavers (issue 23 §2, docs/access-patterns.md LEAVERS-1…3): the leaver item beside the card
// (put, read, mark deleted, remove), a leaver's memberships marked left, and a lead moved to another employee. Every
// write here is safe to repeat.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CreateEntityItem, EntityItem } from 'electrodb';
import { dynamo, tableName } from '../data/client';
import { db, type Db } from '../data/entities';
import { keyPart } from '../data/key-format';
import { isConditionalFailure } from '../data/conditional';
import type { EmployeeRecord } from './repository';

export type LeaverRecord = EntityItem<Db['leaver']>;

/** Writes (or rewrites, with a new way on) the leaver item of a card. */
export async function putLeaver(leaver: CreateEntityItem<Db['leaver']>): Promise<void> {
  await db().leaver.put(leaver).go();
}

export async function getLeaver(cardId: string): Promise<LeaverRecord | null> {
  const { data } = await db().leaver.get({ cardId }).go({ consistent: true });
  return data;
}

/** The card is gone: the leaver item stays as its tombstone (no-op when there is none). */
export async function markLeaverDeleted(cardId: string, at: string): Promise<void> {
  try {
    await db().leaver.patch({ cardId }).set({ deletedAt: at }).go();
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
  }
}

export async function deleteLeaver(cardId: string): Promise<void> {
  await db().leaver.delete({ cardId }).go();
}

/** The employees of a business (the dashboard collection's employee items). */
export async function listEmployeesOfBusiness(businessId: string): Promise<EmployeeRecord[]> {
  const { data } = await db().employee.query.dashboard({ businessId }).go({ pages: 'all' });
  return data;
}

/** What the pickers' search reads of an employee. */
export type PersonRow = Pick<EmployeeRecord, 'employeeId' | 'name' | 'email' | 'jobTitle' | 'department' | 'cardId'>;

/**
 * The active employees of a business, only the fields the pickers show and search (the dashboard collection on gsi1,
 * status filtered in the Query, projected): the successor and lead pickers' search (LEAVERS-7).
 */
export async function listActivePeopleOfBusiness(businessId: string): Promise<PersonRow[]> {
  const { data } = await db()
    .employee.query.dashboard({ businessId })
    .where((attr, { eq }) => eq(attr.status, 'active'))
    .go({ pages: 'all', attributes: ['employeeId', 'name', 'email', 'jobTitle', 'department', 'cardId'] });
  return data as PersonRow[];
}

/** Company Settings' leaver defaults on the business item (LEAVERS-8): a person, and a person per department; null/[] remove them. */
export async function setLeaverDefaults(businessId: string, successorId: string | null, departments: { department: string; employeeId: string }[]): Promise<void> {
  const remove: ('defaultSuccessorId' | 'departmentSuccessors')[] = [];
  if (!successorId) remove.push('defaultSuccessorId');
  if (departments.length === 0) remove.push('departmentSuccessors');
  const set = { ...(successorId ? { defaultSuccessorId: successorId } : {}), ...(departments.length > 0 ? { departmentSuccessors: departments } : {}) };
  // The business's own update time moves with it (ElectroDB's patch), on condition that the business exists.
  await db().business.patch({ businessId }).set(set).remove(remove).go({ response: 'none' });
}

/**
 * The users linked to an employee: the employee's `userId` and every membership of the business naming the employee
 * (membership Query gsi2 byScope) — employees linked before `userId` was recorded (the seed's), and the further
 * sign-ins single sign-on links beside the first (another identity provider's, during a move).
 */
export async function usersOfEmployee(employee: EmployeeRecord): Promise<string[]> {
  const { data } = await db().membership.query.byScope({ scopeType: 'business', scopeId: employee.businessId }).go({ pages: 'all' });
  const linked = data.filter((m) => m.employeeId === employee.employeeId).map((m) => m.userId);
  return [...new Set([...(employee.userId ? [employee.userId] : []), ...linked])];
}

/**
 * Marks (or clears) the employee's membership as left: a left membership grants nothing (identity/repository.ts). A
 * plain update — bookkeeping, no user change — and only while the membership exists.
 */
export async function setMembershipLeft(userId: string, businessId: string, leftAt: string | null): Promise<void> {
  const key = db().membership.get({ userId, scopeType: 'business', scopeId: businessId }).params<{ Key: Record<string, string> }>().Key;
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: leftAt ? 'SET leftAt = :at' : 'REMOVE leftAt',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: leftAt ? { ':at': leftAt } : undefined,
      }),
    );
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
  }
}

/**
 * Moves one lead from the leaver to another employee, noting where it came from. Conditional on it still being the
 * leaver's, so a repeat (or a lead moved meanwhile) changes nothing; its place on gsi2 (an employee's leads) moves
 * with it — the sort key (createdAt, contactId) stays.
 */
export async function reassignContact(contactId: string, from: { employeeId: string; name: string }, to: { employeeId: string; name: string }): Promise<boolean> {
  const key = db().contact.get({ contactId }).params<{ Key: Record<string, string> }>().Key;
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET employeeId = :to, employeeName = :toName, reassignedFrom = :fromName, gsi2pk = :gsi2pk',
        ConditionExpression: 'employeeId = :from',
        ExpressionAttributeValues: { ':to': to.employeeId, ':toName': to.name, ':fromName': from.name, ':gsi2pk': keyPart('employeeid', to.employeeId), ':from': from.employeeId },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
}
