// One valid request per operation of the route table, so the authorization and hostile-input suites can call every
// route with a body that would be accepted: whatever they then refuse, they refuse for the reason under test.
import type { OperationId } from '../../functions/routes';
import { uniqueDomain, uniqueEmail, validBusinessForm } from './runtime';
import { sampleSamlMetadata } from './saml-metadata';

/** Values a valid body names that only exist once a world is made (createWorld sets them). */
export const sampleContext = { businessId: '', checkoutSessionId: '', employeeId: '' };

/** A valid body per operation (undefined: the route takes none). A new route without an entry fails to compile. */
let tokenNames = 0;
let departmentNames = 0;

export const sampleBodies: Record<OperationId, () => Record<string, unknown> | string | undefined> = {
  getHealth: () => undefined,
  getOpenApi: () => undefined,
  listPlans: () => undefined,
  submitSalesContact: () => ({
    companyName: 'Initech',
    contactPerson: 'Peter Gibbons',
    email: uniqueEmail('peter'),
    phone: '+1 (555) 010-0000',
    address: '4120 Freidrich Lane',
    city: 'Austin',
    country: 'United States',
    zipCode: '78744',
    message: 'We would like cards for 300 people.',
  }),
  getCardVcard: () => undefined,
  getSiteBrand: () => undefined,
  relaySignIn: () => undefined,
  getCardPage: () => undefined,
  headCardPage: () => undefined,
  getMe: () => ({ pendingAccountType: 'business' }),
  createBusiness: () => validBusinessForm(),
  getDashboard: () => undefined,
  updateBusinessSettings: () => ({ name: 'Business A', industry: 'Design', website: 'https://a.example', billingEmail: uniqueEmail('billing'), billingCity: 'Lisbon', billingCountry: 'Portugal', billingPostalCode: '1100-148', primaryColor: '#0F766E', secondaryColor: '#115E59', accentColor: '#F59E0B' }),
  createUpload: () => ({ contentType: 'image/png', size: 2048, purpose: 'logo' }),
  // Business A's active employee, shown in the Banner design with every optional field on.
  previewCardDesign: () => ({ design: { layout: 'banner', coverUrl: null, fields: { pronouns: true, bio: true, booking: true, address: true, links: true } }, employeeId: sampleContext.employeeId }),
  confirmUpload: () => undefined,
  importEmployees: () => ({ rows: [{ line: 2, name: 'Imported Person', email: uniqueEmail('imported'), jobTitle: 'Analyst', status: 'Active' }], onExisting: 'update', dryRun: false }),
  exportEmployees: () => undefined,
  createEmployee: () => ({ name: 'Sample Person', email: uniqueEmail('sample'), jobTitle: 'Analyst', officePhone: '+1 555 0100', department: 'Finance', linkedinProfile: 'https://www.linkedin.com/in/sample', role: 'employee', status: 'active' }),
  generateCardQr: () => undefined,
  getHealthDetails: () => undefined,
  createWalletPass: () => undefined,
  updateEmployee: () => ({ name: 'Sample Person', email: uniqueEmail('sample'), jobTitle: 'Analyst', officePhone: '+1 555 0100', role: 'employee', status: 'active' }),
  deleteEmployee: () => undefined,
  previewLeaving: () => undefined,
  // The leads go to business A's active employee.
  deactivateEmployee: () => ({ leadsTo: sampleContext.employeeId }),
  reactivateEmployee: () => undefined,
  searchPeople: () => undefined,
  getLeaverDefaults: () => undefined,
  // Business A's active employee (who has a card) as the default successor.
  updateLeaverDefaults: () => ({ successorEmployeeId: sampleContext.employeeId, departments: [{ department: 'Finance', successorEmployeeId: sampleContext.employeeId }] }),
  listDepartments: () => undefined,
  createDepartment: () => ({ name: `Department ${++departmentNames}` }),
  // Business A's department: each allowed call renames it anew (its employee follows).
  renameDepartment: () => ({ name: `Engineering ${++departmentNames}` }),
  deleteDepartment: () => undefined,
  createCard: () => undefined,
  sendInvitation: () => undefined,
  getInvitation: () => undefined,
  acceptInvitation: () => undefined,
  getMyEmployee: () => undefined,
  getMyScanAnalytics: () => undefined,
  updateMyEmployee: () => ({ name: 'Erin Example', email: uniqueEmail('erin'), mobilePhone: '+1 555 0111', jobTitle: 'Designer' }),
  getScanAnalytics: () => undefined,
  getAgencyDashboard: () => undefined,
  getAgencyAnalytics: () => undefined,
  updateAgencySettings: () => ({ name: 'Sample Agency', industry: 'Marketing', email: uniqueEmail('agency'), website: 'https://agency.example', primaryColor: '#7C3AED', secondaryColor: '#4C1D95', accentColor: '#F59E0B' }),
  addAgencyClient: () => ({ name: 'Sample Client', industry: 'Retail', website: 'https://client.example', description: 'A client business' }),
  createAgencyUpload: () => ({ contentType: 'image/png', size: 2048, purpose: 'logo' }),
  confirmAgencyUpload: () => undefined,
  getPlatformDashboard: () => undefined,
  listAdminBusinesses: () => undefined,
  setBusinessStatus: () => ({ isActive: true }),
  deleteBusiness: () => undefined,
  listAdminPlans: () => undefined,
  // The world's own hidden plan: a refused or allowed edit never touches the plans the pricing page shows.
  listAdminAgencies: () => undefined,
  setAgencyPlan: () => ({ planId: 'plan-agency-partner' }),
  updatePlan: () => ({ price: 2.49, description: 'A plan for tests', userRange: '1-20 users', isPopular: false, isActive: false }),
  listAdmins: () => undefined,
  inviteAdmin: () => ({ email: uniqueEmail('new-admin') }),
  removeAdmin: () => undefined,
  listInvoices: () => undefined,
  createInvoice: () => ({ businessId: sampleContext.businessId, amount: 12.5, dueDate: '2031-12-31', notes: 'Sample invoice' }),
  generateMonthlyInvoices: () => undefined,
  listBillingRuns: () => undefined,
  setInvoiceStatus: () => ({ status: 'overdue' }),
  deleteInvoice: () => undefined,
  getInvoicePayment: () => undefined,
  createCheckout: () => ({ returnTo: 'invoice' }),
  verifyPayment: () => ({ sessionId: sampleContext.checkoutSessionId }),
  stripeWebhook: () => undefined,
  listUnappliedPayments: () => undefined,
  listBusinessInvoices: () => undefined,
  getAgencyBilling: () => undefined,
  setClientBilling: () => ({ billedTo: 'direct' }),
  setClientPrice: () => ({ pricePerUserCents: 250 }),
  setClientWhiteLabel: () => ({ whiteLabel: 'off' }),
  getInvoicePdf: () => undefined,
  refundUnappliedPayment: () => undefined,
  // The card page's form posts urlencoded fields, as a browser without JavaScript does (sampleContentTypes).
  submitCardContact: () => `name=Visitor+Sample&email=${encodeURIComponent(uniqueEmail('visitor'))}&company=Initech&consent=yes`,
  listMyContacts: () => undefined,
  listBusinessContacts: () => undefined,
  listActivity: () => undefined,
  exportActivity: () => undefined,
  deleteContact: () => undefined,
  getEmailSignature: () => undefined,
  createApplePassLink: () => undefined,
  downloadApplePass: () => undefined,
  registerPassDevice: () => ({ pushToken: '0123456789abcdef0123456789abcdef' }),
  unregisterPassDevice: () => undefined,
  listUpdatedPasses: () => undefined,
  getLatestPass: () => undefined,
  logPassKitMessages: () => ({ logs: ['[2026-11-25 10:00:00 +0000] Sample log line from Wallet'] }),
  getDirectorySync: () => undefined,
  updateDirectorySyncSettings: () => ({ sendInvitations: false }),
  // Token names are unique per business: each allowed principal's create gets its own.
  createScimToken: () => ({ name: `Okta ${(tokenNames += 1)}` }),
  revokeScimToken: () => undefined,
  listWebhookEndpoints: () => undefined,
  // An event no route of the suites raises yet, so these endpoints get no deliveries (and no retries) from other tests.
  createWebhookEndpoint: () => ({ url: 'http://127.0.0.1:9/hooks/samples', description: 'Samples', events: ['invoice.paid'] }),
  deleteWebhookEndpoint: () => undefined,
  rotateWebhookSecret: () => undefined,
  sendWebhookTestEvent: () => undefined,
  listWebhookDeliveries: () => undefined,
  replayWebhookDelivery: () => undefined,
  scimServiceProviderConfig: () => undefined,
  scimResourceTypes: () => undefined,
  scimSchemas: () => undefined,
  scimListGroups: () => undefined,
  scimListUsers: () => undefined,
  scimCreateUser: () => ({ schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: uniqueEmail('scim'), name: { givenName: 'Sam', familyName: 'Sample' }, active: true }),
  scimGetUser: () => undefined,
  scimReplaceUser: () => ({ schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: uniqueEmail('scim'), name: { givenName: 'Sam', familyName: 'Sample' }, active: true }),
  scimPatchUser: () => ({ schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: [{ op: 'replace', path: 'title', value: 'Baker' }] }),
  scimDeleteUser: () => undefined,
  scimResourceType: () => undefined,
  scimSchema: () => undefined,
  scimCreateGroup: () => ({ schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], displayName: 'Sample Group', members: [] }),
  scimGetGroup: () => undefined,
  scimReplaceGroup: () => ({ schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], displayName: 'Sample Group', members: [] }),
  scimPatchGroup: () => ({ schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: [{ op: 'replace', path: 'displayName', value: 'Renamed' }] }),
  scimDeleteGroup: () => undefined,
  scimUnknownGet: () => undefined,
  scimUnknownPost: () => ({ schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'] }),
  scimUnknownPut: () => ({ schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'] }),
  scimUnknownPatch: () => ({ schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: [] }),
  scimUnknownDelete: () => undefined,
  listCustomDomains: () => undefined,
  addCustomDomain: () => ({ domain: uniqueDomain() }),
  moveQrCodesToDomain: () => undefined,
  removeCustomDomain: () => undefined,
  getSendingDomain: () => undefined,
  addSendingDomain: () => ({ domain: uniqueDomain('mail') }),
  removeSendingDomain: () => undefined,
  getStripeConnect: () => undefined,
  startStripeOnboarding: () => undefined,
  stripeConnectWebhook: () => undefined,
  getSso: () => undefined,
  claimSsoDomain: () => ({ domain: uniqueDomain('sso') }),
  checkSsoDomain: () => undefined,
  removeSsoDomain: () => undefined,
  connectSsoProvider: () => ({ type: 'SAML', metadataXml: sampleSamlMetadata() }),
  disconnectSsoProvider: () => undefined,
  // Shaped as a JWT, though no user pool signed it (business A has no provider: 409).
  recordSsoTestSignIn: () => ({ accessToken: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJub2JvZHkifQ.bm90LWEtc2lnbmF0dXJl' }),
  updateSsoSettings: () => ({ createEmployeesOnFirstSignIn: false, requireSso: false }),
  listSsoDomainClaims: () => undefined,
  releaseSsoDomainClaim: () => undefined,
  discoverSso: () => ({ email: uniqueEmail('sso') }),
};

/** Routes whose sample body is not JSON. */
export const sampleContentTypes: Partial<Record<OperationId, string>> = { submitCardContact: 'application/x-www-form-urlencoded' };

/** Routes whose sample request needs a query: Cognito's return to the sign-in relay names Bright's seeded domain. */
export const sampleQueries: Partial<Record<OperationId, () => string>> = {
  relaySignIn: () => new URLSearchParams({ code: 'sample-code', state: 'sample-state~cards.bright.localhost' }).toString(),
};

/** The headers a route's sample request is sent with. */
export function sampleHeaders(operationId: OperationId): Record<string, string> | undefined {
  const type = sampleContentTypes[operationId];
  return type ? { 'content-type': type } : undefined;
}

/** Fills a route's path template from named values. */
export function pathOf(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)(\+)?\}/g, (_m, name: string, greedy?: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${template}`);
    // A greedy parameter ({proxy+}) spans segments: each is encoded, the slashes stay.
    return greedy ? value.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(value);
  });
}
