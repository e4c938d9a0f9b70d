// The SCIM Users endpoints (RFC 7644 §3) over one business's employees: list with filter and paging, create, read,
// replace, patch, delete. A token sees only its own business. A SCIM user IS an employee: created by the owner's Add
// Employee path (billed, with a card), changed by the owner's save, deactivated/reactivated by one status change
// (setEmployeeStatus), deleted the way the owner deletes (deactivated first). Every input is read and validated in
// full before the first write, so bad input never leaves a partial change.
import { filter as compileFilter, parse as parseFilter, type Filter } from 'scim2-parse-filter';
import { scimPatch, ScimError as PatchLibraryError, type ScimPatchOperation } from 'scim-patch';
import { employeeUpdateSchema, type EmployeeStatus } from '../../../shared/schemas/employee';
import { messages } from '../../../shared/messages';
import { fieldErrorsOf } from '../lib/http';
import { AppError } from '../lib/errors';
import { logger } from '../lib/logger';
import { db } from '../data/entities';
import { createEmployee } from '../business/create-employee';
import { deleteEmployee } from '../business/delete-employee';
import { getBusiness, getEmployee, type EmployeeRecord } from '../business/repository';
import { saveEmployee } from '../business/update-employee';
import { sendInvitation } from '../invitations/send-invitation';
import type { Caller } from '../identity/caller';
import { deleteDirectoryUser, getDirectorySettings, getDirectoryUser, listDirectoryUsers, putDirectoryUser, type DirectoryUserRecord } from './repository';
import { invalidFilter, invalidSyntax, invalidValue, ScimError, scimNotFound } from './scim-errors';
import { LIST_SCHEMA, PATCH_SCHEMA, readUserDocument, scimBoolean, toScimUser, type ScimUser, type UserInput } from './scim-user';

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
  await saveEmployee(employee, { ...profileOf(employee), role: employee.role, status });
}

function profileOf(e: EmployeeRecord) {
  return {
    name: e.name,
    email: e.email,
    phone: e.phone ?? null,
    officePhone: e.officePhone ?? null,
    mobilePhone: e.mobilePhone ?? null,
    jobTitle: e.jobTitle ?? null,
    department: e.department ?? null,
    linkedinProfile: e.linkedinProfile ?? null,
  };
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
    ...(before ? profileOf(before) : {}),
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
  if (!input.active && (before.role === 'owner' || isCreator)) throw new ScimError(400, messages.directorySync.scimOwnerProtected, 'mutability');
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

/** Entra ID's and Okta's forms: capitalised ops, "True"/"False" strings, no-path values with dotted keys. */
function normaliseOperation(op: unknown): ScimPatchOperation {
  if (typeof op !== 'object' || op === null || Array.isArray(op)) throw invalidSyntax('Each operation must be an object');
  const o = Object.fromEntries(Object.entries(op).map(([k, v]) => [k.toLowerCase(), v])) as { op?: unknown; path?: unknown; value?: unknown };
  if (typeof o.op !== 'string' || !['add', 'replace', 'remove'].includes(o.op.toLowerCase())) throw invalidSyntax('op must be add, replace or remove');
  if (o.path !== undefined && (typeof o.path !== 'string' || o.path.length > 500)) throw new ScimError(400, 'path must be a string', 'invalidPath');
  const kind = o.op.toLowerCase() as 'add' | 'replace' | 'remove';
  if (kind === 'remove' && !o.path) throw new ScimError(400, 'A remove needs a path', 'noTarget');
  return { op: kind, ...(o.path ? { path: o.path } : {}), ...('value' in o ? { value: o.value } : {}) } as ScimPatchOperation;
}

const readOnlyPaths = /^(id|meta(\..*)?|schemas)$/i;

export async function patchUser(ctx: ScimContext, id: string, body: unknown): Promise<ScimUser> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidSyntax('The request body must be a PatchOp message');
  const message = body as { schemas?: unknown; Operations?: unknown };
  if (!Array.isArray(message.schemas) || !message.schemas.some((s) => typeof s === 'string' && s.toLowerCase() === PATCH_SCHEMA.toLowerCase())) throw invalidSyntax(`schemas must be [${PATCH_SCHEMA}]`);
  if (!Array.isArray(message.Operations) || message.Operations.length === 0 || message.Operations.length > 100) throw invalidSyntax('Operations must list 1 to 100 operations');
  const operations = message.Operations.map(normaliseOperation);
  for (const op of operations) {
    if (op.path && readOnlyPaths.test(op.path)) throw new ScimError(400, `${op.path} is read-only`, 'mutability');
  }

  const before = await employeeOf(ctx, id);
  const directory = await getDirectoryUser(id);
  const current = toScimUser(before, directory, ctx.baseUrl);
  let patched: Record<string, unknown>;
  try {
    patched = scimPatch({ ...current, meta: { ...current.meta, created: new Date(current.meta.created), lastModified: new Date(current.meta.lastModified) } }, operations, { mutateDocument: false, treatMissingAsAdd: true }) as unknown as Record<string, unknown>;
  } catch (error) {
    if (error instanceof PatchLibraryError) {
      const scimType = (error.scimCode as ScimError['scimType']) ?? 'invalidValue';
      throw new ScimError(Number((error as { status?: number }).status) || 400, error.message, scimType === 'invalidPath' || scimType === 'noTarget' || scimType === 'invalidValue' || scimType === 'invalidSyntax' ? scimType : 'invalidValue');
    }
    throw invalidValue(`The patch cannot be applied: ${(error as Error).message}`);
  }
  if (patched.active !== undefined) patched.active = scimBoolean(patched.active, 'active');
  // The employee has one name: a patch of displayName, or of the name parts alone, renames it.
  const name = (typeof patched.name === 'object' && patched.name !== null ? patched.name : {}) as Record<string, unknown>;
  if (name.formatted === current.name.formatted) {
    if (patched.displayName !== current.displayName && typeof patched.displayName === 'string') name.formatted = patched.displayName;
    else if (name.givenName !== current.name.givenName || name.familyName !== current.name.familyName) delete name.formatted;
    patched.name = name;
  }
  const { id: _id, meta: _meta, ...document } = patched;
  return applyUserDocument(ctx, before, directory, document);
}

export async function deleteUser(ctx: ScimContext, id: string): Promise<void> {
  const employee = await employeeOf(ctx, id);
  const isCreator = employee.userId !== undefined && employee.userId === (await getBusiness(ctx.businessId))?.ownerId;
  if (employee.role === 'owner' || isCreator) throw new ScimError(400, messages.directorySync.scimOwnerProtected, 'mutability');
  // The owner can delete only an inactive employee: SCIM DELETE deactivates first, then deletes (docs/decisions.md).
  await setEmployeeStatus(employee, 'inactive').catch(asScimConflict);
  await deleteEmployee(ctx.caller, ctx.businessId, id).catch(asScimConflict);
  await deleteDirectoryUser(id);
}
