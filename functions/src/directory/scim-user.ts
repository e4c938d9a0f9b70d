// The SCIM User resource (RFC 7643 §4.1 with the enterprise extension §4.3) and its mapping to a CardCrew employee:
// userName (compared case-insensitively, unique per business) is kept as sent, the work e-mail (else userName) is the
// employee's e-mail; name →
// name; title → job title; phoneNumbers work/mobile → office/mobile phone; the enterprise department → department;
// active ↔ status. What an employee has no field for (externalId, name parts, employeeNumber, manager, userName as
// sent) is kept on the employee's directoryUser item. Known core attributes CardCrew does not use (password, locale,
// addresses, …) are accepted and ignored; anything else is refused (docs/decisions.md).
import type { EmployeeRecord } from '../business/repository';
import { invalidSyntax, invalidValue } from './scim-errors';
import type { DirectoryUserRecord } from './repository';

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const ENTERPRISE_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

/** Every attribute of the core User schema (RFC 7643 §4.1) plus the common ones; matched case-insensitively. */
const coreAttributes = [
  'schemas', 'id', 'externalId', 'meta', 'userName', 'name', 'displayName', 'nickName', 'profileUrl', 'title', 'userType',
  'preferredLanguage', 'locale', 'timezone', 'active', 'password', 'emails', 'phoneNumbers', 'ims', 'photos', 'addresses',
  'groups', 'entitlements', 'roles', 'x509Certificates',
] as const;
const enterpriseAttributes = ['employeeNumber', 'costCenter', 'organization', 'division', 'department', 'manager'] as const;
const nameAttributes = ['formatted', 'familyName', 'givenName', 'middleName', 'honorificPrefix', 'honorificSuffix'] as const;

export interface ScimMultiValue {
  value?: unknown;
  type?: unknown;
  primary?: unknown;
  display?: unknown;
}

export interface ScimUser {
  schemas: string[];
  id: string;
  externalId?: string;
  userName: string;
  name: { formatted: string; givenName?: string; familyName?: string };
  displayName: string;
  title?: string;
  active: boolean;
  emails: { value: string; type: 'work'; primary: true }[];
  phoneNumbers?: { value: string; type: 'work' | 'mobile' }[];
  [ENTERPRISE_SCHEMA]?: { department?: string; employeeNumber?: string; manager?: { value?: string; displayName?: string } };
  meta: { resourceType: 'User'; created: string; lastModified: string; location: string };
}

/** The SCIM view of an employee. */
export function toScimUser(employee: EmployeeRecord, directory: DirectoryUserRecord | null, baseUrl: string): ScimUser {
  const phones = [
    ...(employee.officePhone ? [{ value: employee.officePhone, type: 'work' as const }] : []),
    ...(employee.mobilePhone ? [{ value: employee.mobilePhone, type: 'mobile' as const }] : []),
  ];
  const manager = directory?.managerId || directory?.managerDisplayName ? { ...(directory.managerId ? { value: directory.managerId } : {}), ...(directory.managerDisplayName ? { displayName: directory.managerDisplayName } : {}) } : undefined;
  const enterprise = {
    ...(employee.department ? { department: employee.department } : {}),
    ...(directory?.employeeNumber ? { employeeNumber: directory.employeeNumber } : {}),
    ...(manager ? { manager } : {}),
  };
  const hasEnterprise = Object.keys(enterprise).length > 0;
  return {
    schemas: hasEnterprise ? [USER_SCHEMA, ENTERPRISE_SCHEMA] : [USER_SCHEMA],
    id: employee.employeeId,
    ...(directory?.externalId ? { externalId: directory.externalId } : {}),
    // An employee added by hand (no directory record yet) is known by its e-mail.
    userName: directory?.userName ?? employee.email,
    name: { formatted: employee.name, ...(directory?.givenName ? { givenName: directory.givenName } : {}), ...(directory?.familyName ? { familyName: directory.familyName } : {}) },
    displayName: employee.name,
    ...(employee.jobTitle ? { title: employee.jobTitle } : {}),
    active: employee.status !== 'inactive',
    emails: [{ value: employee.email, type: 'work', primary: true }],
    ...(phones.length ? { phoneNumbers: phones } : {}),
    ...(hasEnterprise ? { [ENTERPRISE_SCHEMA]: enterprise } : {}),
    meta: { resourceType: 'User', created: employee.createdAt, lastModified: employee.updatedAt ?? employee.createdAt, location: `${baseUrl}/Users/${employee.employeeId}` },
  };
}

/** What a SCIM User document asks for, in CardCrew's terms. */
export interface UserInput {
  profile: { name: string; email: string; officePhone: string | null; mobilePhone: string | null; jobTitle: string | null; department: string | null };
  active: boolean;
  directory: { userName: string; externalId?: string; givenName?: string; familyName?: string; employeeNumber?: string; managerId?: string; managerDisplayName?: string };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The object's keys renamed to the canonical spelling (SCIM attribute names are case-insensitive); unknown → invalidSyntax. */
function canonical(value: Record<string, unknown>, known: readonly string[], where: string, allowUrns: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const name = known.find((k) => k.toLowerCase() === key.toLowerCase()) ?? allowUrns.find((k) => k.toLowerCase() === key.toLowerCase());
    if (!name) throw invalidSyntax(key.startsWith('urn:') ? `Unknown schema extension: ${key}` : `Unknown attribute ${where}${key}`);
    if (name in out) throw invalidSyntax(`Attribute ${where}${name} is given twice`);
    out[name] = v;
  }
  return out;
}

function optionalString(value: unknown, attribute: string, max = 120): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw invalidValue(`${attribute} must be a string`);
  const trimmed = value.trim();
  if (trimmed.length > max) throw invalidValue(`${attribute} must be at most ${max} characters`);
  return trimmed || undefined;
}

/** SCIM booleans, and the strings Entra ID sends for them ("True", "False"). */
export function scimBoolean(value: unknown, attribute: string): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  throw invalidValue(`${attribute} must be true or false`);
}

function multiValues(value: unknown, attribute: string): ScimMultiValue[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || !value.every(isObject)) throw invalidValue(`${attribute} must be a list of objects`);
  return value as ScimMultiValue[];
}

/** The value of a multi-valued attribute for a type. */
function pick(values: ScimMultiValue[], type: string, attribute: string): string | undefined {
  const chosen = values.find((v) => typeof v.type === 'string' && v.type.toLowerCase() === type);
  return chosen ? optionalString(chosen.value, `${attribute}.value`) : undefined;
}

/**
 * Reads a whole User document (POST, PUT, and the result of a PATCH). Throws a SCIM 400 for anything CardCrew cannot
 * store as asked; nothing is written before this has passed.
 */
export function readUserDocument(body: unknown): UserInput {
  if (!isObject(body)) throw invalidSyntax('The request body must be a SCIM User object');
  const doc = canonical(body, coreAttributes, '', [ENTERPRISE_SCHEMA]);
  const schemas = doc.schemas;
  if (!Array.isArray(schemas) || !schemas.every((s) => typeof s === 'string')) throw invalidSyntax('schemas must list the User schema');
  if (!schemas.some((s) => s.toLowerCase() === USER_SCHEMA.toLowerCase())) throw invalidSyntax(`schemas must include ${USER_SCHEMA}`);
  const unknownSchema = schemas.find((s) => ![USER_SCHEMA, ENTERPRISE_SCHEMA].some((k) => k.toLowerCase() === s.toLowerCase()));
  if (unknownSchema) throw invalidSyntax(`Unknown schema: ${unknownSchema}`);

  const userName = optionalString(doc.userName, 'userName', 254);
  if (!userName) throw invalidValue('userName is required');
  const name = doc.name === undefined || doc.name === null ? {} : isObject(doc.name) ? canonical(doc.name, nameAttributes, 'name.') : null;
  if (!name) throw invalidValue('name must be an object');
  const givenName = optionalString(name.givenName, 'name.givenName');
  const familyName = optionalString(name.familyName, 'name.familyName');
  const formatted = optionalString(name.formatted, 'name.formatted') ?? ([givenName, familyName].filter(Boolean).join(' ') || optionalString(doc.displayName, 'displayName'));

  const phones = multiValues(doc.phoneNumbers, 'phoneNumbers');
  const extension = doc[ENTERPRISE_SCHEMA] === undefined || doc[ENTERPRISE_SCHEMA] === null ? {} : isObject(doc[ENTERPRISE_SCHEMA]) ? canonical(doc[ENTERPRISE_SCHEMA], enterpriseAttributes, 'enterprise.') : null;
  if (!extension) throw invalidValue('The enterprise extension must be an object');
  const manager = extension.manager === undefined || extension.manager === null || extension.manager === '' ? {} : isObject(extension.manager) ? canonical(extension.manager, ['value', '$ref', 'displayName'], 'manager.') : typeof extension.manager === 'string' ? { value: extension.manager } : null;
  if (!manager) throw invalidValue('manager must be an object');

  // The employee's e-mail: the work e-mail (else the primary, else the first), else userName (the shared employee
  // schema checks it is an address).
  const emails = multiValues(doc.emails, 'emails');
  const email = pick(emails, 'work', 'emails') ?? optionalString((emails.find((e) => e.primary === true || e.primary === 'True') ?? emails[0])?.value, 'emails.value', 254) ?? userName;
  return {
    profile: {
      name: formatted ?? userName,
      email,
      officePhone: pick(phones, 'work', 'phoneNumbers') ?? null,
      mobilePhone: pick(phones, 'mobile', 'phoneNumbers') ?? null,
      jobTitle: optionalString(doc.title, 'title') ?? null,
      department: optionalString(extension.department, 'department') ?? null,
    },
    active: doc.active === undefined || doc.active === null ? true : scimBoolean(doc.active, 'active'),
    directory: {
      userName,
      externalId: optionalString(doc.externalId, 'externalId', 254),
      givenName,
      familyName,
      employeeNumber: optionalString(extension.employeeNumber, 'employeeNumber', 64),
      managerId: optionalString(manager.value, 'manager.value', 254),
      managerDisplayName: optionalString(manager.displayName, 'manager.displayName'),
    },
  };
}
