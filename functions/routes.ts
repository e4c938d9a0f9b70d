// The single route table: every HTTP route once. The CDK ApiStack and the local runtime both build from it,
// the OpenAPI document is generated from it, and the authorization and bad-input tests iterate over it.
// It holds declarations only (no handler code), so infra can import it without pulling in the SDK.
import { businessFormSchema, businessSchema, businessSettingsSchema } from '../shared/schemas/business';
import { dashboardQuerySchema, dashboardSchema } from '../shared/schemas/dashboard';
import { idSchema } from '../shared/schemas/common';
import { cardSchema, employeeCreateSchema, employeeProfileSchema, employeeSchema, employeeUpdateSchema, myEmployeeSchema } from '../shared/schemas/employee';
import { healthSchema, livenessSchema } from '../shared/schemas/health';
import { meSchema, pendingAccountTypeSchema } from '../shared/schemas/me';
import { planUpdateSchema, pricingPlanSchema } from '../shared/schemas/plan';
import { adminBusinessPageSchema, adminBusinessQuerySchema, adminDashboardSchema, businessDeletedSchema, adminBusinessRowSchema, adminInviteSchema, adminUserSchema, businessStatusUpdateSchema } from '../shared/schemas/admin';
import { salesContactReceiptSchema, salesContactSchema } from '../shared/schemas/sales-contact';
import { walletPassSchema } from '../shared/schemas/wallet';
import { contactListQuerySchema, contactSchema } from '../shared/schemas/contact';
import { uploadRequestSchema, uploadResultSchema, uploadStartSchema, uploadTicketSchema } from '../shared/schemas/media';
import { addClientSchema, agencyClientSummarySchema, agencyDashboardSchema, agencySchema, agencySettingsSchema } from '../shared/schemas/agency';
import { employeeImportRequestSchema, employeeImportResponseSchema } from '../shared/schemas/employee-import';
import { cardScanAnalyticsSchema, scanAnalyticsQuerySchema, scanAnalyticsSchema } from '../shared/schemas/analytics';
import { checkoutRequestSchema, checkoutSchema, invoiceCreatedSchema, invoiceCreateSchema, invoiceListQuerySchema, invoicePageSchema, invoicePaymentViewSchema, invoiceSchema, invoiceStatusUpdateSchema, monthlyRunSchema, paymentVerifiedSchema, paymentVerifySchema } from '../shared/schemas/invoice';
import { invitationAcceptedSchema, invitationReceiptSchema, invitationTokenSchema, invitationViewSchema } from '../shared/schemas/invitation';
import * as z from 'zod';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** public: no token; user: a valid Cognito token; admin: a valid token in the `admin` group. */
export type RouteAuth = 'public' | 'user' | 'admin';
/** Per-route API Gateway throttling classes (requests per second, burst) — see infra/api-stack.ts. */
export type ThrottleClass = 'public' | 'standard' | 'strict';
/** One Lambda per area; `areas` names its source file and what it may reach. */
export type Area = 'public' | 'me' | 'business' | 'cardPage' | 'admin' | 'invitations' | 'agency' | 'payments' | 'contacts';

/** DynamoDB item actions an area may call (TransactWriteItems needs the action of each item it writes). */
export type TableAction = 'GetItem' | 'BatchGetItem' | 'Query' | 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'BatchWriteItem' | 'ConditionCheckItem' | 'DescribeTable';
/** Cognito admin actions an area may call on the user pool. */
export type UserPoolAction =
  | 'AdminUpdateUserAttributes'
  | 'AdminAddUserToGroup'
  | 'AdminRemoveUserFromGroup'
  | 'AdminGetUser'
  | 'AdminUserGlobalSignOut'
  | 'AdminCreateUser'
  | 'AdminSetUserPassword'
  | 'AdminDeleteUser'
  | 'ListUsers'
  | 'ListUsersInGroup'
  | 'DescribeUserPool';

/**
 * What a Lambda may reach. Infra grants exactly this (and sets only the environment variables it implies); the
 * infra tests assert the resulting IAM actions per function.
 */
export interface Capabilities {
  /** Item actions on the table; `indexes: true` adds Query on the GSIs. */
  table: { actions: readonly TableAction[]; indexes: boolean };
  /** PUBLIC_ORIGIN: the area builds links to the site (card URLs, QR codes, wallet passes). */
  site?: boolean;
  /**
   * The media bucket: `write` key prefixes (Put/DeleteObject), `read` prefixes (GetObject), `delete` prefixes
   * (DeleteObject only), `head` (HeadBucket and listing, both s3:ListBucket).
   */
  media?: { write?: readonly string[]; read?: readonly string[]; delete?: readonly string[]; head?: boolean };
  /** SES: send mail from the configured sender; `account` reads the sending status (health check). */
  mail?: { send: boolean; account?: boolean };
  /** Cognito admin actions on the user pool. */
  userPool?: readonly UserPoolAction[];
  /** Secrets Manager secrets (by the deploy configuration's names) the area reads. */
  secrets?: readonly ('stripe' | 'googleWallet')[];
}

export interface AreaDef {
  /** Handler source file relative to the repository root. */
  entry: string;
  capabilities: Capabilities;
}

export const areas: Record<Area, AreaDef> = {
  // Liveness, OpenAPI, plans, the sales contact (stored, rate-limited, mailed), vCards.
  public: {
    entry: 'functions/src/public/handler.ts',
    capabilities: {
      table: { actions: ['GetItem', 'Query', 'PutItem', 'UpdateItem'], indexes: true },
      site: true,
      mail: { send: true },
      // The vCard embeds the card's photo (or logo) as a JPEG.
      media: { read: ['photos/', 'logos/'] },
    },
  },
  // Who am I: reads the caller's records, creates the profile, mirrors the account type to Cognito.
  me: {
    entry: 'functions/src/me/handler.ts',
    capabilities: { table: { actions: ['GetItem', 'Query', 'PutItem', 'UpdateItem'], indexes: false }, userPool: ['AdminUpdateUserAttributes'] },
  },
  // Onboarding, dashboard, employees, cards, QR images and wallet passes.
  business: {
    entry: 'functions/src/business/handler.ts',
    capabilities: {
      // BatchGetItem: a later dashboard page reads the business and its scan total beside the page's Query.
      // DeleteItem/BatchWriteItem: deleting an employee (one transaction, then the card's per-day counters).
      table: { actions: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'ConditionCheckItem'], indexes: true },
      site: true,
      // qr/: QR images; uploads/: presigned browser uploads (read back by the confirm call); logos/ and photos/: renditions.
      media: { write: ['qr/', 'uploads/', 'logos/', 'photos/'], read: ['uploads/'] },
      userPool: ['AdminAddUserToGroup', 'AdminUpdateUserAttributes'],
      secrets: ['googleWallet'],
    },
  },
  // The public card page after a scan: one GetItem and the counter ADDs. Nothing else.
  cardPage: {
    entry: 'functions/src/card-page/handler.ts',
    capabilities: { table: { actions: ['GetItem', 'UpdateItem'], indexes: false }, site: true },
  },
  // Employee invitations: Send Invite (mails the link), the onboarding page's view, linking the account.
  invitations: {
    entry: 'functions/src/invitations/handler.ts',
    capabilities: {
      table: { actions: ['GetItem', 'Query', 'PutItem', 'UpdateItem'], indexes: true },
      site: true,
      mail: { send: true },
      userPool: ['AdminAddUserToGroup'],
    },
  },
  // The agency dashboard, Agency Settings with its logo upload, and Add Client (spec 2 §2). Managing a client's
  // employees and settings goes through the business area, which checks the agency–client link.
  agency: {
    entry: 'functions/src/agency/handler.ts',
    capabilities: {
      // BatchGetItem: the client businesses, 100 per request. PutItem: the agency (with its owner guard and membership),
      // a client (with its scan total and link), an upload record. DeleteItem: a confirm call takes its upload record.
      table: { actions: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'], indexes: false },
      // uploads/: presigned browser uploads (read back by the confirm call); logos/: the agency logo's renditions.
      media: { write: ['uploads/', 'logos/'], read: ['uploads/'] },
    },
  },
  // Contact exchange (issue 11 §3): the card page's form (stored, rate-limited per viewer, mailed to the employee) and
  // the contact lists. Kept out of the card page Lambda, which stays a GetItem and four ADDs.
  contacts: {
    entry: 'functions/src/contacts/handler.ts',
    capabilities: {
      // UpdateItem: the per-viewer rate limit counter. Query: the lists (gsi1, gsi2) and the caller's records.
      table: { actions: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'], indexes: true },
      site: true,
      mail: { send: true },
    },
  },
  // Paying an invoice: the public payment page, Stripe Checkout, verify on return, and the Stripe webhook. The only
  // area with the Stripe keys.
  payments: {
    entry: 'functions/src/invoices/payments-handler.ts',
    capabilities: {
      // PutItem/DeleteItem: a webhook event's dedupe record (deleted again when handling fails, so Stripe's retry counts).
      table: { actions: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'], indexes: false },
      site: true,
      secrets: ['stripe'],
    },
  },
  // The admin portal (Cognito admin group only): the deep health check, the businesses directory and its toggle,
  // invoices (create, mail, the monthly run, status changes, delete), plans, and admin users.
  admin: {
    entry: 'functions/src/admin/handler.ts',
    capabilities: {
      // Query (gsi2): the businesses and plans listings; (gsi1) a toggled business's cards. UpdateItem: the business,
      // its cards, a plan, a removed admin's profile. BatchGetItem: the admins' profiles. PutItem: an invited admin's
      // profile. DescribeTable: the health check.
      // DeleteItem: an unpaid invoice with its monthly guard. BatchWriteItem: a deleted business's items, 25 at a time.
      table: { actions: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'DescribeTable'], indexes: true },
      site: true,
      // A deleted business's objects are listed (ListBucket) and deleted under its prefixes; nothing is written or read.
      media: { head: true, delete: ['qr/', 'logos/', 'photos/', 'uploads/'] },
      mail: { send: true, account: true },
      // AdminUserGlobalSignOut: a deleted business's people lose their sessions (their refresh tokens stop working).
      userPool: ['DescribeUserPool', 'ListUsers', 'ListUsersInGroup', 'AdminCreateUser', 'AdminSetUserPassword', 'AdminAddUserToGroup', 'AdminRemoveUserFromGroup', 'AdminUserGlobalSignOut'],
    },
  },
};

/** The scheduled job is not an HTTP route; infra wires it to EventBridge Scheduler. */
export const jobs = {
  // Lists businesses and plans, numbers and writes each invoice with its monthly guard.
  monthlyInvoices: {
    entry: 'functions/src/jobs/monthly-invoices-handler.ts',
    // Mails each new invoice (to the billing e-mail, or the owner's) with the link to its payment page.
    capabilities: { table: { actions: ['GetItem', 'Query', 'PutItem', 'UpdateItem'], indexes: true }, site: true, mail: { send: true } },
  },
} satisfies Record<string, AreaDef>;

/** Handler source file per area (the local runtime, bench and infra read these). */
export const handlerEntries = Object.fromEntries(Object.entries(areas).map(([area, def]) => [area, def.entry])) as Record<Area, string>;
export const jobEntries = { monthlyInvoices: jobs.monthlyInvoices.entry } as const;

/** What a route declares; `defineRoutes` keeps every literal and schema type so operations are typed from it. */
export interface RouteSpec {
  method: HttpMethod;
  /** API Gateway path syntax: `/api/businesses/{businessId}`. */
  path: string;
  area: Area;
  auth: RouteAuth;
  throttle: ThrottleClass;
  summary: string;
  /** Path parameters; by default every `{name}` in the path is an id (idSchema). */
  params?: z.ZodObject;
  /** Query parameters (unknown ones are ignored, as browsers and caches add their own). */
  query?: z.ZodObject;
  body?: z.ZodType;
  /** JSON response schema; absent for non-JSON responses (HTML, vCard, 204). */
  response?: z.ZodType;
  /** Content type of a non-JSON response. */
  produces?: string;
  /** 201 Created instead of 200 on success. */
  creates?: boolean;
  /** The route names a business/employee/card/invoice the caller must be allowed to touch. */
  scoped?: boolean;
}

/** The names in a path template: `'/a/{x}/b/{y}'` → `'x' | 'y'`. */
export type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParamNames<Rest> : never;

/** A route as the table holds it: its spec, its operation id and a params schema that is always present. */
export type RouteOf<Id extends string, S extends RouteSpec> = S & {
  operationId: Id;
  params: S['params'] extends z.ZodObject ? S['params'] : z.ZodObject<Record<PathParamNames<S['path']>, typeof idSchema>>;
};

/** Any route of the table, for code that iterates over all of them (infra, local runtime, tests). */
export type RouteDef = RouteSpec & { operationId: string; params: z.ZodObject };

function defineRoutes<const T extends Record<string, RouteSpec>>(specs: T): { [K in keyof T & string]: RouteOf<K, T[K]> } {
  const table: Record<string, RouteDef> = {};
  for (const [operationId, spec] of Object.entries(specs)) {
    const names = [...spec.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    const params = spec.params ?? z.object(Object.fromEntries(names.map((name) => [name, idSchema]))).strict();
    const declared = Object.keys(params.shape).sort();
    if (declared.join() !== [...names].sort().join()) {
      throw new Error(`${operationId}: params ${declared.join(', ')} do not match the path ${spec.path}`);
    }
    table[operationId] = { ...spec, operationId, params };
  }
  return table as never;
}

export const routeTable = defineRoutes({
  getHealth: { method: 'GET', path: '/api/health', area: 'public', auth: 'public', throttle: 'public', summary: 'Liveness: one read of the table (503 when it fails)', response: livenessSchema },
  getOpenApi: { method: 'GET', path: '/api/openapi.json', area: 'public', auth: 'public', throttle: 'public', summary: 'This API as OpenAPI 3.1', produces: 'application/json' },
  listPlans: { method: 'GET', path: '/api/plans', area: 'public', auth: 'public', throttle: 'public', summary: 'Active pricing plans in display order', response: z.array(pricingPlanSchema) },
  submitSalesContact: { method: 'POST', path: '/api/public/sales-contact', area: 'public', auth: 'public', throttle: 'strict', summary: 'Contact Our Sales Team: stored, then mailed to sales (rate-limited per client)', body: salesContactSchema, response: salesContactReceiptSchema, creates: true },
  getCardVcard: { method: 'GET', path: '/api/public/cards/{cardId}/vcard', area: 'public', auth: 'public', throttle: 'public', summary: 'The card as a vCard 3.0 download', produces: 'text/vcard' },
  getCardPage: { method: 'GET', path: '/card/{cardId}', area: 'cardPage', auth: 'public', throttle: 'public', summary: 'Server-rendered public card page; records a scan', produces: 'text/html' },
  headCardPage: { method: 'HEAD', path: '/card/{cardId}', area: 'cardPage', auth: 'public', throttle: 'public', summary: 'The card page’s status and headers, without a body; not a scan', produces: 'text/html' },

  getMe: { method: 'POST', path: '/api/me', area: 'me', auth: 'user', throttle: 'standard', summary: 'Resolves the caller’s account type and role (spec 1 §4)', body: pendingAccountTypeSchema, response: meSchema },

  createBusiness: { method: 'POST', path: '/api/businesses', area: 'business', auth: 'user', throttle: 'strict', summary: 'Business onboarding: creates the caller’s business', body: businessFormSchema, response: businessSchema, creates: true },
  getDashboard: { method: 'GET', path: '/api/businesses/{businessId}/dashboard', area: 'business', auth: 'user', throttle: 'standard', summary: 'Business, employees with cards, stats (paginated by ?cursor=)', query: dashboardQuerySchema, response: dashboardSchema, scoped: true },
  updateBusinessSettings: { method: 'PUT', path: '/api/businesses/{businessId}', area: 'business', auth: 'user', throttle: 'standard', summary: 'Company Settings: information, billing, brand colours and logo; every card of the business follows', body: businessSettingsSchema, response: businessSchema, scoped: true },
  createUpload: { method: 'POST', path: '/api/businesses/{businessId}/uploads', area: 'business', auth: 'user', throttle: 'strict', summary: 'Starts a logo or photo upload: a presigned POST for one key, 5 MB at most', body: uploadStartSchema, response: uploadTicketSchema, scoped: true, creates: true },
  confirmUpload: { method: 'POST', path: '/api/businesses/{businessId}/uploads/{uploadId}/confirm', area: 'business', auth: 'user', throttle: 'strict', summary: 'Checks the uploaded bytes, stores metadata-free renditions and points the logo or photo at them', response: uploadResultSchema, scoped: true },
  createEmployee: { method: 'POST', path: '/api/businesses/{businessId}/employees', area: 'business', auth: 'user', throttle: 'standard', summary: 'Adds an employee with an active card and its QR code', body: employeeCreateSchema, response: employeeSchema, scoped: true, creates: true },
  generateCardQr: { method: 'POST', path: '/api/businesses/{businessId}/cards/{cardId}/qr', area: 'business', auth: 'user', throttle: 'standard', summary: 'Generates (or regenerates) a card’s QR code (managers and the card’s own employee)', response: cardSchema, scoped: true },
  // Issue 8: the employee lifecycle.
  importEmployees: { method: 'POST', path: '/api/businesses/{businessId}/employee-imports', area: 'business', auth: 'user', throttle: 'standard', summary: 'Imports up to 240 CSV rows: each validated, created with its card (24 per transaction), updated or skipped; dryRun previews', body: employeeImportRequestSchema, response: employeeImportResponseSchema, scoped: true },
  exportEmployees: { method: 'GET', path: '/api/businesses/{businessId}/employee-export', area: 'business', auth: 'user', throttle: 'standard', summary: 'Every employee as CSV (the import columns plus card URL and scans)', produces: 'text/csv', scoped: true },
  updateEmployee: { method: 'PUT', path: '/api/businesses/{businessId}/employees/{employeeId}', area: 'business', auth: 'user', throttle: 'standard', summary: 'Employee Profile dialog save: profile, photo, role and status; the card follows the status', body: employeeUpdateSchema, response: employeeSchema, scoped: true },
  deleteEmployee: { method: 'DELETE', path: '/api/businesses/{businessId}/employees/{employeeId}', area: 'business', auth: 'user', throttle: 'standard', summary: 'Deletes an inactive, non-owner employee with their card, counters, membership and media (204)', scoped: true },
  createCard: { method: 'POST', path: '/api/businesses/{businessId}/employees/{employeeId}/card', area: 'business', auth: 'user', throttle: 'standard', summary: 'Create Business Card: a card and its QR code for an employee without one', response: employeeSchema, scoped: true, creates: true },
  sendInvitation: { method: 'POST', path: '/api/businesses/{businessId}/employees/{employeeId}/invitation', area: 'invitations', auth: 'user', throttle: 'strict', summary: 'Send Invite: mails the employee a single-use onboarding link (7 days), replacing any earlier one', response: invitationReceiptSchema, scoped: true },
  getInvitation: { method: 'GET', path: '/api/invitations/{token}', area: 'invitations', auth: 'public', throttle: 'strict', summary: 'The onboarding page before sign-in: the invited name and e-mail and the business look (404 when the link is not valid)', params: z.object({ token: invitationTokenSchema }).strict(), response: invitationViewSchema },
  acceptInvitation: { method: 'POST', path: '/api/invitations/{token}/accept', area: 'invitations', auth: 'user', throttle: 'strict', summary: 'Links the signed-in account (same verified e-mail) to the invited employee and activates them', params: z.object({ token: invitationTokenSchema }).strict(), response: invitationAcceptedSchema },
  getMyEmployee: { method: 'GET', path: '/api/me/employee', area: 'business', auth: 'user', throttle: 'standard', summary: 'Employee portal: the caller’s own employee record, card and business look (404 when not linked)', response: myEmployeeSchema },
  getMyScanAnalytics: { method: 'GET', path: '/api/me/analytics', area: 'business', auth: 'user', throttle: 'standard', summary: 'Employee portal: scans of the caller’s own card over 7, 30 or 90 days, by source and device (404 when not linked)', query: scanAnalyticsQuerySchema, response: cardScanAnalyticsSchema },
  updateMyEmployee: { method: 'PUT', path: '/api/me/employee', area: 'business', auth: 'user', throttle: 'standard', summary: 'The employee saves their own profile and photo (not role or status)', body: employeeProfileSchema, response: employeeSchema },
  getHealthDetails: { method: 'GET', path: '/api/admin/health', area: 'admin', auth: 'admin', throttle: 'strict', summary: 'Admins: each dependency (table, media, user pool, mail) with its latency', response: healthSchema },
  getScanAnalytics: { method: 'GET', path: '/api/businesses/{businessId}/analytics', area: 'business', auth: 'user', throttle: 'standard', summary: 'Scans per day over the last 7, 30 or 90 days, by source and device, and the top cards (two Queries of the per-day counters)', query: scanAnalyticsQuerySchema, response: scanAnalyticsSchema, scoped: true },
  getAgencyDashboard: { method: 'GET', path: '/api/agency', area: 'agency', auth: 'user', throttle: 'standard', summary: 'Agency dashboard: the agency (null before its first save), the five stat cards and every client', response: agencyDashboardSchema },
  updateAgencySettings: { method: 'PUT', path: '/api/agency', area: 'agency', auth: 'user', throttle: 'standard', summary: 'Agency Settings: creates the agency on its first save, updates it afterwards', body: agencySettingsSchema, response: agencySchema },
  addAgencyClient: { method: 'POST', path: '/api/agency/clients', area: 'agency', auth: 'user', throttle: 'strict', summary: 'Add Client: a new business managed by the agency (the business and the link in one transaction)', body: addClientSchema, response: agencyClientSummarySchema, creates: true },
  createAgencyUpload: { method: 'POST', path: '/api/agency/uploads', area: 'agency', auth: 'user', throttle: 'strict', summary: 'Starts the agency logo upload: a presigned POST for one key, 5 MB at most', body: uploadRequestSchema, response: uploadTicketSchema, creates: true },
  confirmAgencyUpload: { method: 'POST', path: '/api/agency/uploads/{uploadId}/confirm', area: 'agency', auth: 'user', throttle: 'strict', summary: 'Checks the uploaded bytes, stores metadata-free renditions and points the agency logo at them', response: uploadResultSchema, scoped: true },
  getPlatformDashboard: { method: 'GET', path: '/api/admin/dashboard', area: 'admin', auth: 'admin', throttle: 'standard', summary: 'Admins: businesses, agencies, billable employees, monthly recurring revenue, outstanding, overdue, paid this month, six months of invoiced vs paid', response: adminDashboardSchema },
  listAdminBusinesses: { method: 'GET', path: '/api/admin/businesses', area: 'admin', auth: 'admin', throttle: 'standard', summary: 'Admins: businesses newest first, searched and filtered on the server, 25 per page (at most 1,000 looked at per page)', query: adminBusinessQuerySchema, response: adminBusinessPageSchema },
  setBusinessStatus: { method: 'PUT', path: '/api/admin/businesses/{businessId}/status', area: 'admin', auth: 'admin', throttle: 'standard', summary: 'Admins: Active/Inactive; every card of the business follows', body: businessStatusUpdateSchema, response: adminBusinessRowSchema, scoped: true },
  deleteBusiness: { method: 'DELETE', path: '/api/admin/businesses/{businessId}', area: 'admin', auth: 'admin', throttle: 'strict', summary: 'Admins: cascade delete (employees, cards, counters, memberships, guards, links, media, unpaid invoices), then its people are signed out', response: businessDeletedSchema, scoped: true },
  listAdminPlans: { method: 'GET', path: '/api/admin/plans', area: 'admin', auth: 'admin', throttle: 'standard', summary: 'Admins: every pricing plan, active or not', response: z.array(pricingPlanSchema) },
  updatePlan: { method: 'PUT', path: '/api/admin/plans/{planId}', area: 'admin', auth: 'admin', throttle: 'standard', summary: 'Admins: Edit Plan (price, description, user range, Popular, Active)', body: planUpdateSchema, response: pricingPlanSchema },
  listAdmins: { method: 'GET', path: '/api/admin/users', area: 'admin', auth: 'admin', throttle: 'standard', summary: 'Admins: the members of the Cognito admin group with their last sign-in', response: z.array(adminUserSchema) },
  inviteAdmin: { method: 'POST', path: '/api/admin/users', area: 'admin', auth: 'admin', throttle: 'strict', summary: 'Admins: Invite Admin (finds or creates the user, adds the admin group, mails the invitation)', body: adminInviteSchema, response: adminUserSchema, creates: true },
  removeAdmin: { method: 'DELETE', path: '/api/admin/users/{userId}', area: 'admin', auth: 'admin', throttle: 'strict', summary: 'Admins: Remove Admin Access (not your own); their current sessions end (204)' },
  listInvoices: { method: 'GET', path: '/api/admin/invoices', area: 'admin', auth: 'admin', throttle: 'standard', summary: 'Admins: invoices newest first with the business name, filtered by status and searched (25 per page)', query: invoiceListQuerySchema, response: invoicePageSchema },
  createInvoice: { method: 'POST', path: '/api/admin/invoices', area: 'admin', auth: 'admin', throttle: 'standard', summary: 'Admins: Create Invoice (numbered from the atomic counter), mailed to the billing e-mail or the owner', body: invoiceCreateSchema, response: invoiceCreatedSchema, creates: true },
  generateMonthlyInvoices: { method: 'POST', path: '/api/admin/invoices/monthly', area: 'admin', auth: 'admin', throttle: 'strict', summary: 'Admins: Generate monthly invoices now (the scheduled job; idempotent per month)', response: monthlyRunSchema },
  setInvoiceStatus: { method: 'PUT', path: '/api/admin/invoices/{invoiceId}/status', area: 'admin', auth: 'admin', throttle: 'standard', summary: 'Admins: Mark Paid, Mark Overdue or Void, only from a status that allows it (409 otherwise)', body: invoiceStatusUpdateSchema, response: invoiceSchema, scoped: true },
  deleteInvoice: { method: 'DELETE', path: '/api/admin/invoices/{invoiceId}', area: 'admin', auth: 'admin', throttle: 'standard', summary: 'Admins: deletes an invoice that is not paid (204; 409 for a paid one)', scoped: true },
  getInvoicePayment: { method: 'GET', path: '/api/public/invoices/{invoiceId}', area: 'payments', auth: 'public', throttle: 'strict', summary: 'The invoice payment page: number, business, status, due date, amount, notes, billing contact (404 for an unknown id)', response: invoicePaymentViewSchema, scoped: true },
  createCheckout: { method: 'POST', path: '/api/public/invoices/{invoiceId}/checkout', area: 'payments', auth: 'public', throttle: 'strict', summary: 'Pay: a Stripe Checkout Session for the stored amount; the browser goes to its url', body: checkoutRequestSchema, response: checkoutSchema, scoped: true },
  verifyPayment: { method: 'POST', path: '/api/public/payments/verify', area: 'payments', auth: 'public', throttle: 'strict', summary: 'Back from Stripe: confirms the session with Stripe and records the payment once', body: paymentVerifySchema, response: paymentVerifiedSchema },
  stripeWebhook: { method: 'POST', path: '/api/webhooks/stripe', area: 'payments', auth: 'public', throttle: 'public', summary: 'Stripe events (signature checked on the raw body, each event once): a completed checkout pays its invoice', produces: 'application/json' },
  submitCardContact: { method: 'POST', path: '/api/public/cards/{cardId}/contact', area: 'contacts', auth: 'public', throttle: 'strict', summary: "The card page's 'Share your details' form (urlencoded, no JavaScript): stored and mailed to the employee; answered with an HTML page", produces: 'text/html', scoped: true },
  listMyContacts: { method: 'GET', path: '/api/me/contacts', area: 'contacts', auth: 'user', throttle: 'standard', summary: 'Employee portal: the contacts shared with the caller, newest first (404 when not linked to an employee)', response: z.array(contactSchema) },
  listBusinessContacts: { method: 'GET', path: '/api/businesses/{businessId}/contacts', area: 'contacts', auth: 'user', throttle: 'standard', summary: "The business's contacts newest first, optionally one employee's (?employeeId=)", query: contactListQuerySchema, response: z.array(contactSchema), scoped: true },
  deleteContact: { method: 'DELETE', path: '/api/businesses/{businessId}/contacts/{contactId}', area: 'contacts', auth: 'user', throttle: 'standard', summary: 'Deletes a contact (its employee, or whoever manages the business) (204)', scoped: true },
  createWalletPass: { method: 'POST', path: '/api/cards/{cardId}/wallet-pass', area: 'business', auth: 'user', throttle: 'standard', summary: 'Add to Google Wallet: a signed save link for the card (503 when not configured)', response: walletPassSchema, scoped: true },
});

export type RouteTable = typeof routeTable;
export type OperationId = keyof RouteTable;

/** Every route, in table order. */
export const routes: RouteDef[] = Object.values(routeTable);
