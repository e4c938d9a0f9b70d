// SCIM discovery (RFC 7644 §4): static documents saying exactly what this service supports — Users only, PATCH and
// filters yes (at most MAX_PAGE_SIZE results a page), no bulk, sort, ETags or password changes, bearer tokens.
import { ENTERPRISE_SCHEMA, LIST_SCHEMA, USER_SCHEMA } from './scim-user';

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

export function resourceTypes(baseUrl: string) {
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
  return { schemas: [LIST_SCHEMA], totalResults: 1, startIndex: 1, itemsPerPage: 1, Resources: [user] };
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

export function schemas(baseUrl: string) {
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
  return { schemas: [LIST_SCHEMA], totalResults: 2, startIndex: 1, itemsPerPage: 2, Resources: [user, enterprise] };
}
