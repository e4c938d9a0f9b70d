// SCIM discovery (RFC 7644 §4): static documents saying exactly what this service supports — Users and Groups, PATCH
// and filters yes (at most MAX_PAGE_SIZE results a page), no bulk, sort, ETags or password changes, bearer tokens.
import { ENTERPRISE_SCHEMA, LIST_SCHEMA, USER_SCHEMA } from './scim-user';
import { scimNotFound } from './scim-errors';

const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';

const SPC_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig';
const RESOURCE_TYPE_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';
const SCHEMA_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Schema';

export function serviceProviderConfig(baseUrl: string, maxResults: number) {
  return {
    schemas: [SPC_SCHEMA],
    documentationUri: `${baseUrl.replace(/\/scim\/v2$/, '')}/`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      { type: 'oauthbearertoken', name: 'OAuth Bearer Token', description: 'A SCIM token from Company Settings → Directory sync, sent as Authorization: Bearer <token>.', primary: true },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}/ServiceProviderConfig` },
  };
}

function resourceTypeList(baseUrl: string) {
  const user = {
    schemas: [RESOURCE_TYPE_SCHEMA],
    id: 'User',
    name: 'User',
    endpoint: '/Users',
    description: 'An employee of the business, with a digital business card',
    schema: USER_SCHEMA,
    schemaExtensions: [{ schema: ENTERPRISE_SCHEMA, required: false }],
    meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/User` },
  };
  const group = {
    schemas: [RESOURCE_TYPE_SCHEMA],
    id: 'Group',
    name: 'Group',
    endpoint: '/Groups',
    description: "A department of the business: its members' department is the group's displayName",
    schema: GROUP_SCHEMA,
    schemaExtensions: [],
    meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/Group` },
  };
  return [user, group];
}

export function resourceTypes(baseUrl: string) {
  const list = resourceTypeList(baseUrl);
  return { schemas: [LIST_SCHEMA], totalResults: list.length, startIndex: 1, itemsPerPage: list.length, Resources: list };
}

/** GET /ResourceTypes/{id} (the name, case-insensitively). */
export function resourceType(baseUrl: string, id: string) {
  const found = resourceTypeList(baseUrl).find((r) => r.id.toLowerCase() === id.toLowerCase());
  if (!found) throw scimNotFound(`No resource type ${id.slice(0, 100)}`);
  return found;
}

type Attr = { name: string; type: string; multiValued?: boolean; required?: boolean; caseExact?: boolean; mutability?: string; returned?: string; uniqueness?: string; description: string; subAttributes?: Attr[] };
const attr = (name: string, description: string, more: Partial<Attr> = {}): Attr => ({
  name,
  type: 'string',
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  description,
  ...more,
});

function schemaList(baseUrl: string) {
  const user = {
    schemas: [SCHEMA_SCHEMA],
    id: USER_SCHEMA,
    name: 'User',
    description: 'An employee (CardCrew keeps the attributes below; other core attributes are accepted and ignored)',
    attributes: [
      attr('userName', 'Unique in the business, case-insensitive; the e-mail when no work e-mail is given', { required: true, uniqueness: 'server' }),
      attr('name', "The employee's name on the card", {
        type: 'complex',
        subAttributes: [attr('formatted', 'The full name'), attr('givenName', 'Given name'), attr('familyName', 'Family name')],
      }),
      attr('displayName', 'Used as the name when name is absent'),
      attr('title', 'Job title'),
      attr('active', 'false deactivates the employee (the card stops); true reactivates', { type: 'boolean' }),
      attr('emails', "The work e-mail is the employee's e-mail", {
        type: 'complex',
        multiValued: true,
        subAttributes: [attr('value', 'Address'), attr('type', 'work'), attr('primary', 'Primary', { type: 'boolean' })],
      }),
      attr('phoneNumbers', 'work → office phone, mobile → mobile phone', {
        type: 'complex',
        multiValued: true,
        subAttributes: [attr('value', 'Number'), attr('type', 'work or mobile')],
      }),
      attr('externalId', "The directory's own id", { caseExact: true }),
    ],
    meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${USER_SCHEMA}` },
  };
  const enterprise = {
    schemas: [SCHEMA_SCHEMA],
    id: ENTERPRISE_SCHEMA,
    name: 'EnterpriseUser',
    description: 'Enterprise User',
    attributes: [
      attr('department', 'Department on the card'),
      attr('employeeNumber', 'Kept'),
      attr('manager', 'Kept', { type: 'complex', subAttributes: [attr('value', "The manager's id"), attr('displayName', "The manager's name")] }),
    ],
    meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${ENTERPRISE_SCHEMA}` },
  };
  const group = {
    schemas: [SCHEMA_SCHEMA],
    id: GROUP_SCHEMA,
    name: 'Group',
    description: 'A department of the business',
    attributes: [
      attr('displayName', "The department name; members get it as their department. Unique in the business, case-insensitive", { required: true, uniqueness: 'server' }),
      attr('members', 'The users in the group (at most 100 member values per request)', {
        type: 'complex',
        multiValued: true,
        subAttributes: [
          attr('value', "The user's id", { mutability: 'immutable', caseExact: true }),
          attr('$ref', "The user's URI", { type: 'reference', mutability: 'immutable', caseExact: true }),
          attr('display', "The user's name", { mutability: 'readOnly' }),
        ],
      }),
      attr('externalId', "The directory's own id", { caseExact: true }),
    ],
    meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${GROUP_SCHEMA}` },
  };
  return [user, enterprise, group];
}

export function schemas(baseUrl: string) {
  const list = schemaList(baseUrl);
  return { schemas: [LIST_SCHEMA], totalResults: list.length, startIndex: 1, itemsPerPage: list.length, Resources: list };
}

/** GET /Schemas/{id}: one schema by its URN (case-insensitively). */
export function schema(baseUrl: string, id: string) {
  const found = schemaList(baseUrl).find((s) => s.id.toLowerCase() === id.toLowerCase());
  if (!found) throw scimNotFound(`No schema ${id.slice(0, 200)}`);
  return found;
}
