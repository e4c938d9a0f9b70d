// The SCIM Users endpoints (RFC 7644 §3) over one business's employees: list with filter and paging, create, read,
// replace, patch, delete. A token sees only its own business. A SCIM user IS an employee: created by the owner's Add
// Employee path (billed, with a card), changed by the owner's save, deactivated/reactivated by one status change
// (setEmployeeStatus), deleted the way the owner deletes (deactivated first). Every input is read and validated in
// full before the first write, so bad input never leaves a partial change.
import { filter as compileFilter, parse as parseFilter, type Filter } from 'scim2-parse-filter';
import { employeeUpdateSchema, type EmployeeStatus } from '../../../shared/schemas/employee';
import { messages } from '../../../shared/messages';
import { directorySyncMessages } from '../../../shared/messages/directory-sync';
import { fieldErrorsOf } from '../lib/http';
import { AppError } from '../lib/errors';
import { logger } from '../lib/logger';
import { db } from '../data/entities';
import { createEmployee } from '../business/create-employee';
import { deleteEmployee } from '../business/delete-employee';
import { getBusiness, getEmployee, type EmployeeRecord } from '../business/repository';
import { profileOfRecord, saveEmployee, saveEmployeeStatus } from '../business/update-employee';
import { leave, rejoin } from '../leavers/deactivate';
import { sendInvitation } from '../invitations/send-invitation';
import type { Caller } from '../identity/caller';
import { deleteDirectoryUser, getDirectorySettings, getDirectoryUser, listDirectoryUsers, putDirectoryUser, type DirectoryUserRecord } from './repository';
import { invalidFilter, invalidValue, ScimError, scimNotFound } from './scim-errors';
import { LIST_SCHEMA, readUserDocument, toScimUser, type ScimUser, type UserInput } from './scim-user';
import { applyPatch, readPatchMessage } from './scim-patch';

/** Who is calling: the token's business, acting as its owner for the employees it manages. */
export interface ScimContext {
  businessId: string;
  /** The token as a Caller with an owner membership of its business, for the owner's own services. */
  caller: Caller;
  /** `https://<site>/scim/v2`. */
  baseUrl: string;
}

/** Most Resources in one page (ServiceProviderConfig filter.maxResults). */
export const MAX_PAGE_SIZE = 200;

/**
 * The one status change of a directory user (active false → inactive, true → active). Issue 23 §2 (leavers) turns
 * deactivation into the leaver flow; this is the single call to point at it.
 */
export async function setEmployeeStatus(employee: EmployeeRecord, status: Extract<EmployeeStatus, 'active' | 'inactive'>): Promise<void> {
  if (employee.status === status) return;
  // The leaver flow (issue 23 §2): the card page says they left, their leads go to the default holder, their sessions
  // end; `active: true` reverses it (not the leads).
  if (status === 'inactive') await leave(employee);
  else if (employee.status === 'inactive') await rejoin(employee);
  else await saveEmployeeStatus(employee, status);
}

async function employeeOf(ctx: ScimContext, id: string): Promise<EmployeeRecord> {
  // Ids are 22 base64url characters; anything else cannot name an employee (and never reaches DynamoDB).
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw scimNotFound();
  const employee = await getEmployee(id);
  // Another business's employee is as unknown as a missing one.
  if (!employee || employee.businessId !== ctx.businessId) throw scimNotFound();
  return employee;
}

async function allUsers(ctx: ScimContext): Promise<ScimUser[]> {
  const [{ data }, directory] = await Promise.all([db().service.collections.dashboard({ businessId: ctx.businessId }).go({ pages: 'all' }), listDirectoryUsers(ctx.businessId)]);
  const byEmployee = new Map(directory.map((d) => [d.employeeId, d]));
  return [...data.employee].sort((a, b) => a.employeeOrder.localeCompare(b.employeeOrder)).map((e) => toScimUser(e, byEmployee.get(e.employeeId) ?? null, ctx.baseUrl));
}

/** The filter, compiled; userName is compared case-insensitively (RFC 7643: caseExact false). */
export function compileUserFilter(text: string): (user: ScimUser) => boolean {
  let ast: Filter;
  try {
    ast = parseFilter(text);
  } catch (error) {
    throw invalidFilter(`The filter cannot be parsed: ${(error as Error).message}`);
  }
  const lowered = lowerUserName(ast);
  const test = compileFilter(lowered);
  return (user) => test({ ...user, userName: user.userName.toLowerCase() });
}

function lowerUserName(f: Filter): Filter {
  switch (f.op) {
    case 'and':
    case 'or':
      return { ...f, filters: f.filters.map(lowerUserName) } as Filter;
    case 'not':
      return { ...f, filter: lowerUserName((f as { filter: Filter }).filter) } as Filter;
    case '[]':
      return f;
    default: {
      const c = f as { attrPath: string; compValue?: unknown };
      const isUserName = c.attrPath.toLowerCase() === 'username' || c.attrPath.toLowerCase() === 'urn:ietf:params:scim:schemas:core:2.0:user:username';
      return isUserName && typeof c.compValue === 'string' ? ({ ...f, compValue: c.compValue.toLowerCase() } as Filter) : f;
    }
  }
}

function positiveInt(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^-?\d{1,9}$/.test(value)) throw invalidValue(`${name} must be an integer`);
  return Number(value);
}

/** GET /Users: filter, then startIndex (1-based, <1 counts as 1) and count (<0 counts as 0, capped at 200). */
export async function listUsers(ctx: ScimContext, query: Record<string, string | undefined>) {
  const startIndex = Math.max(1, positiveInt(query.startIndex, 'startIndex', 1));
  const count = Math.min(MAX_PAGE_SIZE, Math.max(0, positiveInt(query.count, 'count', MAX_PAGE_SIZE)));
  if (query.filter !== undefined && query.filter.length > 1000) throw invalidFilter('The filter is too long');
  if (query.sortBy !== undefined) logger.info('SCIM sortBy ignored (sort is not supported)');
  const test = query.filter ? compileUserFilter(query.filter) : () => true;
  const matching = (await allUsers(ctx)).filter(test);
  const page = matching.slice(startIndex - 1, startIndex - 1 + count);
  return { schemas: [LIST_SCHEMA], totalResults: matching.length, startIndex, itemsPerPage: page.length, Resources: page };
}

export async function getUser(ctx: ScimContext, id: string): Promise<ScimUser> {
  const employee = await employeeOf(ctx, id);
  return toScimUser(employee, await getDirectoryUser(employee.employeeId), ctx.baseUrl);
}

/** The employee fields of a User, checked with the shared employee schema (the owner's form rules). */
function checkedProfile(input: UserInput, before?: EmployeeRecord) {
  const result = employeeUpdateSchema.safeParse({
    ...(before ? profileOfRecord(before) : {}),
    ...input.profile,
    officePhone: input.profile.officePhone ?? '',
    mobilePhone: input.profile.mobilePhone ?? '',
    jobTitle: input.profile.jobTitle ?? '',
    department: input.profile.department ?? '',
    phone: before?.phone ?? '',
    linkedinProfile: before?.linkedinProfile ?? '',
    role: before?.role ?? 'employee',
    status: before?.status ?? 'active',
  });
  if (!result.success) {
    const [field, message] = Object.entries(fieldErrorsOf(result.error))[0] ?? ['user', 'is invalid'];
    const attribute = { name: 'name', email: 'emails (or userName)', officePhone: 'phoneNumbers[type eq "work"]', mobilePhone: 'phoneNumbers[type eq "mobile"]', jobTitle: 'title', department: 'department' }[field] ?? field;
    throw invalidValue(`${attribute}: ${message}`);
  }
  return result.data;
}

async function assertUserNameFree(ctx: ScimContext, userName: string, employeeId?: string): Promise<void> {
  const taken = (await allUsers(ctx)).some((u) => u.userName.toLowerCase() === userName.toLowerCase() && u.id !== employeeId);
  if (taken) throw new ScimError(409, `userName ${userName} is already in use in this business`, 'uniqueness');
}

const directoryRecord = (ctx: ScimContext, employeeId: string, input: UserInput) => ({ employeeId, businessId: ctx.businessId, ...input.directory });

/** A taken e-mail (the business's e-mail guard) is a uniqueness conflict in SCIM terms. */
function asScimConflict(error: unknown): never {
  if (error instanceof AppError && error.code === 'CONFLICT') {
    throw new ScimError(409, error.message === messages.employee.emailTaken ? `${error.message} (the e-mail must be unique in the business)` : error.message, error.message === messages.employee.emailTaken ? 'uniqueness' : undefined);
  }
  throw error;
}

export async function createUser(ctx: ScimContext, body: unknown): Promise<ScimUser> {
  const input = readUserDocument(body);
  const profile = checkedProfile(input);
  await assertUserNameFree(ctx, input.directory.userName);
  const employee = await createEmployee(ctx.caller, ctx.businessId, {
    name: profile.name,
    email: profile.email,
    phone: null,
    officePhone: profile.officePhone,
    mobilePhone: profile.mobilePhone,
    jobTitle: profile.jobTitle,
    department: profile.department,
    linkedinProfile: null,
    role: 'employee',
    status: input.active ? 'active' : 'inactive',
  }).catch(asScimConflict);
  await putDirectoryUser(directoryRecord(ctx, employee.id, input));
  const { sendInvitations } = await getDirectorySettings(ctx.businessId);
  if (sendInvitations && input.active) {
    // The employee exists either way; a mail that fails is logged, not a failed provisioning.
    await sendInvitation(ctx.caller, ctx.businessId, employee.id).catch((error: Error) => logger.error('invitation of a provisioned employee was not sent', { employeeId: employee.id, error }));
  }
  return getUser(ctx, employee.id);
}

/** PUT and PATCH end here: the whole new document, validated, then at most a profile save and a status change. */
async function applyUserDocument(ctx: ScimContext, before: EmployeeRecord, directory: DirectoryUserRecord | null, body: unknown): Promise<ScimUser> {
  const input = readUserDocument(body);
  const profile = checkedProfile(input, before);
  const isCreator = before.userId !== undefined && before.userId === (await getBusiness(ctx.businessId))?.ownerId;
  if (!input.active && (before.role === 'owner' || isCreator)) throw new ScimError(400, directorySyncMessages.scimOwnerProtected, 'mutability');
  if (input.directory.userName.toLowerCase() !== (directory?.userName ?? before.email).toLowerCase()) await assertUserNameFree(ctx, input.directory.userName, before.employeeId);

  const changed = (Object.keys(input.profile) as (keyof UserInput['profile'])[]).some((k) => (profile[k] ?? null) !== (before[k] ?? null));
  if (changed) {
    await saveEmployee(before, { ...profile, photoUrl: undefined, role: before.role, status: before.status }).catch(asScimConflict);
  }
  await putDirectoryUser(directoryRecord(ctx, before.employeeId, input));
  const target = input.active ? 'active' : 'inactive';
  // active: true leaves a Draft employee (not yet onboarded) as it is.
  if (!(input.active && before.status === 'draft')) {
    const current = changed ? await employeeOf(ctx, before.employeeId) : before;
    await setEmployeeStatus(current, target).catch(asScimConflict);
  }
  return getUser(ctx, before.employeeId);
}

export async function replaceUser(ctx: ScimContext, id: string, body: unknown): Promise<ScimUser> {
  const before = await employeeOf(ctx, id);
  return applyUserDocument(ctx, before, await getDirectoryUser(id), body);
}

export async function patchUser(ctx: ScimContext, id: string, body: unknown): Promise<ScimUser> {
  const operations = readPatchMessage(body);
  const before = await employeeOf(ctx, id);
  const directory = await getDirectoryUser(id);
  return applyUserDocument(ctx, before, directory, applyPatch(toScimUser(before, directory, ctx.baseUrl), operations));
}

export async function deleteUser(ctx: ScimContext, id: string): Promise<void> {
  const employee = await employeeOf(ctx, id);
  const isCreator = employee.userId !== undefined && employee.userId === (await getBusiness(ctx.businessId))?.ownerId;
  if (employee.role === 'owner' || isCreator) throw new ScimError(400, directorySyncMessages.scimOwnerProtected, 'mutability');
  // The owner can delete only an inactive employee: SCIM DELETE deactivates first, then deletes (docs/decisions.md).
  await setEmployeeStatus(employee, 'inactive').catch(asScimConflict);
  await deleteEmployee(ctx.caller, ctx.businessId, id).catch(asScimConflict);
  await deleteDirectoryUser(id);
}
