// Directory sync (issue 23 §1): the `directory` area's routes. Two tables in one area and one Lambda: the owner's
// SCIM tokens and settings under /api (signed in), and the SCIM 2.0 service under /scim/v2, public to API Gateway
// (no JWT authorizer) because the handler authenticates the SCIM bearer token itself and answers SCIM errors.
// SCIM bodies and queries are read by the SCIM code (functions/src/directory/scim-*.ts), not by these schemas; an
// impossible user id is refused by the house stack, answered as a SCIM error (directory/handler.ts).
import { directorySyncSchema, directorySyncSettingsSchema, scimTokenCreatedSchema, scimTokenCreateSchema } from '../../shared/schemas/directory-sync';
import { defineRoutes } from './define';

export const directoryRoutes = defineRoutes('directory', {
  getDirectorySync: {
    method: 'GET',
    path: '/api/businesses/{businessId}/directory-sync',
    auth: 'user',
    throttle: 'standard',
    summary: "Directory sync: the business's SCIM tokens (name, created, last used; never the token) and settings",
    response: directorySyncSchema,
    scoped: true,
  },
  updateDirectorySyncSettings: {
    method: 'PUT',
    path: '/api/businesses/{businessId}/directory-sync',
    auth: 'user',
    throttle: 'standard',
    summary: 'Directory sync settings: whether provisioned employees also get the invitation mail',
    body: directorySyncSettingsSchema,
    response: directorySyncSchema,
    scoped: true,
  },
  createScimToken: {
    method: 'POST',
    path: '/api/businesses/{businessId}/scim-tokens',
    auth: 'user',
    throttle: 'strict',
    summary: 'Create a SCIM token (shown once in this answer; at most five per business, 409 beyond)',
    body: scimTokenCreateSchema,
    response: scimTokenCreatedSchema,
    creates: true,
    scoped: true,
  },
  revokeScimToken: {
    method: 'DELETE',
    path: '/api/businesses/{businessId}/scim-tokens/{tokenId}',
    auth: 'user',
    throttle: 'standard',
    summary: 'Revoke a SCIM token: refused from the next request on',
    scoped: true,
  },
});

const scim = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, summary: string, withId = false) =>
  ({ method, path: `/scim/v2${path}`, auth: 'public', throttle: 'public', summary, ...(withId ? { scoped: true } : {}) }) as const;

export const scimRoutes = defineRoutes('directory', {
  scimServiceProviderConfig: scim('GET', '/ServiceProviderConfig', 'SCIM: what this service supports (RFC 7644 §4)'),
  scimResourceTypes: scim('GET', '/ResourceTypes', 'SCIM: the User resource type'),
  scimSchemas: scim('GET', '/Schemas', 'SCIM: the User and enterprise extension schemas'),
  scimListGroups: scim('GET', '/Groups', 'SCIM: groups are not provisioned; an empty list, so Okta’s import and connection checks pass'),
  scimListUsers: scim('GET', '/Users', 'SCIM: the business’s users, filtered (userName, externalId, emails…; and/or) and paged (startIndex, count)'),
  scimCreateUser: scim('POST', '/Users', 'SCIM: provision an employee (201 with Location; 409 uniqueness for a taken userName)'),
  scimGetUser: scim('GET', '/Users/{userId}', 'SCIM: one user (404 for another business’s)', true),
  scimReplaceUser: scim('PUT', '/Users/{userId}', 'SCIM: replace a user', true),
  scimPatchUser: scim('PATCH', '/Users/{userId}', 'SCIM: PATCH a user (add/replace/remove, value filters, Entra ID’s forms)', true),
  scimDeleteUser: scim('DELETE', '/Users/{userId}', 'SCIM: deactivate then delete the employee (204)', true),
});

