// Directory sync (issue 23 §1): the `directory` area's routes. Two tables in one area and one Lambda: the owner's
// SCIM tokens and settings under /api (signed in), and the SCIM 2.0 service under /scim/v2, public to API Gateway
// (no JWT authorizer) because the handler authenticates the SCIM bearer token itself and answers SCIM errors.
// SCIM bodies and queries are read by the SCIM code (functions/src/directory/scim-*.ts), not by these schemas; an
// impossible user id is refused by the house stack, answered as a SCIM error (directory/handler.ts).
import { directorySyncSchema, directorySyncSettingsSchema, scimTokenCreatedSchema, scimTokenCreateSchema } from '../../shared/schemas/directory-sync';
import * as z from '../../shared/zod';
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
/** Discovery ids are schema URNs and resource type names, not CardCrew ids. */
const discoveryId = (name: string) => z.strictObject({ [name]: z.string().check(z.minLength(1), z.maxLength(200)) });
/** Whatever follows /scim/v2/ on no other route (a greedy parameter: API Gateway's `{proxy+}`). */
const rest = z.strictObject({ proxy: z.string().check(z.minLength(1), z.maxLength(2000)) });
const unknownPath = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE') =>
  ({ method, path: '/scim/v2/{proxy+}', auth: 'public', throttle: 'public', summary: 'SCIM: any other path or method under /scim/v2 — a SCIM error (404, or 405 for a known path)', params: rest }) as const;

export const scimRoutes = defineRoutes('directory', {
  scimServiceProviderConfig: scim('GET', '/ServiceProviderConfig', 'SCIM: what this service supports (RFC 7644 §5)'),
  scimResourceTypes: scim('GET', '/ResourceTypes', 'SCIM: the User and Group resource types'),
  scimResourceType: { ...scim('GET', '/ResourceTypes/{resourceTypeId}', 'SCIM: one resource type (User or Group)'), params: discoveryId('resourceTypeId') },
  scimSchemas: scim('GET', '/Schemas', 'SCIM: the User, enterprise extension and Group schemas'),
  scimSchema: { ...scim('GET', '/Schemas/{schemaId}', 'SCIM: one schema, by its URN'), params: discoveryId('schemaId') },
  scimListGroups: scim('GET', '/Groups', 'SCIM: the business’s groups (departments), filtered (displayName eq …) and paged'),
  scimCreateGroup: scim('POST', '/Groups', 'SCIM: create a group (its members get it as department; 409 uniqueness for a taken displayName)'),
  scimGetGroup: scim('GET', '/Groups/{groupId}', 'SCIM: one group with its members', true),
  scimReplaceGroup: scim('PUT', '/Groups/{groupId}', 'SCIM: replace a group’s name and members', true),
  scimPatchGroup: scim('PATCH', '/Groups/{groupId}', 'SCIM: PATCH a group (displayName; members add/remove/replace, Okta’s and Entra ID’s forms)', true),
  scimDeleteGroup: scim('DELETE', '/Groups/{groupId}', 'SCIM: delete a group (its members’ department is cleared)', true),
  scimListUsers: scim('GET', '/Users', 'SCIM: the business’s users, filtered (userName, externalId, emails…; and/or) and paged (startIndex, count)'),
  scimCreateUser: scim('POST', '/Users', 'SCIM: provision an employee (201 with Location; 409 uniqueness for a taken userName)'),
  scimGetUser: scim('GET', '/Users/{userId}', 'SCIM: one user (404 for another business’s)', true),
  scimReplaceUser: scim('PUT', '/Users/{userId}', 'SCIM: replace a user', true),
  scimPatchUser: scim('PATCH', '/Users/{userId}', 'SCIM: PATCH a user (add/replace/remove, value filters, Entra ID’s forms)', true),
  scimDeleteUser: scim('DELETE', '/Users/{userId}', 'SCIM: deactivate then delete the employee (204)', true),
  // Last: the local runtime matches in table order; API Gateway prefers any route above to a greedy one.
  scimUnknownGet: unknownPath('GET'),
  scimUnknownPost: unknownPath('POST'),
  scimUnknownPut: unknownPath('PUT'),
  scimUnknownPatch: unknownPath('PATCH'),
  scimUnknownDelete: unknownPath('DELETE'),
});
