// The SCIM Groups endpoints (RFC 7643 §4.2, RFC 7644 §3) as departments of the business: a group is a stored record
// (id, displayName, externalId) with member items; its members' department is its displayName. Adding a member sets
// it, removing one clears it (only while it still equals the group's name), a rename moves it, a delete clears it.
// Each member's change is one transaction (membership item, employee, card copy, and a check that the group still has
// that name), so every intermediate state is valid and an identity provider's retry converges. At most
// MAX_MEMBERS_PER_REQUEST member values per request (docs/decisions.md).
import { employeeUpdateSchema } from '../../../shared/schemas/employee';
import { newId } from '../lib/ids';
import { compact } from '../lib/values';
import { db } from '../data/entities';
import { cardProfileOf, extrasOfRecord } from '../business/card-snapshot';
import { getCardOfEmployee } from '../business/employee-repository';
import { getEmployee, type EmployeeRecord } from '../business/repository';
import { profileOfRecord } from '../business/update-employee';
import { followDirectoryGroup } from '../business/departments';
import {
  applyMemberChange,
  createScimGroupRecord,
  deleteScimGroupRecord,
  getScimGroup,
  GroupNameTakenError,
  listGroupMemberIds,
  listScimGroups,
  updateScimGroupRecord,
  type ScimGroupRecord,
} from './repository';
import { invalidFilter, invalidSyntax, invalidValue, ScimError, scimNotFound } from './scim-errors';
import { readPatchMessage } from './scim-patch';
import { LIST_SCHEMA } from './scim-user';
import type { ScimContext } from './scim-users';
import { pageOf, compileFilterOn } from './scim-users';

export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
/** Member values one request may add, remove or set (each is a transaction of its own; Entra sends batches of 10–20). */
export const MAX_MEMBERS_PER_REQUEST = 100;
/** Member transactions run this many at a time. */
const CONCURRENCY = 8;

export interface ScimGroup {
  schemas: string[];
  id: string;
  externalId?: string;
  displayName: string;
  members: { value: string; display?: string; $ref: string }[];
  meta: { resourceType: 'Group'; created: string; lastModified: string; location: string };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const lowerKeys = (value: Record<string, unknown>) => Object.fromEntries(Object.entries(value).map(([k, v]) => [k.toLowerCase(), v]));

async function runLimited<T>(items: T[], run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, items.length) }, async () => {
      while (next < items.length) await run(items[next++]!);
    }),
  );
}

/** The group's members with their names (BatchGetItem, 100 a request). */
async function membersOf(ctx: ScimContext, groupId: string): Promise<ScimGroup['members']> {
  const ids = await listGroupMemberIds(groupId);
  if (ids.length === 0) return [];
  const { data } = await db().employee.get(ids.map((employeeId) => ({ employeeId }))).go();
  const names = new Map(data.map((e) => [e.employeeId, e.name]));
  return ids.map((id) => ({ value: id, ...(names.has(id) ? { display: names.get(id)! } : {}), $ref: `${ctx.baseUrl}/Users/${id}` }));
}

function toScimGroup(ctx: ScimContext, group: ScimGroupRecord, members: ScimGroup['members']): ScimGroup {
  return {
    schemas: [GROUP_SCHEMA],
    id: group.groupId,
    ...(group.externalId ? { externalId: group.externalId } : {}),
    displayName: group.displayName,
    members,
    meta: { resourceType: 'Group', created: group.createdAt, lastModified: group.updatedAt ?? group.createdAt, location: `${ctx.baseUrl}/Groups/${group.groupId}` },
  };
}

async function groupOf(ctx: ScimContext, id: string): Promise<ScimGroupRecord> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw scimNotFound();
  const group = await getScimGroup(id);
  if (!group || group.businessId !== ctx.businessId) throw scimNotFound();
  return group;
}

/** A displayName is a department: the employee form's rules (at most 120 characters, no control characters). */
function checkedDisplayName(value: unknown): string {
  if (typeof value !== 'string' || !value.trim()) throw invalidValue('displayName is required');
  const result = employeeUpdateSchema.shape.department.safeParse(value.trim());
  if (!result.success || !result.data) throw invalidValue(`displayName: ${result.success ? 'is required' : (result.error.issues[0]?.message ?? 'is invalid')}`);
  return result.data;
}

function optionalExternalId(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || value.length > 254) throw invalidValue('externalId must be a string of at most 254 characters');
  return value;
}

/** The ids of a members value: a list of { value } (Okta, Entra), at most MAX_MEMBERS_PER_REQUEST. */
function memberIds(value: unknown): string[] {
  const list = value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
  if (list.length > MAX_MEMBERS_PER_REQUEST) throw invalidValue(`At most ${MAX_MEMBERS_PER_REQUEST} members per request`);
  return list.map((m) => {
    const v = isObject(m) ? lowerKeys(m).value : undefined;
    if (typeof v !== 'string' || !v) throw invalidValue('Each member needs a value (the user id)');
    return v;
  });
}

/** POST and PUT: the Group document. */
function readGroupDocument(body: unknown): { displayName: string; externalId?: string; members: string[] } {
  if (!isObject(body)) throw invalidSyntax('The request body must be a SCIM Group object');
  const doc = lowerKeys(body);
  const unknown = Object.keys(doc).find((k) => !['schemas', 'id', 'externalid', 'displayname', 'members', 'meta'].includes(k));
  if (unknown) throw invalidSyntax(`Unknown attribute ${unknown}`);
  if (!Array.isArray(doc.schemas) || !doc.schemas.some((s) => typeof s === 'string' && s.toLowerCase() === GROUP_SCHEMA.toLowerCase())) throw invalidSyntax(`schemas must include ${GROUP_SCHEMA}`);
  return { displayName: checkedDisplayName(doc.displayname), externalId: optionalExternalId(doc.externalid), members: [...new Set(memberIds(doc.members))] };
}

/** The business's employees among `ids`; any other id is an invalid member (nothing is written). */
async function employeesOf(ctx: ScimContext, ids: string[]): Promise<Map<string, EmployeeRecord>> {
  const valid = ids.filter((id) => /^[A-Za-z0-9_-]{1,64}$/.test(id));
  const { data } = valid.length ? await db().employee.get(valid.map((employeeId) => ({ employeeId }))).go() : { data: [] as EmployeeRecord[] };
  const found = new Map(data.filter((e) => e.businessId === ctx.businessId).map((e) => [e.employeeId, e]));
  const missing = ids.find((id) => !found.has(id));
  if (missing) throw invalidValue(`members: no user ${missing.slice(0, 64)} in this business`);
  return found;
}

/**
 * One member's change in its own transaction, retried on a concurrent change of the employee. `department(current)`
 * says the employee's new department given its current one (undefined: leave it).
 */
async function changeMember(group: ScimGroupRecord, employeeId: string, membership: 'add' | 'remove' | undefined, department: (current: string | null) => string | null | undefined, checkGroup = true): Promise<void> {
  for (let attempt = 1; attempt <= 4; attempt += 1) {
    const employee = await getEmployee(employeeId);
    if (!employee || employee.businessId !== group.businessId) {
      // A user deleted meanwhile: only its membership item can be left to drop.
      if (membership === 'remove') await applyMemberChange({ group, employee: { employeeId, businessId: group.businessId } as EmployeeRecord, membership, checkGroup });
      return;
    }
    const value = department(employee.department ?? null);
    const card = value === undefined ? null : await getCardOfEmployee(employee);
    const ok = await applyMemberChange({
      group,
      employee,
      membership,
      checkGroup,
      ...(value === undefined
        ? {}
        : { department: { value, ...(card ? { cardId: card.cardId, cardProfile: cardProfileOf(compact({ ...profileOfRecord(employee), ...extrasOfRecord(employee), photoUrl: employee.photoUrl, department: value })) } : {}) } }),
    });
    if (ok) return;
    if (checkGroup) {
      const now = await getScimGroup(group.groupId);
      if (!now) throw scimNotFound();
      if (now.displayName !== group.displayName) throw new ScimError(409, 'The group changed while it was being updated. Please retry.');
    }
  }
  throw new ScimError(409, 'The user changed while the group was being updated. Please retry.');
}

const joins = (name: string) => () => name;
const leaves = (name: string) => (current: string | null) => (current === name ? null : undefined);
const follows = (from: string, to: string) => (current: string | null) => (current === from ? to : undefined);

/** The group's new state; each step is safe to repeat, so the identity provider's retry after a failure converges. */
async function applyGroupChange(ctx: ScimContext, before: ScimGroupRecord, next: { displayName: string; externalId?: string }, add: string[], remove: string[]): Promise<void> {
  await employeesOf(ctx, add);
  // Leavers first, under the name they carry; then the rename (members first, the group last); then the joiners.
  await runLimited(remove, (id) => changeMember(before, id, 'remove', leaves(before.displayName)));
  let group = before;
  if (next.displayName !== before.displayName || next.externalId !== before.externalId) {
    if (next.displayName.toLowerCase() !== before.displayName.toLowerCase() && (await listScimGroups(ctx.businessId)).some((g) => g.displayName.toLowerCase() === next.displayName.toLowerCase())) throw groupNameTaken(next.displayName);
    if (next.displayName !== before.displayName) {
      await runLimited(await listGroupMemberIds(before.groupId), (id) => changeMember(before, id, undefined, follows(before.displayName, next.displayName)));
    }
    try {
      if (!(await updateScimGroupRecord(before, next.displayName, next.externalId))) throw new ScimError(409, 'The group changed while it was being updated. Please retry.');
    } catch (error) {
      if (error instanceof GroupNameTakenError) throw groupNameTaken(next.displayName);
      throw error;
    }
    group = { ...before, displayName: next.displayName, externalId: next.externalId };
    if (next.displayName !== before.displayName) await followDirectoryGroup(ctx.businessId, before.displayName, next.displayName);
  }
  await runLimited(add, (id) => changeMember(group, id, 'add', joins(group.displayName)));
}

const groupNameTaken = (name: string) => new ScimError(409, `A group named ${name} already exists in this business`, 'uniqueness');

/** GET /Groups: the displayName (or externalId, id) filter over the business's groups, then startIndex and count. */
export async function listGroups(ctx: ScimContext, query: Record<string, string | undefined>, withMembers: boolean) {
  const test = query.filter ? compileFilterOn(query.filter, ['displayName']) : () => true;
  if (query.filter !== undefined && query.filter.length > 1000) throw invalidFilter('The filter is too long');
  const groups = (await listScimGroups(ctx.businessId)).sort((a, b) => a.displayName.localeCompare(b.displayName) || a.groupId.localeCompare(b.groupId));
  const matching = groups.map((g) => toScimGroup(ctx, g, [])).filter((g) => test(g as unknown as Record<string, unknown>));
  const { startIndex, page } = pageOf(matching, query);
  const resources = withMembers ? await Promise.all(page.map(async (g) => ({ ...g, members: await membersOf(ctx, g.id) }))) : page;
  return { schemas: [LIST_SCHEMA], totalResults: matching.length, startIndex, itemsPerPage: page.length, Resources: resources };
}

export async function getGroup(ctx: ScimContext, id: string, withMembers = true): Promise<ScimGroup> {
  const group = await groupOf(ctx, id);
  return toScimGroup(ctx, group, withMembers ? await membersOf(ctx, id) : []);
}

export async function createGroup(ctx: ScimContext, body: unknown): Promise<ScimGroup> {
  const input = readGroupDocument(body);
  await employeesOf(ctx, input.members);
  const group = { groupId: newId(), businessId: ctx.businessId, displayName: input.displayName, ...(input.externalId ? { externalId: input.externalId } : {}) };
  try {
    await createScimGroupRecord(group);
  } catch (error) {
    if (error instanceof GroupNameTakenError) throw groupNameTaken(input.displayName);
    throw error;
  }
  await followDirectoryGroup(ctx.businessId, null, input.displayName);
  const stored = (await getScimGroup(group.groupId))!;
  await runLimited(input.members, (id) => changeMember(stored, id, 'add', joins(stored.displayName)));
  return getGroup(ctx, group.groupId);
}

export async function replaceGroup(ctx: ScimContext, id: string, body: unknown): Promise<ScimGroup> {
  const before = await groupOf(ctx, id);
  const input = readGroupDocument(body);
  const current = await listGroupMemberIds(id);
  await applyGroupChange(
    ctx,
    before,
    { displayName: input.displayName, externalId: input.externalId },
    input.members.filter((m) => !current.includes(m)),
    current.filter((m) => !input.members.includes(m)),
  );
  return getGroup(ctx, id);
}

/** `members[value eq "<id>"]` (Okta's and Entra's remove of one member). */
const MEMBER_FILTER = /^members\[\s*value\s+eq\s+"([^"]{1,64})"\s*\]$/i;

/**
 * PATCH: displayName and externalId replaced (with a path, or Okta's value object without one), members added,
 * removed (by `members[value eq "…"]` or a value list, Entra's form) or replaced. Read in full before any write.
 */
export async function patchGroup(ctx: ScimContext, id: string, body: unknown): Promise<ScimGroup | null> {
  const operations = readPatchMessage(body);
  const before = await groupOf(ctx, id);
  const next = { displayName: before.displayName, externalId: before.externalId };
  const current = new Set(await listGroupMemberIds(id));
  const members = new Set(current);
  let touched = 0;
  const count = (ids: string[]) => {
    touched += ids.length;
    if (touched > MAX_MEMBERS_PER_REQUEST) throw invalidValue(`At most ${MAX_MEMBERS_PER_REQUEST} members per request`);
    return ids;
  };
  for (const op of operations) {
    const path = 'path' in op && op.path ? op.path : undefined;
    const value = 'value' in op ? op.value : undefined;
    if (!path) {
      if (op.op === 'remove' || !isObject(value)) throw invalidSyntax('An add or replace without a path needs an object value');
      for (const [key, v] of Object.entries(lowerKeys(value))) {
        if (key === 'displayname') next.displayName = checkedDisplayName(v);
        else if (key === 'externalid') next.externalId = optionalExternalId(v);
        else if (key === 'members') {
          const ids = count(memberIds(v));
          if (op.op === 'replace') members.clear();
          for (const m of ids) members.add(m);
        } else if (key === 'id') {
          if (v !== id) throw new ScimError(400, 'id is read-only', 'mutability');
        } else if (key !== 'schemas' && key !== 'meta') throw new ScimError(400, `Unknown attribute ${key}`, 'invalidPath');
      }
      continue;
    }
    const memberMatch = MEMBER_FILTER.exec(path);
    const lower = path.toLowerCase().replace(/^urn:ietf:params:scim:schemas:core:2\.0:group:/, '');
    if (memberMatch) {
      if (op.op !== 'remove') throw new ScimError(400, 'Only remove takes a members[value eq …] path', 'invalidPath');
      members.delete(count([memberMatch[1]!])[0]!);
    } else if (lower === 'members') {
      const ids = count(memberIds(value));
      if (op.op === 'add') for (const m of ids) members.add(m);
      else if (op.op === 'replace') {
        members.clear();
        for (const m of ids) members.add(m);
      } else if (value === undefined) members.clear();
      else for (const m of ids) members.delete(m);
    } else if (lower === 'displayname') {
      if (op.op === 'remove') throw new ScimError(400, 'displayName is required', 'mutability');
      next.displayName = checkedDisplayName(value);
    } else if (lower === 'externalid') {
      next.externalId = op.op === 'remove' ? undefined : optionalExternalId(value);
    } else if (/^(id|meta(\..*)?|schemas)$/i.test(lower)) {
      throw new ScimError(400, `${path} is read-only`, 'mutability');
    } else {
      throw new ScimError(400, `No attribute ${path} on a Group`, 'invalidPath');
    }
  }
  const add = [...members].filter((m) => !current.has(m));
  const remove = [...current].filter((m) => !members.has(m));
  await applyGroupChange(ctx, before, next, add, remove);
  return getGroup(ctx, id);
}

export async function deleteGroup(ctx: ScimContext, id: string): Promise<void> {
  const group = await groupOf(ctx, id);
  // Members first (each leaves in its own transaction), then the group: a retry after a failure finishes the job.
  await runLimited(await listGroupMemberIds(id), (employeeId) => changeMember(group, employeeId, 'remove', leaves(group.displayName), false));
  await deleteScimGroupRecord(group);
}
