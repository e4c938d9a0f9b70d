// Hostile input (DESIGN §11): every route gets a VALID request with exactly one hostile part — a field of the wrong
// type, oversize, with NUL, control or bidi characters, CR/LF in a single-line field, a lone surrogate, a
// __proto__/constructor/duplicate key, or an impossible path id — so a refusal can only come from that part. Each
// must get a 4xx (400 where the shape alone is wrong), never a 5xx, and leave the whole table unchanged; the same
// request without the hostile part then succeeds, which proves the refusals were for the right reason.
import { beforeAll, describe, expect, it } from 'vitest';
import { routes, type OperationId, type RouteDef } from '../../functions/routes';
import { createWorld, pathValues, type World } from '../support/principals';
import { pathOf, sampleBodies, sampleHeaders, sampleQueries } from '../support/route-samples';
import { api, createUser, freshClientAddress, runtime, tables, uniqueDomain, type TestUser } from '../support/runtime';
import { tableFingerprint } from '../support/table-fingerprint';

/** Fields whose text may span lines (descriptions, messages, notes); every other text field is single-line. */
const multiLineFields = new Set(['description', 'message', 'notes', 'metadataXml']);

/** Choice fields, with values that are not among their choices (role escalation, case and padding tricks). */
const enumFields: Record<string, unknown[]> = {
  pendingAccountType: ['admin', 'employee', 'BUSINESS', 'Business', ' business', 'agency ', 'business\u0000', 'agency\u202E', '', null, 0, ['business']],
  role: ['Admin', 'billing contact', 'Owner', 'OWNER', 'owner ', 'superuser', '', null, 1, ['owner']],
  // Refused both as an employee status (draft/active/inactive) and as an invoice status an admin sets (paid/overdue/void).
  status: ['Active', 'ACTIVE', 'deleted', 'cancelled', 'pending', 'active\u0000', '', null, true],
};

interface Payload {
  label: string;
  /** The raw JSON body (raw text so `__proto__` and duplicate keys survive), or undefined for none. */
  body?: string;
  /** Path parameter values. */
  ids: Record<string, string>;
  /** Extra query string. */
  query?: string;
  /** Exactly 400 when the shape alone is wrong; otherwise any 4xx (a well-formed id that names nothing). */
  status: 400 | '4xx';
}

/** Values no id can be: the route's params schema must refuse each with 400 before any service runs. */
const impossibleIds = [
  ' ',
  'x'.repeat(5000),
  'x'.repeat(65),
  'short',
  '../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2f',
  '..\\..\\windows',
  'abc%00defghijkl',
  'abcdefghij\u0000',
  'abcdefghij\r\nSet-Cookie: x=1',
  '<script>alert(1)</script>',
  "' OR '1'='1' --",
  '{{7*7}}abcdefgh',
  '${jndi:ldap://x/a}',
  '\u202Eabcdefghijk',
  'äöüäöüäöüäöü',
  '💳💳💳💳💳💳💳💳💳💳',
  '__proto__',
  'a b c d e f g h',
  'abcdefghij.json',
  'abcdefghij;rm -rf',
  'abcdefghij?x=1',
  '%E0%A4%A',
  '%',
  '%ZZ',
  '%C0%AF%C0%AF',
];

/**
 * Ids with characters no id has, which some layer may refuse as a path rather than a parameter (a trailing slash
 * matches no route): any 4xx, and nothing written.
 */
const oddIds = [
  'x'.repeat(9),
  'x'.repeat(2049),
  '\t',
  ' abcdefghij',
  'abcdefghij ',
  '+abcdefghij',
  'abc def ghij',
  'abcdefghij\u200b',
  'ａｂｃｄｅｆｇｈｉｊ',
  'abcdefghij\u0301',
  '%2F',
  '.abcdefghij',
  'abcdefghij/',
  'abcdefghij,x',
  "abcdefghij'",
  'abcdefghij"',
  'abcdefghij`',
  'abcdefghij*',
  'ABCDEFGHIJ!',
  'null\u0000byte\u0000id',
];

/** Ids that are well-formed but name nothing the caller may touch (or, empty, match no route): a 4xx, nothing written. */
const wellFormedStrangers = ['', 'constructor', 'prototype_', 'AAAAAAAAAAAAAAAAAAAAAA', '----------', '__________'];

/** One hostile value per class for a text field whose valid value is `valid`. */
function hostileValues(field: string, valid: string, required: boolean): [string, unknown][] {
  const values: [string, unknown][] = [
    ['a number', 12345],
    ['a boolean', true],
    ['an array', [valid]],
    ['an object', { value: valid }],
    ['5,000 characters', 'x'.repeat(5000)],
    ['NUL', `${valid}\u0000`],
    ['NUL in the middle', `${valid.slice(0, 1)}\u0000${valid.slice(1)}`],
    ['BEL', `${valid}\u0007`],
    ['an ANSI escape', `\u001b[31m${valid}`],
    ['DEL', `${valid}\u007f`],
    ['a C1 control (NEL)', `${valid}\u0085`],
    ['U+202E right-to-left override', `\u202E${valid}`],
    ['U+2066 left-to-right isolate', `${valid}\u2066`],
    ['U+202D left-to-right override', `${valid}\u202D`],
    ['a lone surrogate', `${valid}\ud800`],
  ];
  if (field.toLowerCase().endsWith('email')) {
    values.push(
      ['no domain', 'a@'],
      ['no local part', '@b.co'],
      ['a space', 'a b@c.co'],
      ['two addresses', 'a@b.co, c@d.co'],
      ['angle brackets', '<a@b.co>'],
      ['two dots in the domain', 'a@b..co'],
      ['a zero-width space', 'a\u200B@b.co'],
    );
  }
  if (valid.startsWith('cs_')) {
    values.push(
      ['a space', `${valid} x`],
      ['a slash', `${valid}/x`],
      ['a dot', `${valid}.x`],
      ['a quote', `${valid}'`],
      ['percent-encoding', `${valid}%41`],
      ['a payment intent id instead', valid.replace(/^cs_/, 'pi_')],
      ['only the prefix', 'cs_'],
    );
  }
  if (!multiLineFields.has(field)) values.push(['CR/LF', `${valid}\r\nInjected: header`], ['LF', `${valid}\nsecond line`], ['CR', `${valid}\rsecond`]);
  if (required) values.push(['null', null], ['empty', ''], ['only spaces', '   ']);
  return values.map(([label, value]) => [`${field}: ${label}`, value]);
}

function payloadsOf(route: RouteDef, ids: Record<string, string>): Payload[] {
  const sample = sampleBodies[route.operationId as OperationId]();
  const payloads: Payload[] = [];
  if (sample && typeof sample === 'object' && route.body) {
    // An object schema, or a pipe whose input is one (a body the schema reshapes, such as the plan edit's price).
    type Shape = Record<string, { safeParse(v: unknown): { success: boolean } }>;
    const body = route.body as unknown as { shape?: Shape; def: { in?: { shape: Shape } } };
    const shape = (body.shape ?? body.def.in?.shape)!;
    for (const [field, valid] of Object.entries(sample)) {
      // A list of text (PassKit's log lines): each hostile value as its first entry.
      if (Array.isArray(valid) && typeof valid[0] === 'string') {
        for (const [label, value] of hostileValues(`${field}[0]`, valid[0], true)) {
          payloads.push({ label, body: JSON.stringify({ ...sample, [field]: [value, ...valid.slice(1)] }), ids, status: 400 });
        }
        const lists: [string, unknown][] = [
          ['text instead of a list', valid[0]],
          ['null', null],
          ['an object', { 0: valid[0] }],
          ['a list of numbers', [1, 2]],
          ['a nested list', [[valid[0]]]],
          ['a list of objects', [{ line: valid[0] }]],
          ['10,000 entries', Array.from({ length: 10_000 }, () => 'x')],
          ['a null entry', [null]],
        ];
        for (const [label, value] of lists) payloads.push({ label: `${field}: ${label}`, body: JSON.stringify({ ...sample, [field]: value }), ids, status: 400 });
        continue;
      }
      if (typeof valid !== 'string') continue;
      const required = !shape[field]!.safeParse(undefined).success;
      // A field that may be null (a choice cleared on purpose) takes null: that is not hostile there.
      const nullable = shape[field]!.safeParse(null).success;
      for (const [label, value] of hostileValues(field, valid, required)) {
        if (value === null && nullable) continue;
        payloads.push({ label, body: JSON.stringify({ ...sample, [field]: value }), ids, status: 400 });
      }
    }
    const validJson = JSON.stringify(sample).slice(1, -1);
    const [firstKey, firstValue] = Object.entries(sample)[0]!;
    payloads.push(
      { label: '__proto__ key', body: `{${validJson},"__proto__":{"isAdmin":true}}`, ids, status: 400 },
      { label: 'constructor key', body: `{${validJson},"constructor":{"prototype":{"isAdmin":true}}}`, ids, status: 400 },
      { label: 'an unknown field', body: `{${validJson},"isAdmin":true}`, ids, status: 400 },
      { label: 'a duplicate key', body: `{${validJson},${JSON.stringify(firstKey)}:${JSON.stringify(firstValue)}}`, ids, status: 400 },
      { label: 'a duplicate key spelled with an escape', body: `{${validJson},"\\u${firstKey.charCodeAt(0).toString(16).padStart(4, '0')}${firstKey.slice(1)}":${JSON.stringify(firstValue)}}`, ids, status: 400 },
      { label: 'malformed JSON', body: `{${validJson}`, ids, status: 400 },
      { label: 'a JSON array', body: `[${JSON.stringify(sample)}]`, ids, status: 400 },
      { label: 'a JSON string', body: JSON.stringify(JSON.stringify(sample)), ids, status: 400 },
      { label: 'trailing garbage', body: `{${validJson}} x`, ids, status: 400 },
      { label: 'a trailing comma', body: `{${validJson},}`, ids, status: 400 },
      { label: 'a comment', body: `/* x */{${validJson}}`, ids, status: 400 },
      { label: 'single quotes', body: `{${validJson.replace(/"/g, "'")}}`, ids, status: 400 },
      { label: 'a NaN literal', body: `{${validJson},"n":NaN}`, ids, status: 400 },
      { label: 'a number beyond float range', body: `{${validJson},"n":1e400}`, ids, status: 400 },
      { label: 'a 10,000-deep nesting', body: `{${validJson},"deep":${'['.repeat(10_000)}${']'.repeat(10_000)}}`, ids, status: 400 },
      { label: 'an empty key', body: `{${validJson},"":1}`, ids, status: 400 },
      { label: 'a toString key', body: `{${validJson},"toString":"x"}`, ids, status: 400 },
      { label: 'a hasOwnProperty key', body: `{${validJson},"hasOwnProperty":"x"}`, ids, status: 400 },
      { label: 'a key with NUL', body: `{${validJson},${JSON.stringify(`${firstKey}\u0000`)}:1}`, ids, status: 400 },
      { label: 'a key differing only in case', body: `{${validJson},${JSON.stringify(firstKey.toUpperCase())}:${JSON.stringify(firstValue)}}`, ids, status: 400 },
      { label: 'a NUL byte after the JSON', body: `{${validJson}}\u0000`, ids, status: 400 },
      { label: 'null', body: 'null', ids, status: 400 },
    );
    for (const [field, forbidden] of Object.entries(enumFields)) {
      if (!(field in sample)) continue;
      for (const value of forbidden) payloads.push({ label: `${field} = ${JSON.stringify(value)}`, body: JSON.stringify({ ...sample, [field]: value }), ids, status: 400 });
    }
  }
  const body = sample === undefined || typeof sample === 'string' ? sample : JSON.stringify(sample);
  for (const name of Object.keys(route.params.shape)) {
    // A domain parameter (issue 39's claims): an "impossible id" that is a well-formed domain name names nothing (404).
    const impossible = (id: string) => !(name === 'domain' && /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(id));
    for (const id of impossibleIds) payloads.push({ label: `${name} = ${JSON.stringify(id.slice(0, 40))}`, body, ids: { ...ids, [name]: id }, status: impossible(id) ? 400 : '4xx' });
    for (const id of oddIds) payloads.push({ label: `${name} = ${JSON.stringify(id.slice(0, 40))} (odd)`, body, ids: { ...ids, [name]: id }, status: '4xx' });
    for (const id of wellFormedStrangers) payloads.push({ label: `${name} = ${id} (names nothing)`, body, ids: { ...ids, [name]: id }, status: '4xx' });
  }
  for (const name of Object.keys(route.query?.shape ?? {})) {
    // Free-text query fields (a search) take any text: only oversize text and control characters are hostile there.
    const values = freeTextQueryFields.includes(name)
      ? ['x'.repeat(5000), 'x'.repeat(101), '\u0000', 'a\u0007b', 'a\u202Eb', 'a\u2066b', 'a\u001Bb', 'a\nb', 'a\tb', 'a\u0085b']
      : ['x'.repeat(5000), '%00', 'not-a-cursor', '{"pk":"$cardcrew#businessid_x"}', '"; DROP TABLE', '-30', '30.5', 'ALL', 'true', '[]', '0x1e', 'PAID', 'null', 'undefined', '1e309', '{}', '%', '..', '\\', 'pending '];
    for (const value of values) {
      // An id left out of an answer (the pickers' `exclude`) may name nothing: a well-formed one is not hostile there.
      if (harmlessIdQueryFields.includes(name) && /^[A-Za-z0-9_-]{10,64}$/.test(value)) continue;
      // An id that is well formed but names nothing (an employee filter) is a 404, not a 400.
      const status = idQueryFields.includes(name) && /^[A-Za-z0-9_-]{10,64}$/.test(value) ? '4xx' : 400;
      payloads.push({ label: `${name} = ${JSON.stringify(value.slice(0, 30))}`, body, ids, query: `${name}=${encodeURIComponent(value)}`, status });
    }
  }
  return payloads;
}

/** Hostile requests of one route in flight at once. */
const IN_FLIGHT = 6;

const freeTextQueryFields = ['q', 'country', 'industry', 'person'];
const idQueryFields = ['employeeId'];
const harmlessIdQueryFields = ['exclude'];

/** A path from a template where ids are used verbatim (already percent-encoded where a test means it). */
function rawPath(template: string, ids: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const id = ids[name]!;
    // Encode what fetch would otherwise normalise or reject (spaces, '?', '#', '\\', controls) but keep '%' sequences.
    return id.replace(/[^A-Za-z0-9\-._~%!$&'()*+,;=:@]/gu, (c) => encodeURIComponent(c));
  });
}

/**
 * Where the valid request does not answer 200/201 locally: the Apple Wallet download needs a signed link and the
 * PassKit calls an ApplePass token the samples cannot carry (tests/integration/apple-wallet*.test.ts make real ones);
 * the world's device has no passes (204); the world's employee is active, so reactivating them is a 409; the world's
 * custom domains are pending DNS, so no QR codes move to them (409).
 */
const validStatus: Partial<Record<OperationId, number>> = { getInvoicePdf: 302, relaySignIn: 302, deleteEmployee: 204, removeAdmin: 204, deleteInvoice: 204, deleteContact: 204, revokeScimToken: 204, deleteDepartment: 204, reactivateEmployee: 409, submitCardContact: 200, downloadApplePass: 400, registerPassDevice: 401, unregisterPassDevice: 401, getLatestPass: 401, listUpdatedPasses: 204, checkSsoDomain: 422, removeSsoDomain: 204, disconnectSsoProvider: 204, recordSsoTestSignIn: 409, releaseSsoDomainClaim: 204, deleteWebhookEndpoint: 204, discoverSso: 404, moveQrCodesToDomain: 409 };

let world: World;
let freshUser: TestUser;

let scimTokenId: string;
/** An empty department of A: the department delete's valid request deletes it. */
let emptyDepartmentId: string;
/** Single sign-on (issue 24): domains of business A claimed for the valid check and the valid removal. */
let ssoDomainIds: { check: string; remove: string };
/** A domain business A claimed, for the admins' valid release (issue 39). */
let releasedSsoDomain: string;
/** Webhooks: an endpoint of business A for the valid delete, another with a delivery for the other routes. */
let webhookIds: { deleted: string; endpointId: string; deliveryId: string };

beforeAll(async () => {
  world = await createWorld();
  freshUser = await createUser();
  // A SCIM token of business A for the valid revoke (issue 23 §1).
  scimTokenId = (await api('POST', `/api/businesses/${world.ids.businessId}/scim-tokens`, { user: world.users.ownerOfA, body: { name: 'Hostile input' } })).body.token.id;
  const departments = await api('POST', `/api/businesses/${world.ids.businessId}/departments`, { user: world.users.ownerOfA, body: { name: 'Hostile Empty' } });
  emptyDepartmentId = (departments.body.departments as { departmentId: string; name: string }[]).find((d) => d.name === 'Hostile Empty')!.departmentId;
  const claim = async () => (await api('POST', `/api/businesses/${world.ids.businessId}/sso/domains`, { user: world.users.ownerOfA, body: { domain: uniqueDomain('sso') } })).body.id as string;
  ssoDomainIds = { check: await claim(), remove: await claim() };
  releasedSsoDomain = uniqueDomain('sso');
  await api('POST', `/api/businesses/${world.ids.businessId}/sso/domains`, { user: world.users.ownerOfA, body: { domain: releasedSsoDomain } });
  // On the local receiver, which answers 204: a delivery is made once, at once (no retry changes the table later).
  const url = `http://127.0.0.1:${runtime.settings.webhookReceiverPort}/hooks/hostile`;
  const addEndpoint = async () => (await api('POST', `/api/businesses/${world.ids.businessId}/webhooks`, { user: world.users.ownerOfA, body: { url, events: ['invoice.paid'] } })).body.endpoint.id as string;
  const [deleted, endpointId] = [await addEndpoint(), await addEndpoint()];
  const deliveryId = (await api('POST', `/api/businesses/${world.ids.businessId}/webhooks/${endpointId}/test`, { user: world.users.ownerOfA })).body.id as string;
  webhookIds = { deleted, endpointId, deliveryId };
  await webhookDeliveriesSettled();
});

/** Until no delivery of the test's webhook endpoints is pending (a few seconds at most). */
async function webhookDeliveriesSettled() {
  const db = await tables();
  for (let tries = 0; tries < 80; tries += 1) {
    const listed = await Promise.all([webhookIds.deleted, webhookIds.endpointId].map((endpointId) => db.webhookDelivery.query.byEndpoint({ endpointId }).go()));
    if (!listed.some(({ data }) => data.some((d) => d.status === 'pending'))) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Who sends each route's requests: someone the valid request is allowed for. */
function callerOf(route: RouteDef): TestUser | null {
  if (route.auth === 'public') return null;
  if (route.auth === 'admin') return world.users.admin;
  if (route.operationId === 'createBusiness') return freshUser;
  if (route.path.startsWith('/api/me/')) return world.users.employeeOfA;
  if (route.operationId === 'acceptInvitation') return world.invitation.invitee;
  if (route.area === 'agency' || route.area === 'agencyBilling' || route.area === 'customDomains' || route.area === 'sendingDomains' || route.area === 'stripeConnect') return world.users.agencyManagingA;
  return world.users.ownerOfA;
}

/** The ids a route's valid request names: routes that consume their target get one of their own. */
function idsOf(route: RouteDef): Record<string, string> {
  if (route.operationId === 'deleteEmployee') return { ...world.ids, employeeId: world.targets.inactiveEmployeeId };
  if (route.operationId === 'createCard') return { ...world.ids, employeeId: world.targets.cardlessEmployeeId };
  if (route.operationId === 'deleteDepartment') return { ...pathValues(world, route.operationId), departmentId: emptyDepartmentId };
  if (route.operationId === 'revokeScimToken') return { ...pathValues(world, route.operationId), tokenId: scimTokenId };
  if (route.operationId === 'checkSsoDomain') return { ...pathValues(world, route.operationId), domainId: ssoDomainIds.check };
  if (route.operationId === 'removeSsoDomain') return { ...pathValues(world, route.operationId), domainId: ssoDomainIds.remove };
  if (route.operationId === 'releaseSsoDomainClaim') return { ...pathValues(world, route.operationId), domain: releasedSsoDomain };
  if (route.operationId === 'deleteWebhookEndpoint') return { ...pathValues(world, route.operationId), endpointId: webhookIds.deleted };
  if (route.area === 'webhooks') return { ...pathValues(world, route.operationId), endpointId: webhookIds.endpointId, deliveryId: webhookIds.deliveryId };
  // deleteEmployee has deleted the inactive target: the leaver flow's valid request makes the cardless one leave.
  if (route.operationId === 'deactivateEmployee') return { ...world.ids, employeeId: world.targets.cardlessEmployeeId };
  return pathValues(world, route.operationId);
}

describe('hostile input', () => {
  // Routes that take no body, path parameter or query have nothing a caller could make hostile.
  // The SCIM service (issue 23 §1) takes SCIM tokens, not the users here; tests/integration/scim.test.ts sends it its
  // hostile input.
  for (const route of routes.filter((r) => (r.body || Object.keys(r.params.shape).length || r.query) && !r.path.startsWith('/scim/'))) {
    it(`${route.method} ${route.path}: every hostile part is refused with a 4xx and changes nothing; the valid request then succeeds`, async () => {
      const payloads = payloadsOf(route, idsOf(route));
      // A body or path parameter brings 50 hostile parts and more; a query alone at least 10 per field (free text).
      const fewest = route.body || Object.keys(route.params.shape).length ? 50 : 10 * Object.keys(route.query?.shape ?? {}).length;
      expect(payloads.length, 'payloads for this route').toBeGreaterThanOrEqual(fewest);
      // The worker makes the deliveries the webhooks routes queue: wait until it has, so its write is no change of theirs.
      if (route.area === 'webhooks') await webhookDeliveriesSettled();
      const before = await tableFingerprint();
      const wrong: string[] = [];
      // Every payload must be refused, so none may change anything another could see: they are sent a few at a time.
      const queue = [...payloads];
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          for (let p = queue.shift(); p; p = queue.shift()) {
            const path = rawPath(route.path, p.ids) + (p.query ? `?${p.query}` : '');
            const res = await api(route.method, path, { user: callerOf(route), body: p.body, from: freshClientAddress() });
            const ok = p.status === 400 ? res.status === 400 : res.status >= 400 && res.status < 500;
            if (!ok) wrong.push(`${p.label}: ${res.status} ${res.text.slice(0, 100)}`);
          }
        }),
      );
      expect(wrong.join('\n'), 'requests not refused as expected').toBe('');
      expect(await tableFingerprint(), 'a refused request changed the table').toEqual(before);

      const query = sampleQueries[route.operationId as OperationId]?.();
      const valid = await api(route.method, pathOf(route.path, idsOf(route)) + (query ? `?${query}` : ''), {
        user: callerOf(route),
        body: sampleBodies[route.operationId as OperationId](),
        headers: sampleHeaders(route.operationId as OperationId),
        from: freshClientAddress(),
      });
      expect(valid.status, valid.text.slice(0, 200)).toBe(validStatus[route.operationId as OperationId] ?? (route.creates ? 201 : route.accepts ? 202 : 200));
    });
  }
});
