// The SCIM Users endpoints (RFC 7644 §3) over one business's employees: list with filter and paging, create, read,
// replace, patch, delete. A token sees only its own business. A SCIM user IS an employee: created by the owner's Add
// Employee path (billed, with a card), changed by the owner's save, deactivated/reactivated by one status change
// (setEmployeeStatus), deleted the way the owner deletes (deactivated first). Every input is read and validated in
// full before the first write, so bad input never leaves a partial change.
import { filter as compileFilter, parse as parseFilter, type Filter } from 'scim2-parse-filter';
import { employeeUpdateSchema, type EmployeeStatus } from '../../../shared/schemas/employee';
import { messages } from '../../../shared/messages';
import { directorySyncMessages } from '../../../shared/messages/directory-sync';
import { fieldErrorsOf } from '../http/http';
import { AppError } from '../lib/errors';
import { logger } from '../lib/logger';
import { db } from '../data/entities';
import { newCardOf } from '../business/card-snapshot';
import { cardUrlOf } from '../business/dto';
import { cardQrKeys } from '../business/generate-card-qr';
import { assertMay } from '../identity/access';
import { newId } from '../lib/ids';
import { compact } from '../lib/values';
import { putMediaObject } from '../adapters/media';
import { renderQr } from '../adapters/qr';
import { qrTargetOf } from '../../../shared/urls';
import { customOriginOfBusiness } from '../domain-records/card-origin';
import { deleteEmployee } from '../leavers/delete-employee';
import { createEmployeesWithCards, EmailsTakenError, ExtraItemsRejectedError, getBusiness, getEmployee, StaleBrandError, TransactionConflictError, type EmployeeRecord, type TransactionEntities } from '../business/repository';
import { profileOfRecord, saveEmployee, saveEmployeeStatus } from '../business/update-employee';
import { departmentForSave } from '../business/departments';
import { leave, rejoin } from '../leavers/deactivate';
import { sendInvitation } from '../invitations/send-invitation';
import type { Caller } from '../identity/caller';
import { applyMemberChange, deleteDirectoryUser, deleteScimUserNameGuard, getScimGroup, getDirectorySettings, getDirectoryUser, listDirectoryUsers, listGroupIdsOfEmployee, type DirectoryUserRecord } from './repository';
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
  const test = compileFilterOn(text, ['userName', 'urn:ietf:params:scim:schemas:core:2.0:user:username']);
  return (user) => test({ ...user, userName: user.userName.toLowerCase() });
}

/**
 * A filter over resources; the `caseInsensitive` attributes (caseExact false) are compared lower-cased, so the caller
 * passes the resource with those attributes lower-cased.
 */
export function compileFilterOn(text: string, caseInsensitive: string[]): (resource: Record<string, unknown>) => boolean {
  let ast: Filter;
  try {
    ast = parseFilter(text);
  } catch (error) {
    throw invalidFilter(`The filter cannot be parsed: ${(error as Error).message}`);
  }
  const names = new Set(caseInsensitive.map((n) => n.toLowerCase()));
  const lowered = lowerCompared(ast, names);
  const test = compileFilter(lowered);
  return (resource) => {
    const copy: Record<string, unknown> = { ...resource };
    for (const key of Object.keys(copy)) if (names.has(key.toLowerCase()) && typeof copy[key] === 'string') copy[key] = (copy[key] as string).toLowerCase();
    return test(copy);
  };
}

function lowerCompared(f: Filter, names: Set<string>): Filter {
  switch (f.op) {
    case 'and':
    case 'or':
      return { ...f, filters: f.filters.map((g) => lowerCompared(g, names)) } as Filter;
    case 'not':
      return { ...f, filter: lowerCompared((f as { filter: Filter }).filter, names) } as Filter;
    case '[]':
      return f;
    default: {
      const c = f as { attrPath: string; compValue?: unknown };
      return names.has(c.attrPath.toLowerCase()) && typeof c.compValue === 'string' ? ({ ...f, compValue: c.compValue.toLowerCase() } as Filter) : f;
    }
  }
}

function positiveInt(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^-?\d{1,9}$/.test(value)) throw invalidValue(`${name} must be an integer`);
  return Number(value);
}

/** startIndex (1-based, <1 counts as 1) and count (<0 counts as 0, capped at MAX_PAGE_SIZE) over a list. */
export function pageOf<T>(items: T[], query: Record<string, string | undefined>): { startIndex: number; page: T[] } {
  const startIndex = Math.max(1, positiveInt(query.startIndex, 'startIndex', 1));
  const count = Math.min(MAX_PAGE_SIZE, Math.max(0, positiveInt(query.count, 'count', MAX_PAGE_SIZE)));
  return { startIndex, page: items.slice(startIndex - 1, startIndex - 1 + count) };
}

/** GET /Users: filter, then startIndex and count. */
export async function listUsers(ctx: ScimContext, query: Record<string, string | undefined>) {
  if (query.filter !== undefined && query.filter.length > 1000) throw invalidFilter('The filter is too long');
  if (query.sortBy !== undefined) logger.info('SCIM sortBy ignored (sort is not supported)');
  const test = query.filter ? compileUserFilter(query.filter) : () => true;
  positiveInt(query.startIndex, 'startIndex', 1);
  positiveInt(query.count, 'count', MAX_PAGE_SIZE);
  const matching = (await allUsers(ctx)).filter(test);
  const { startIndex, page } = pageOf(matching, query);
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

const userNameTaken = (userName: string) => new ScimError(409, `userName ${userName} is already in use in this business`, 'uniqueness');

/**
 * The items that keep userName unique in the transaction that stores it: its guard (created, or kept when it is the
 * user's own; a rename deletes the old one) and, when userName is not the user's e-mail, a check that no employee
 * has it as e-mail (employees added by hand are known by their e-mail). Indexes: 0 the new guard, 1 the e-mail check.
 */
function userNameItems(tx: TransactionEntities, ctx: ScimContext, employeeId: string, userName: string, email: string, previous?: string): unknown[] {
  const { scimUserNameGuard, employeeEmailGuard } = tx;
  const name = userName.toLowerCase();
  const items: unknown[] = [
    scimUserNameGuard
      .put({ businessId: ctx.businessId, userName: name, employeeId })
      .where((attr, { notExists, eq }) => `${notExists(attr.employeeId)} OR ${eq(attr.employeeId, employeeId)}`)
      .commit(),
  ];
  if (name !== email.toLowerCase()) {
    items.push(
      employeeEmailGuard
        .check({ businessId: ctx.businessId, email: name })
        .where((attr, { notExists, eq }) => `${notExists(attr.employeeId)} OR ${eq(attr.employeeId, employeeId)}`)
        .commit(),
    );
  }
  if (previous && previous.toLowerCase() !== name) {
    items.push(
      scimUserNameGuard
        .delete({ businessId: ctx.businessId, userName: previous.toLowerCase() })
        .where((attr, { notExists, eq }) => `${notExists(attr.employeeId)} OR ${eq(attr.employeeId, employeeId)}`)
        .commit(),
    );
  }
  return items;
}

const directoryRecord = (ctx: ScimContext, employeeId: string, input: UserInput) => ({ employeeId, businessId: ctx.businessId, ...input.directory });

/** A taken e-mail (the business's e-mail guard) is a uniqueness conflict in SCIM terms. */
function asScimConflict(error: unknown): never {
  if (error instanceof AppError && error.code === 'CONFLICT') {
    throw new ScimError(409, error.message === messages.employee.emailTaken ? `${error.message} (the e-mail must be unique in the business)` : error.message, error.message === messages.employee.emailTaken ? 'uniqueness' : undefined);
  }
  throw error;
}

/** Attempts of a create whose transaction met another one on the business item (its counters): jittered backoff. */
const CREATE_ATTEMPTS = 8;
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 25 * 2 ** Math.min(attempt, 5)));

/**
 * POST /Users: one transaction writes the employee, its card (QR URLs included: the images are stored first), the
 * card's scan total, the e-mail and userName guards, the directory user, the audit entry and the business counters.
 */
export async function createUser(ctx: ScimContext, body: unknown): Promise<ScimUser> {
  const input = readUserDocument(body);
  const profile = checkedProfile(input);
  await assertMay(ctx.caller, ctx.businessId, 'employees');
  const employeeId = newId();
  const cardId = newId();
  // The user's department joins the business's list (or takes its spelling there).
  const department = await departmentForSave(ctx.businessId, profile.department, true);
  const fields = {
    ...compact({ name: profile.name, email: profile.email, officePhone: profile.officePhone, mobilePhone: profile.mobilePhone, jobTitle: profile.jobTitle, department }),
    employeeId,
    businessId: ctx.businessId,
    role: 'employee' as const,
    status: (input.active ? 'active' : 'inactive') as EmployeeStatus,
  };
  // The QR images first (S3): a failed transaction leaves two unreferenced objects, never a card without its code.
  const qrOrigin = await customOriginOfBusiness(ctx.businessId);
  const { png, svg } = await renderQr(qrTargetOf(cardUrlOf(cardId, qrOrigin)));
  const keys = cardQrKeys(ctx.businessId, cardId);
  const [qrCodeUrl, qrSvgUrl] = await Promise.all([putMediaObject(keys.png, png, 'image/png'), putMediaObject(keys.svg, svg, 'image/svg+xml')]);

  const directory = directoryRecord(ctx, employeeId, input);
  for (let attempt = 1; ; attempt += 1) {
    const business = await getBusiness(ctx.businessId);
    if (!business) throw scimNotFound('Business not found.');
    const card = { ...newCardOf(cardId, fields, business), qrCodeUrl, qrSvgUrl, ...(qrOrigin ? { qrOrigin } : {}) };
    try {
      await createEmployeesWithCards([{ employee: fields, card }], 'employee.created', (tx) => [
        tx.directoryUser.create(directory).commit(),
        ...userNameItems(tx, ctx, employeeId, input.directory.userName, profile.email),
      ]);
      break;
    } catch (error) {
      if (error instanceof ExtraItemsRejectedError) throw userNameTaken(input.directory.userName);
      if (error instanceof EmailsTakenError) asScimConflict(error);
      const conflict = error instanceof StaleBrandError || error instanceof TransactionConflictError || (error as Error).name === 'TransactionConflictException';
      if (!conflict || attempt >= CREATE_ATTEMPTS) throw error;
      await pause(attempt);
    }
  }
  const { sendInvitations } = await getDirectorySettings(ctx.businessId);
  if (sendInvitations && input.active) {
    // The employee exists either way; a mail that fails is logged, not a failed provisioning.
    await sendInvitation(ctx.caller, ctx.businessId, employeeId).catch((error: Error) => logger.error('invitation of a provisioned employee was not sent', { employeeId, error }));
  }
  return getUser(ctx, employeeId);
}

/**
 * PUT and PATCH end here: the whole new document, validated, then one transaction (the employee, its card, the
 * directory user and the userName guards); a change of `active` then runs the leaver flow (issue 23 §2).
 */
async function applyUserDocument(ctx: ScimContext, before: EmployeeRecord, directory: DirectoryUserRecord | null, body: unknown): Promise<ScimUser> {
  const input = readUserDocument(body);
  const profile = checkedProfile(input, before);
  const isCreator = before.userId !== undefined && before.userId === (await getBusiness(ctx.businessId))?.ownerId;
  if (!input.active && (before.role === 'owner' || isCreator)) throw new ScimError(400, directorySyncMessages.scimOwnerProtected, 'mutability');

  const record = directoryRecord(ctx, before.employeeId, input);
  await saveEmployee(before, { ...profile, photoUrl: undefined, role: before.role, status: before.status }, (tx) => [
    tx.directoryUser.put({ ...record, createdAt: directory?.createdAt ?? new Date().toISOString() }).commit(),
    ...userNameItems(tx, ctx, before.employeeId, input.directory.userName, profile.email, directory?.userName ?? before.email),
  ]).catch((error: unknown) => {
    if (error instanceof ExtraItemsRejectedError) throw userNameTaken(input.directory.userName);
    return asScimConflict(error);
  });
  const target = input.active ? 'active' : 'inactive';
  // active: true leaves a Draft employee (not yet onboarded) as it is.
  if (!(input.active && before.status === 'draft') && target !== before.status) {
    await setEmployeeStatus(await employeeOf(ctx, before.employeeId), target).catch(asScimConflict);
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
  const [directory, groupIds] = await Promise.all([getDirectoryUser(id), listGroupIdsOfEmployee(id)]);
  // The owner can delete only an inactive employee: SCIM DELETE deactivates first, then deletes (docs/decisions.md).
  await setEmployeeStatus(employee, 'inactive').catch(asScimConflict);
  await deleteEmployee(ctx.caller, ctx.businessId, id).catch(asScimConflict);
  // What only the directory kept: its record, the userName guard, the group memberships.
  await Promise.all([deleteDirectoryUser(id), deleteScimUserNameGuard(ctx.businessId, directory?.userName ?? employee.email, id), leaveAllGroups(id, groupIds)]);
}

/** A deleted user leaves its groups: the membership items go (its department went with the employee). */
async function leaveAllGroups(employeeId: string, groupIds: string[]): Promise<void> {
  for (const groupId of groupIds) {
    const group = await getScimGroup(groupId);
    if (group) await applyMemberChange({ group, employee: { employeeId } as EmployeeRecord, membership: 'remove', checkGroup: false });
  }
}
