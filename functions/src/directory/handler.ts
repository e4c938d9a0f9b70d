// The `directory` area Lambda (issue 23 §1): the owner's SCIM tokens and settings (house JSON API) and the SCIM 2.0
// service (application/scim+json, SCIM errors, bearer SCIM tokens checked here: the routes have no JWT authorizer).
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { directorySyncMessages } from '../../../shared/messages/directory-sync';
import { directoryRoutes, scimRoutes } from '../../routes/directory';
import { siteConfig } from '../config';
import type { Caller } from '../identity/caller';
import type { MembershipRecord } from '../identity/repository';
import { AppError } from '../lib/errors';
import { raw, type Raw } from '../http/http';
import { httpHandler } from '../http/http-handler';
import { createHttpHandler } from '../http/http';
import { parseJsonStrict } from '../lib/strict-json';
import { currentRequest, withRequestContext } from '../http/request-context';
import { enforceRateLimit } from '../rate-limit/enforce-rate-limit';
import { getScimTokenByHash, touchScimToken, type ScimTokenRecord } from './repository';
import { SCIM_CONTENT_TYPE, ScimError, scimErrorBody, invalidSyntax } from './scim-errors';
import { resourceType, resourceTypes, schema, schemas, serviceProviderConfig } from './scim-discovery';
import { readAttributeSelection, selectAttributes } from './scim-attributes';
import { createGroup, deleteGroup, getGroup, listGroups, patchGroup, replaceGroup } from './scim-groups';
import { createScimToken, getDirectorySync, hashScimSecret, revokeScimToken, saveDirectorySettings } from './scim-tokens';
import { createUser, deleteUser, getUser, listUsers, MAX_PAGE_SIZE, patchUser, replaceUser, type ScimContext } from './scim-users';

/** SCIM bodies above this are refused (413, a SCIM error) before parsing; a User is a few kilobytes. */
export const MAX_SCIM_BODY_BYTES = 64 * 1024;
/** Deeper JSON than this is no SCIM document (a User nests four levels). */
const MAX_DEPTH = 12;
/** Requests per token and minute (an initial Okta or Entra import stays well below). */
export const SCIM_RATE_LIMIT = { action: 'scim', limit: 600, windowSeconds: 60 };

const scimHeaders = { 'content-type': `${SCIM_CONTENT_TYPE}; charset=utf-8`, 'cache-control': 'no-store' };
const scimJson = (body: unknown, status = 200, headers: Record<string, string> = {}): Raw => raw({ status, headers: { ...scimHeaders, ...headers }, body: JSON.stringify(body) });
const scimErrorRaw = (error: ScimError) => ({ status: error.status, headers: scimHeaders, body: JSON.stringify(scimErrorBody(error)) });

const header = (event: APIGatewayProxyEventV2, name: string) => event.headers?.[name] ?? event.headers?.[name[0]!.toUpperCase() + name.slice(1)];
const baseUrl = () => `${siteConfig().PUBLIC_ORIGIN.replace(/\/$/, '')}/scim/v2`;

function depthOf(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i += 1;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') max = Math.max(max, (depth += 1));
    else if (c === '}' || c === ']') depth -= 1;
  }
  return max;
}

/** The request's SCIM document: application/scim+json or application/json, at most 64 KB, no duplicate keys, shallow. */
function scimBody(event: APIGatewayProxyEventV2): unknown {
  const text = event.body ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body) : '';
  if (Buffer.byteLength(text, 'utf8') > MAX_SCIM_BODY_BYTES) throw new ScimError(413, `The request body is larger than ${MAX_SCIM_BODY_BYTES / 1024} KB`);
  const contentType = header(event, 'content-type') ?? '';
  if (!/^application\/(scim\+)?json\b/i.test(contentType)) throw new ScimError(415, 'The request body must be application/scim+json');
  if (!text.trim()) throw invalidSyntax('The request body is empty');
  if (depthOf(text) > MAX_DEPTH) throw invalidSyntax('The request body is nested too deeply');
  try {
    return parseJsonStrict(text);
  } catch (error) {
    throw invalidSyntax(`The request body is not valid JSON: ${(error as Error).message}`);
  }
}

/** The SCIM token as a caller with an owner membership of its business, so the owner's services accept it. */
function tokenCaller(token: ScimTokenRecord): Caller {
  const userId = `scim-token:${token.tokenId}`;
  const membership = { userId, scopeType: 'business', scopeId: token.businessId, role: 'owner', createdAt: token.createdAt } as MembershipRecord;
  return { userId, username: userId, email: '', emailVerified: false, isAdmin: false, groups: [], signedInAt: null, profile: null, memberships: [membership] };
}

/** Bearer token → its business; 401 otherwise. Rate-limited per token; last use recorded at most once a minute. */
async function authenticate(event: APIGatewayProxyEventV2): Promise<ScimContext & { token: ScimTokenRecord }> {
  const secret = /^Bearer\s+(\S{20,200})\s*$/i.exec(header(event, 'authorization') ?? '')?.[1];
  const token = secret ? await getScimTokenByHash(hashScimSecret(secret)) : null;
  if (!token) throw new ScimError(401, directorySyncMessages.scimUnauthorized);
  try {
    await enforceRateLimit(SCIM_RATE_LIMIT, token.tokenId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'RATE_LIMITED') throw new ScimError(429, directorySyncMessages.scimRateLimited);
    throw error;
  }
  const now = new Date();
  if (!token.lastUsedAt || now.getTime() - Date.parse(token.lastUsedAt) > 60_000) await touchScimToken(token.tokenHash, now.toISOString());
  return { businessId: token.businessId, caller: tokenCaller(token), baseUrl: baseUrl(), token };
}

/** Runs a SCIM operation: authenticated, SCIM errors as SCIM answers (a house 4xx too; a 5xx stays the house 500). */
async function scimCall(event: APIGatewayProxyEventV2, run: (ctx: ScimContext) => Promise<Raw>): Promise<Raw> {
  try {
    const { token, ...ctx } = await authenticate(event);
    // The audit log (issue 23 §3) names the token as who made the directory's changes.
    const request = currentRequest();
    const context = { requestId: request?.requestId ?? '', viewerIp: request?.viewerIp ?? null, caller: ctx.caller, actor: { type: 'scim' as const, id: token.tokenId, label: token.name } };
    return await withRequestContext(context, () => run(ctx));
  } catch (error) {
    if (error instanceof ScimError) return raw(scimErrorRaw(error));
    if (error instanceof AppError && error.status < 500) return raw(scimErrorRaw(new ScimError(error.status, error.message)));
    throw error;
  }
}

const query = (event: APIGatewayProxyEventV2) => event.queryStringParameters ?? {};
/** The {groupId} of a /Groups/{groupId} route (validated as an id by the house stack). */
const groupIdOf = (params: object) => (params as { groupId: string }).groupId;
/** Members are read (a Query and a BatchGetItem per group) only when the answer includes them. */
const wantsMembers = (s: ReturnType<typeof readAttributeSelection>) =>
  !(s.excluded ?? []).some((p) => p.top.toLowerCase() === 'members' && !p.sub) && (!s.attributes || s.attributes.some((p) => p.top.toLowerCase() === 'members'));

/** SCIM paths and their methods, to tell a wrong method (405, with Allow) from an unknown path (404). */
const knownPaths = Object.values(scimRoutes)
  .filter((r) => !r.path.includes('{proxy+}'))
  .map((r) => ({ method: r.method, pattern: new RegExp(`^${r.path.replace(/\{\w+\}/g, '[^/]+')}$`, 'i') }));

/** Any other path or method under /scim/v2: a SCIM error before authentication (it names nothing of a business). */
function unknownPath(event: APIGatewayProxyEventV2): Raw {
  const path = event.rawPath ?? '';
  const allowed = [...new Set(knownPaths.filter((p) => p.pattern.test(path)).map((p) => p.method))];
  if (allowed.length > 0) return raw({ ...scimErrorRaw(new ScimError(405, `${event.requestContext?.http?.method ?? 'This method'} is not supported on this endpoint`)), headers: { ...scimHeaders, allow: allowed.join(', ') } });
  return raw(scimErrorRaw(new ScimError(404, 'No SCIM endpoint at this path')));
}
/** The {userId} of a /Users/{userId} route (validated as an id by the house stack). */
const userIdOf = (params: object) => (params as { userId: string }).userId;

const apiHandler = httpHandler(directoryRoutes, {
  getDirectorySync: async ({ caller, params }) => getDirectorySync(caller, params.businessId),
  updateDirectorySyncSettings: async ({ caller, params, body }) => saveDirectorySettings(caller, params.businessId, body),
  createScimToken: async ({ caller, params, body }) => createScimToken(caller, params.businessId, body.name),
  revokeScimToken: async ({ caller, params }) => {
    await revokeScimToken(caller, params.businessId, params.tokenId);
    return raw({ status: 204, headers: { 'cache-control': 'no-store' }, body: '' });
  },
});

const scimHandler = createHttpHandler(
  scimRoutes,
  {
    scimServiceProviderConfig: async ({ event }) => scimCall(event, async (ctx) => scimJson(serviceProviderConfig(ctx.baseUrl, MAX_PAGE_SIZE))),
    scimResourceTypes: async ({ event }) => scimCall(event, async (ctx) => scimJson(resourceTypes(ctx.baseUrl))),
    scimResourceType: async ({ event, params }) => scimCall(event, async (ctx) => scimJson(resourceType(ctx.baseUrl, (params as { resourceTypeId: string }).resourceTypeId))),
    scimSchemas: async ({ event }) => scimCall(event, async (ctx) => scimJson(schemas(ctx.baseUrl))),
    scimSchema: async ({ event, params }) => scimCall(event, async (ctx) => scimJson(schema(ctx.baseUrl, (params as { schemaId: string }).schemaId))),
    scimListGroups: async ({ event }) =>
      scimCall(event, async (ctx) => {
        const selection = readAttributeSelection(query(event));
        const list = await listGroups(ctx, query(event), wantsMembers(selection));
        return scimJson({ ...list, Resources: list.Resources.map((g) => selectAttributes(g, selection)) });
      }),
    scimCreateGroup: async ({ event }) =>
      scimCall(event, async (ctx) => {
        const group = await createGroup(ctx, scimBody(event));
        return scimJson(selectAttributes(group, readAttributeSelection(query(event))), 201, { location: group.meta.location });
      }),
    scimGetGroup: async ({ event, params }) =>
      scimCall(event, async (ctx) => {
        const selection = readAttributeSelection(query(event));
        return scimJson(selectAttributes(await getGroup(ctx, groupIdOf(params), wantsMembers(selection)), selection));
      }),
    scimReplaceGroup: async ({ event, params }) => scimCall(event, async (ctx) => scimJson(selectAttributes(await replaceGroup(ctx, groupIdOf(params), scimBody(event)), readAttributeSelection(query(event))))),
    scimPatchGroup: async ({ event, params }) => scimCall(event, async (ctx) => scimJson(selectAttributes((await patchGroup(ctx, groupIdOf(params), scimBody(event)))!, readAttributeSelection(query(event))))),
    scimDeleteGroup: async ({ event, params }) =>
      scimCall(event, async (ctx) => {
        await deleteGroup(ctx, groupIdOf(params));
        return raw({ status: 204, headers: { 'cache-control': 'no-store' }, body: '' });
      }),
    scimListUsers: async ({ event }) =>
      scimCall(event, async (ctx) => {
        const selection = readAttributeSelection(query(event));
        const list = await listUsers(ctx, query(event));
        return scimJson({ ...list, Resources: list.Resources.map((u) => selectAttributes(u, selection)) });
      }),
    scimCreateUser: async ({ event }) =>
      scimCall(event, async (ctx) => {
        const body = scimBody(event);
        const user = await createUser(ctx, body);
        return scimJson(selectAttributes(user, readAttributeSelection(query(event))), 201, { location: user.meta.location });
      }),
    scimGetUser: async ({ event, params }) => scimCall(event, async (ctx) => scimJson(selectAttributes(await getUser(ctx, userIdOf(params)), readAttributeSelection(query(event))))),
    scimReplaceUser: async ({ event, params }) => scimCall(event, async (ctx) => scimJson(selectAttributes(await replaceUser(ctx, userIdOf(params), scimBody(event)), readAttributeSelection(query(event))))),
    scimPatchUser: async ({ event, params }) => scimCall(event, async (ctx) => scimJson(selectAttributes(await patchUser(ctx, userIdOf(params), scimBody(event)), readAttributeSelection(query(event))))),
    scimDeleteUser: async ({ event, params }) =>
      scimCall(event, async (ctx) => {
        await deleteUser(ctx, userIdOf(params));
        return raw({ status: 204, headers: { 'cache-control': 'no-store' }, body: '' });
      }),
    scimUnknownGet: async ({ event }) => unknownPath(event),
    scimUnknownPost: async ({ event }) => unknownPath(event),
    scimUnknownPut: async ({ event }) => unknownPath(event),
    scimUnknownPatch: async ({ event }) => unknownPath(event),
    scimUnknownDelete: async ({ event }) => unknownPath(event),
  },
  null,
  // What the house stack itself refuses before an operation runs (a forged origin, an unknown route) as SCIM errors.
  { errorPage: (error) => scimErrorRaw(new ScimError(error.status, error.message)) },
);

export const handler = async (event: APIGatewayProxyEventV2, context: Context) => ((event.routeKey ?? '').includes(' /scim/') ? scimHandler(event, context) : apiHandler(event, context));
