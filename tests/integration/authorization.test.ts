// Authorization matrix (DESIGN §11): every route of the table × every principal — anonymous, five forged tokens
// (alg none, bad signature, expired, wrong issuer, an access token), owner A, owner B, employee of A, an Admin and a
// Billing contact of A (issue 41: employees of A holding those business roles), the agency that manages A, one that
// does not, and an admin — each with ONE exact expected status. Every refused call leaves the
// whole table unchanged.
import { waitForRun } from '../support/billing-runs';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes, type OperationId } from '../../functions/routes';
import { allPrincipals, createWorld, pathValues, userOf, type Principal, type SignedInPrincipal, type World } from '../support/principals';
import { pathOf, sampleBodies, sampleHeaders } from '../support/route-samples';
import { api, freshClientAddress, tables } from '../support/runtime';
import { messages } from '../../shared/messages';
import { tableFingerprint } from '../support/table-fingerprint';

/** Every principal gets the same status (public routes: API Gateway runs no authorizer, so forged tokens are ignored). */
const everyone = (status: number): Record<Principal, number> => Object.fromEntries(allPrincipals.map((p) => [p, status])) as Record<Principal, number>;

/**
 * Anonymous and forged tokens never get past the authorizer or the service's token check: 401. A row that does not
 * name A's Admin and Billing contact gives them what A's employee gets: they are employees of A with cards, and a
 * business role adds only what identity/access.ts's table grants (the rows that name them say which).
 */
const signedIn = (row: Omit<Record<SignedInPrincipal, number>, 'adminOfA' | 'billingOfA'> & Partial<Record<'adminOfA' | 'billingOfA', number>>): Record<Principal, number> => ({
  anonymous: 401,
  algNone: 401,
  badSignature: 401,
  expired: 401,
  wrongIssuer: 401,
  accessToken: 401,
  adminOfA: row.employeeOfA,
  billingOfA: row.employeeOfA,
  ...row,
});

/** Owner of A, A's Admin, the agency managing A and an admin may manage business A; nobody else (A's Billing contact: 403). */
const managesA = (ok: number) =>
  signedIn({ ownerOfA: ok, ownerOfB: 403, employeeOfA: 403, employeeOfB: 403, adminOfA: ok, billingOfA: 403, agencyManagingA: ok, agencyNotManagingA: 403, admin: ok });

/** The Cognito admin group only. */
const adminOnly = (ok: number) => signedIn({ ownerOfA: 403, ownerOfB: 403, employeeOfA: 403, employeeOfB: 403, agencyManagingA: 403, agencyNotManagingA: 403, admin: ok });

/** Agency accounts only; business owners, employees and admins are not agencies. */
const agencyOnly = (ok: number) =>
  signedIn({ ownerOfA: 403, ownerOfB: 403, employeeOfA: 403, employeeOfB: 403, agencyManagingA: ok, agencyNotManagingA: ok, admin: 403 });

const expected: Record<OperationId, Record<Principal, number>> = {
  getHealth: everyone(200),
  getOpenApi: everyone(200),
  listPlans: everyone(200),
  submitSalesContact: everyone(201),
  getCardVcard: everyone(200),
  // On the platform's address no site has an agency's brand: 404 for everyone (custom-domains.test.ts tests it on a domain).
  getSiteBrand: everyone(404),
  // Public, and nothing without Cognito's query (its state names the domain): 400 for everyone (sign-in-relay.test.ts).
  relaySignIn: everyone(400),
  getCardPage: everyone(200),
  headCardPage: everyone(200),
  getMe: signedIn({ ownerOfA: 200, ownerOfB: 200, employeeOfA: 200, employeeOfB: 200, agencyManagingA: 200, agencyNotManagingA: 200, admin: 200 }),
  // Owners already have a business (409); agencies, admins and employees may not own one (403).
  createBusiness: signedIn({ ownerOfA: 409, ownerOfB: 409, employeeOfA: 403, employeeOfB: 403, agencyManagingA: 403, agencyNotManagingA: 403, admin: 403 }),
  getDashboard: managesA(200),
  updateBusinessSettings: managesA(200),
  previewCardDesign: managesA(200),
  createUpload: managesA(201),
  // Only the person who started an upload may confirm it; to anyone else it does not exist.
  confirmUpload: signedIn({ ownerOfA: 200, ownerOfB: 404, employeeOfA: 404, employeeOfB: 404, agencyManagingA: 404, agencyNotManagingA: 404, admin: 404 }),
  createEmployee: managesA(201),
  importEmployees: managesA(200),
  exportEmployees: managesA(200),
  // The card's own employee may regenerate its QR too (the portal's 'Generate QR Code').
  generateCardQr: signedIn({ ownerOfA: 200, ownerOfB: 403, employeeOfA: 200, employeeOfB: 403, adminOfA: 200, billingOfA: 403, agencyManagingA: 200, agencyNotManagingA: 403, admin: 200 }),
  updateEmployee: managesA(200),
  // The world's employee is active and has a card: managers reach the rules (409), nobody else gets that far.
  deleteEmployee: managesA(409),
  // Leavers (issue 23 §2): the inactive target again (a repeat); reactivating the world's active employee is a 409.
  previewLeaving: managesA(200),
  deactivateEmployee: managesA(200),
  reactivateEmployee: managesA(409),
  // The pickers' search and Company Settings' leaver defaults (issue 39).
  searchPeople: managesA(200),
  getLeaverDefaults: managesA(200),
  updateLeaverDefaults: managesA(200),
  // Departments: the list is for whoever manages employees and every member of A (their own profile picks from it); add,
  // rename and delete are Company Settings. Deleting the world's department, which A's employee is in, reaches the rule (409).
  listDepartments: signedIn({ ownerOfA: 200, ownerOfB: 403, employeeOfA: 200, employeeOfB: 403, adminOfA: 200, billingOfA: 200, agencyManagingA: 200, agencyNotManagingA: 403, admin: 200 }),
  createDepartment: managesA(201),
  renameDepartment: managesA(200),
  deleteDepartment: managesA(409),
  createCard: managesA(409),
  sendInvitation: managesA(200),
  // Public: the link itself is the credential (forged tokens are ignored, as API Gateway runs no authorizer).
  getInvitation: everyone(200),
  // Nobody here has the invited e-mail address (403); the linked employees are refused for that first too.
  acceptInvitation: signedIn({ ownerOfA: 403, ownerOfB: 403, employeeOfA: 403, employeeOfB: 403, agencyManagingA: 403, agencyNotManagingA: 403, admin: 403 }),
  // Only a user linked to an employee has one; everyone else is 'Profile Not Found'.
  getMyEmployee: signedIn({ ownerOfA: 404, ownerOfB: 404, employeeOfA: 200, employeeOfB: 200, agencyManagingA: 404, agencyNotManagingA: 404, admin: 404 }),
  getMyScanAnalytics: signedIn({ ownerOfA: 404, ownerOfB: 404, employeeOfA: 200, employeeOfB: 200, agencyManagingA: 404, agencyNotManagingA: 404, admin: 404 }),
  updateMyEmployee: signedIn({ ownerOfA: 404, ownerOfB: 404, employeeOfA: 200, employeeOfB: 200, agencyManagingA: 404, agencyNotManagingA: 404, admin: 404 }),
  getHealthDetails: adminOnly(200),
  getPlatformDashboard: adminOnly(200),
  listAdminBusinesses: adminOnly(200),
  setBusinessStatus: adminOnly(200),
  // Each call names a business of its own (the world's business C), so the allowed call deletes that one.
  deleteBusiness: adminOnly(200),
  listAdminPlans: adminOnly(200),
  updatePlan: adminOnly(200),
  listAdminAgencies: adminOnly(200),
  setAgencyPlan: adminOnly(200),
  listAdmins: adminOnly(200),
  inviteAdmin: adminOnly(201),
  removeAdmin: adminOnly(204),
  listInvoices: adminOnly(200),
  createInvoice: adminOnly(201),
  // Starts a billing run (the fan-out bills this month's payers, each once).
  generateMonthlyInvoices: adminOnly(202),
  listBillingRuns: adminOnly(200),
  setInvoiceStatus: adminOnly(200),
  deleteInvoice: adminOnly(204),
  listUnappliedPayments: adminOnly(200),
  // A's Billing contact too (issue 41): billing is all that role may see.
  listBusinessInvoices: signedIn({ ownerOfA: 200, ownerOfB: 403, employeeOfA: 403, employeeOfB: 403, adminOfA: 200, billingOfA: 200, agencyManagingA: 200, agencyNotManagingA: 403, admin: 200 }),
  getAgencyBilling: agencyOnly(200),
  // Who pays for a client: the agency that manages it and admins; its owner does not choose (the agency bills it).
  setClientBilling: signedIn({ ownerOfA: 403, ownerOfB: 403, employeeOfA: 403, employeeOfB: 403, agencyManagingA: 200, agencyNotManagingA: 403, admin: 200 }),
  // The agency's price is its own commercial choice: only the agency managing the client, not its owner nor an admin.
  setClientPrice: signedIn({ ownerOfA: 403, ownerOfB: 403, employeeOfA: 403, employeeOfB: 403, agencyManagingA: 200, agencyNotManagingA: 403, admin: 403 }),
  setClientWhiteLabel: signedIn({ ownerOfA: 403, ownerOfB: 403, employeeOfA: 403, employeeOfB: 403, agencyManagingA: 200, agencyNotManagingA: 403, admin: 200 }),
  refundUnappliedPayment: adminOnly(200),
  // The payment page is public: the unguessable invoice id in the link is the credential.
  getInvoicePayment: everyone(200),
  // Its PDF has the payment page's audience: a redirect to a short-lived link for everyone holding the invoice's id.
  getInvoicePdf: everyone(302),
  createCheckout: everyone(200),
  verifyPayment: everyone(200),
  // Without Stripe's signature every webhook call is refused, whoever sends it.
  stripeWebhook: everyone(400),
  getScanAnalytics: managesA(200),
  // Agency routes: only agency accounts (403 for owners, employees and admins); each agency sees only its own.
  getAgencyDashboard: agencyOnly(200),
  getAgencyAnalytics: agencyOnly(200),
  updateAgencySettings: agencyOnly(200),
  addAgencyClient: agencyOnly(201),
  createAgencyUpload: agencyOnly(201),
  // The world's agency upload was started by the agency managing A: to the other agency it does not exist.
  confirmAgencyUpload: signedIn({ ownerOfA: 403, ownerOfB: 403, employeeOfA: 403, employeeOfB: 403, agencyManagingA: 200, agencyNotManagingA: 404, admin: 403 }),
  // The card page's form: public, like the page (a fresh viewer address per call, so the rate limit never answers).
  submitCardContact: everyone(200),
  // Only a user linked to an employee has contacts of their own.
  listMyContacts: signedIn({ ownerOfA: 404, ownerOfB: 404, employeeOfA: 200, employeeOfB: 200, agencyManagingA: 404, agencyNotManagingA: 404, admin: 404 }),
  listBusinessContacts: managesA(200),
  // The audit log (issue 23 §3): whoever manages the business.
  listActivity: managesA(200),
  exportActivity: managesA(200),
  // Each allowed principal deletes a contact of its own; employeeOfA is not the employee these were shared with.
  deleteContact: managesA(204),
  // The card's own employee may ask too; locally the Google Wallet stand-in is the issuer, so allowed callers get the link.
  createWalletPass: signedIn({ ownerOfA: 200, ownerOfB: 403, employeeOfA: 200, employeeOfB: 403, adminOfA: 200, billingOfA: 403, agencyManagingA: 200, agencyNotManagingA: 403, admin: 200 }),
  // The card's own employee and whoever manages its business (issue 22 §3).
  getEmailSignature: signedIn({ ownerOfA: 200, ownerOfB: 403, employeeOfA: 200, employeeOfB: 403, adminOfA: 200, billingOfA: 403, agencyManagingA: 200, agencyNotManagingA: 403, admin: 200 }),
  // Apple Wallet (issue 22 §1): the local signer is configured, so the card's employee and its managers get a link.
  createApplePassLink: signedIn({ ownerOfA: 200, ownerOfB: 403, employeeOfA: 200, employeeOfB: 403, adminOfA: 200, billingOfA: 403, agencyManagingA: 200, agencyNotManagingA: 403, admin: 200 }),
  // The link's signature is the credential: without one (the sample has none) nobody gets the pass.
  downloadApplePass: everyone(400),
  // PassKit (public, Apple's paths): a pass's calls need its `ApplePass` token, which no principal here sends (a Bearer
  // token is not one): 401. The world's device has no registrations: 204. Logs are taken from anyone.
  registerPassDevice: everyone(401),
  unregisterPassDevice: everyone(401),
  listUpdatedPasses: everyone(204),
  getLatestPass: everyone(401),
  logPassKitMessages: everyone(200),
  // Directory sync (issue 23 §1): the owner's SCIM tokens and settings, for whoever manages the business. Revoking a
  // token that does not exist (the matrix's token id names none) reaches the lookup only for them: 404.
  getDirectorySync: managesA(200),
  updateDirectorySyncSettings: managesA(200),
  createScimToken: managesA(201),
  revokeScimToken: managesA(404),
  // Webhooks: the 'settings' capability; an endpoint or delivery that names none is 404 to whoever may look.
  listWebhookEndpoints: managesA(200),
  createWebhookEndpoint: managesA(201),
  deleteWebhookEndpoint: managesA(404),
  rotateWebhookSecret: managesA(404),
  sendWebhookTestEvent: managesA(404),
  listWebhookDeliveries: managesA(404),
  replayWebhookDelivery: managesA(404),
  // The SCIM service has no JWT authorizer: a Cognito token (or none) is no SCIM token, whoever sends it: 401.
  scimServiceProviderConfig: everyone(401),
  scimResourceTypes: everyone(401),
  scimSchemas: everyone(401),
  scimListGroups: everyone(401),
  scimListUsers: everyone(401),
  scimCreateUser: everyone(401),
  scimGetUser: everyone(401),
  scimReplaceUser: everyone(401),
  scimPatchUser: everyone(401),
  scimDeleteUser: everyone(401),
  scimResourceType: everyone(401),
  scimSchema: everyone(401),
  scimCreateGroup: everyone(401),
  scimGetGroup: everyone(401),
  scimReplaceGroup: everyone(401),
  scimPatchGroup: everyone(401),
  scimDeleteGroup: everyone(401),
  // Any other path under /scim/v2 names nothing of a business: a SCIM 404 to everyone, before authentication.
  scimUnknownGet: everyone(404),
  scimUnknownPost: everyone(404),
  scimUnknownPut: everyone(404),
  scimUnknownPatch: everyone(404),
  scimUnknownDelete: everyone(404),
  // Custom domains (issue 21 §2): the agency's owner and admins; the other agency, owners and employees 403.
  listCustomDomains: signedIn({ ownerOfA: 403, ownerOfB: 403, employeeOfA: 403, employeeOfB: 403, agencyManagingA: 200, agencyNotManagingA: 403, admin: 200 }),
  addCustomDomain: signedIn({ ownerOfA: 403, ownerOfB: 403, employeeOfA: 403, employeeOfB: 403, agencyManagingA: 201, agencyNotManagingA: 403, admin: 201 }),
  // The world's domains are pending DNS (not a .localhost name): nothing moves to a domain that is not active (409).
  moveQrCodesToDomain: signedIn({ ownerOfA: 403, ownerOfB: 403, employeeOfA: 403, employeeOfB: 403, agencyManagingA: 409, agencyNotManagingA: 403, admin: 409 }),
  // Each allowed principal removes a domain of its own (the world adds one for each).
  removeCustomDomain: signedIn({ ownerOfA: 403, ownerOfB: 403, employeeOfA: 403, employeeOfB: 403, agencyManagingA: 200, agencyNotManagingA: 403, admin: 200 }),
  // The agency's sending domain: its owner and admins. One per agency, so the admin adds and removes the other agency's
  // (world.sendingDomainAgencyIds).
  getSendingDomain: signedIn({ ownerOfA: 403, ownerOfB: 403, employeeOfA: 403, employeeOfB: 403, agencyManagingA: 200, agencyNotManagingA: 403, admin: 200 }),
  addSendingDomain: signedIn({ ownerOfA: 403, ownerOfB: 403, employeeOfA: 403, employeeOfB: 403, agencyManagingA: 201, agencyNotManagingA: 403, admin: 201 }),
  removeSendingDomain: signedIn({ ownerOfA: 403, ownerOfB: 403, employeeOfA: 403, employeeOfB: 403, agencyManagingA: 200, agencyNotManagingA: 403, admin: 200 }),
  // Stripe Connect (Agency Settings → Payments): the agency's owner and admins (the admin's call reuses the account the
  // owner's created: one per agency).
  getStripeConnect: signedIn({ ownerOfA: 403, ownerOfB: 403, employeeOfA: 403, employeeOfB: 403, agencyManagingA: 200, agencyNotManagingA: 403, admin: 200 }),
  startStripeOnboarding: signedIn({ ownerOfA: 403, ownerOfB: 403, employeeOfA: 403, employeeOfB: 403, agencyManagingA: 200, agencyNotManagingA: 403, admin: 200 }),
  // Without Stripe's signature (with the Connect endpoint's secret) every call is refused, whoever sends it.
  stripeConnectWebhook: everyone(400),
  // Single sign-on (issue 24): whoever manages the business; an employee 403. The matrix's domain id names no SSO
  // domain of A (404 once allowed); disconnecting is a repeatable DELETE (204 whether or not one is connected).
  getSso: managesA(200),
  claimSsoDomain: managesA(201),
  checkSsoDomain: managesA(404),
  removeSsoDomain: managesA(404),
  connectSsoProvider: managesA(200),
  disconnectSsoProvider: managesA(204),
  // Runs after disconnectSsoProvider: with no provider connected there is no test sign-in to record (409).
  recordSsoTestSignIn: managesA(409),
  updateSsoSettings: managesA(200),
  listSsoDomainClaims: adminOnly(200),
  // The world's business A holds no claim of the sample domain: nothing to release (404) for an admin.
  releaseSsoDomainClaim: adminOnly(404),
  // Public: an e-mail whose domain has no SSO is a 404 for everyone.
  discoverSso: everyone(404),
};

let world: World;

beforeAll(async () => {
  world = await createWorld();
});

describe('authorization matrix', () => {
  for (const route of routes) {
    const row = expected[route.operationId as OperationId];
    const refused = allPrincipals.filter((p) => row[p] >= 400 && row[p] < 500);
    const allowedPrincipals = allPrincipals.filter((p) => row[p] < 400 || row[p] >= 500);

    it(`${route.method} ${route.path}: ${refused.length} principals refused with their exact status, ${allowedPrincipals.length} allowed, nothing changed by a refusal`, async () => {
      const call = (principal: Principal) =>
        api(route.method, pathOf(route.path, pathValues(world, route.operationId, principal)), {
          user: userOf(world, principal),
          body: sampleBodies[route.operationId as OperationId](),
          headers: sampleHeaders(route.operationId as OperationId),
          from: freshClientAddress(),
        });
      const seen: Record<string, number> = {};

      // Refusals first, between two fingerprints of the whole table; then the allowed calls.
      const before = refused.length ? await tableFingerprint() : null;
      for (const principal of refused) seen[principal] = (await call(principal)).status;
      if (before) expect(await tableFingerprint(), 'a refused call changed the table').toEqual(before);
      for (const principal of allowedPrincipals) {
        const res = await call(principal);
        seen[principal] = res.status;
        // A billing run goes on after its 202: let it finish, so its writes do not land in a later route's fingerprints.
        if (route.operationId === 'generateMonthlyInvoices' && res.status === 202) await waitForRun(res.body.id);
      }

      expect(seen).toEqual(row);
    });
  }

  it('covers every route of the table', () => {
    expect(Object.keys(expected).sort()).toEqual(routes.map((r) => r.operationId).sort());
  });

  it("does not let A's Admin hand over ownership: neither make an owner nor change the owner's role (issue 41)", async () => {
    const db = await tables();
    const create = sampleBodies.createEmployee() as Record<string, unknown>;
    const update = sampleBodies.updateEmployee() as Record<string, unknown>;
    const ownerProfile = await api('POST', `/api/businesses/${world.ids.businessId}/employees`, { user: world.users.ownerOfA, body: { ...create, role: 'owner' } });
    expect(ownerProfile.status).toBe(201);
    const before = await tableFingerprint();
    const promote = await api('PUT', `/api/businesses/${world.ids.businessId}/employees/${world.targets.cardlessEmployeeId}`, { user: world.users.adminOfA, body: { ...update, role: 'owner' } });
    const demote = await api('PUT', `/api/businesses/${world.ids.businessId}/employees/${ownerProfile.body.id}`, { user: world.users.adminOfA, body: { ...update, role: 'admin' } });
    const addOwner = await api('POST', `/api/businesses/${world.ids.businessId}/employees`, { user: world.users.adminOfA, body: { ...create, role: 'owner' } });
    for (const res of [promote, demote, addOwner]) {
      expect(res.status).toBe(403);
      expect(res.body.error.fieldErrors).toEqual({ role: messages.employee.onlyOwnerGivesOwnership });
    }
    expect(await tableFingerprint()).toEqual(before);
    // What an Admin may give: the Admin and Billing contact roles.
    const billing = await api('PUT', `/api/businesses/${world.ids.businessId}/employees/${world.targets.cardlessEmployeeId}`, { user: world.users.adminOfA, body: { ...update, role: 'billing' } });
    expect(billing.status).toBe(200);
    expect(billing.body.role).toBe('billing');
    expect((await db.employee.get({ employeeId: world.targets.cardlessEmployeeId }).go()).data?.role).toBe('billing');
  });

  it('does not let a business owner regenerate a card of another business through their own business id', async () => {
    const before = await tableFingerprint();
    const res = await api('POST', `/api/businesses/${world.businessB}/cards/${world.ids.cardId}/qr`, { user: world.users.ownerOfB });
    expect(res.status).toBe(404);
    expect(await tableFingerprint()).toEqual(before);
  });
});
