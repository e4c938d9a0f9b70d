// The single route table: every HTTP route once. The CDK ApiStack and the local runtime both build from it,
// the OpenAPI document is generated from it, and the authorization and bad-input tests iterate over it.
// Each area declares its routes in functions/routes/<area>.ts (so a Lambda bundles only its own area's routes and
// schemas); this file combines them and says what each area's Lambda may reach. It holds declarations only (no
// handler code), so infra can import it without pulling in the SDK.
import type { Area, RouteDef } from './routes/define';
import { adminRoutes } from './routes/admin';
import { appleWalletRoutes } from './routes/apple-wallet';
import { billingRoutes } from './routes/billing';
import { agencyRoutes } from './routes/agency';
import { agencyBillingRoutes } from './routes/agency-billing';
import { businessRoutes } from './routes/business';
import { cardPageRoutes } from './routes/card-page';
import { activityRoutes } from './routes/activity';
import { contactsRoutes } from './routes/contacts';
import { directoryRoutes, scimRoutes } from './routes/directory';
import { customDomainsRoutes } from './routes/custom-domains';
import { docsRoutes } from './routes/docs';
import { invitationsRoutes } from './routes/invitations';
import { invoiceDocumentsRoutes } from './routes/invoice-documents';
import { emailSignatureRoutes } from './routes/email-signature';
import { leaversRoutes } from './routes/leavers';
import { sendingDomainsRoutes } from './routes/sending-domains';
import { stripeConnectRoutes } from './routes/stripe-connect';
import { ssoRoutes } from './routes/sso';
import { webhooksRoutes } from './routes/webhooks';
import { meRoutes } from './routes/me';
import { paymentsRoutes } from './routes/payments';
import { publicRoutes } from './routes/public';

export type { Area, HttpMethod, RouteAuth, RouteDef, RouteOf, RouteSpec, ThrottleClass, PathParamNames } from './routes/define';

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
  | 'DescribeUserPool'
  | 'CreateIdentityProvider'
  | 'UpdateIdentityProvider'
  | 'DeleteIdentityProvider'
  | 'DescribeIdentityProvider'
  | 'ListIdentityProviders'
  | 'DescribeUserPoolClient'
  | 'UpdateUserPoolClient';

/**
 * What a Lambda may reach. Infra grants exactly this (and sets only the environment variables it implies); the
 * infra tests assert the resulting IAM actions per function.
 */
export interface Capabilities {
  /** Item actions on the table; `indexes: true` adds Query on the GSIs. Absent: the area never reads the table. */
  table?: { actions: readonly TableAction[]; indexes: boolean };
  /** PUBLIC_ORIGIN: the area builds links to the site (card URLs, QR codes, wallet passes). */
  site?: boolean;
  /**
   * The media bucket: `write` key prefixes (Put/DeleteObject), `read` prefixes (GetObject), `delete` prefixes
   * (DeleteObject only), `head` (HeadBucket and listing, both s3:ListBucket). Areas that write media render images
   * with sharp; `render` says an area renders images without writing media (its zip ships sharp too).
   */
  media?: { write?: readonly string[]; read?: readonly string[]; delete?: readonly string[]; head?: boolean; render?: boolean };
  /** SES: send mail from the configured sender; `account` reads the sending status (health check). */
  mail?: { send: boolean; account?: boolean };
  /** Cognito admin actions on the user pool. */
  userPool?: readonly UserPoolAction[];
  /**
   * The private documents bucket (invoice PDFs; no CloudFront behaviour): `read` prefixes (GetObject, also what a
   * presigned GET link is signed with), `write` prefixes (PutObject only), `list` (s3:ListBucket, so that S3 answers a
   * missing object's HEAD with 404 rather than 403).
   */
  documents?: { read?: readonly string[]; write?: readonly string[]; list?: boolean };
  /** Secrets Manager secrets (by the deploy configuration's names) the area reads. */
  secrets?: readonly ('stripe' | 'googleWallet' | 'appleWallet')[];
  /**
   * The fan-outs' queues (billing, issue 20 §3; the scan close): `send` grants sqs:SendMessage (SendMessageBatch included) and sets the
   * queue's URL; `consume` sets the URL only — the function's SQS event source grants what consuming needs.
   */
  queues?: { billing?: 'send' | 'consume'; planning?: 'send'; scanClose?: 'send' | 'consume'; webhooks?: 'send' | 'consume' };
  /**
   * CloudFront SaaS Manager (issue 21 §2): create, read, disable and delete distribution tenants (and read their managed
   * certificates and DNS checks) on the card-traffic distribution only; sets TENANT_DISTRIBUTION_ID and
   * TENANT_ROUTING_ENDPOINT.
   */
  tenants?: boolean;
  /**
   * SES domain identities (an agency's sending domain): create, read and delete them, on identity ARNs only and never
   * the platform's own sender identities. No variable in AWS (the SDK's default endpoint).
   */
  sendingIdentities?: boolean;
  /** INVOICE_SELLER_*: the seller of record the area prints on invoice PDFs (configuration only, no permission). */
  invoiceSeller?: boolean;
  /**
   * Single sign-on (issue 24): sets USER_POOL_CLIENT_ID (the app client its identity providers join), SSO_AUTH_ORIGIN
   * (the user pool's OAuth domain, for the ACS URL and redirect URI shown to the owner). The Cognito actions themselves
   * are `userPool` actions.
   */
  sso?: boolean;
}

export interface AreaDef {
  /** Handler source file relative to the repository root. */
  entry: string;
  capabilities: Capabilities;
  /**
   * Served by CloudFront straight from the function's own URL (origin access control), not through API Gateway: no
   * HTTP API request charge on the hottest public route (infra/api-stack.ts, infra/web-stack.ts).
   */
  functionUrl?: true;
}

export const areas: Record<Area, AreaDef> = {
  // Liveness, plans, the sales contact (stored, rate-limited, mailed), vCards.
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
  // The OpenAPI document, built from every area's routes and schemas once per container. Its own Lambda, so that
  // no other area carries the whole route table, and small (no middy, no ElectroDB): it reaches nothing.
  docs: {
    entry: 'functions/src/docs/handler.ts',
    capabilities: {},
  },
  // Who am I: reads the caller's records, creates the profile, mirrors the account type to Cognito.
  me: {
    entry: 'functions/src/me/handler.ts',
    // A first single sign-on (issue 24) is linked to its employee here: one transaction (Put: membership, guard, audit;
    // Update: employee, card, business counters) and the employee's Cognito group. With 'create employees on first
    // sign-in', a draft employee is created instead in one transaction (Put: employee, card, scan total, guards,
    // membership, audit; Update: business counters); its QR code is made by the dashboard or the portal's button, so no media write.
    // site: the agency's domain origin (Sign Out goes there) and, on such a domain, the agency's brand (GET /api/site-brand).
    capabilities: { table: { actions: ['GetItem', 'Query', 'PutItem', 'UpdateItem'], indexes: false }, site: true, userPool: ['AdminUpdateUserAttributes', 'AdminAddUserToGroup'] },
  },
  // Onboarding, dashboard, employees, cards, QR images and wallet passes.
  business: {
    entry: 'functions/src/business-api/handler.ts',
    capabilities: {
      // BatchGetItem: a later dashboard page reads the business and its scan total beside the page's Query.
      // DeleteItem/BatchWriteItem: deleting an employee (one transaction, then the card's per-day counters).
      table: { actions: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'ConditionCheckItem'], indexes: true },
      site: true,
      // qr/: QR images; uploads/: presigned browser uploads (read back by the confirm call); logos/ and photos/: renditions.
      media: { write: ['qr/', 'uploads/', 'logos/', 'photos/'], read: ['uploads/'] },
      // ListUsers, AdminUserGlobalSignOut: a status saved as Inactive runs the leaver flow (functions/src/leavers).
      userPool: ['AdminAddUserToGroup', 'AdminUpdateUserAttributes', 'ListUsers', 'AdminUserGlobalSignOut'],
      secrets: ['googleWallet'],
    },
  },
  // The public card page after a scan: one GetItem and the day counter's ADD. Nothing else (but media on agency
  // domains, below). CloudFront calls its function URL: API Gateway's $1.00 a million requests was half of what a scan cost (issue 25 §2).
  cardPage: {
    entry: 'functions/src/card-page/handler.ts',
    functionUrl: true,
    // Media: on an agency's domain /media/* comes here to be served only for the agency and its clients
    // (card-page/media-on-domain.ts); the owner folders only, never browser uploads.
    capabilities: { table: { actions: ['GetItem', 'UpdateItem'], indexes: false }, site: true, media: { read: ['qr/', 'logos/', 'photos/', 'signature-qr/', 'favicons/', 'previews/'] } },
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
      // ConditionCheckItem: Add Client checks the agency's name it copies onto the client. UpdateItem: a rename onto
      // the clients' copies. Query (gsi2): the plans, whose agency plan's volume tiers give the dashboard's Costs, and
      // each client's card-days for the agency analytics (with its day items on the table).
      table: { actions: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'ConditionCheckItem'], indexes: true },
      // uploads/: presigned browser uploads (read back by the confirm call); logos/: the agency logo's renditions (with
      // the favicon derived from it); favicons/: its own favicon's renditions (issue 21 §1).
      media: { write: ['uploads/', 'logos/', 'favicons/'], read: ['uploads/'] },
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
      // A shared contact raises lead.created: a delivery per endpoint that takes it, queued for the webhook worker.
      queues: { webhooks: 'send' },
    },
  },
  // Everything that talks to Stripe, the only area with the Stripe keys: the public payment page, Stripe Checkout,
  // verify on return, the Stripe webhook, and for admins the invoice status changes (Void expires Checkout Sessions),
  // unapplied payments and their refunds.
  payments: {
    entry: 'functions/src/payments/handler.ts',
    capabilities: {
      // PutItem: a webhook event's dedupe record, an unapplied payment. DeleteItem: the dedupe record again when handling
      // fails, so Stripe's retry counts. Query (gsi2): the unapplied payments listing.
      table: { actions: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'], indexes: true },
      site: true,
      // The payment receipt, to the billing e-mail or the owner.
      mail: { send: true },
      secrets: ['stripe'],
    },
  },
  // A business's own invoices (issue 27 §2), for its owner, the agency managing it and admins.
  billing: {
    entry: 'functions/src/billing/handler.ts',
    // Query (gsi1): the business's invoices; GetItem/Query: the caller's records and the agency–client link.
    capabilities: { table: { actions: ['GetItem', 'Query'], indexes: true } },
  },
  // An agency's billing (issue 20 §1, §2): its invoices and volume tier, and who pays for each client; and white-label
  // per client (issue 21 §1), the other choice kept on the agency–client link.
  agencyBilling: {
    entry: 'functions/src/agency-billing/handler.ts',
    // Query (gsi1): the agency's invoices; (gsi2) the plans (volume tiers) and a client's agency links. BatchGetItem:
    // the clients billed to the agency. UpdateItem: the choices on the link, the agency's brand on the client's business
    // item. GetItem: the caller's records, the agency, the business.
    // PutItem: the audit entry of a changed payer or white-label choice (issue 23 §3), and the billing-email guard of a
    // client billed directly that gets its billing e-mail on the switch (issue 40). ConditionCheckItem: a changed payer's
    // transaction checks the agency's name it copies onto the business item, and that a client billed directly still
    // has its billing e-mail.
    capabilities: { table: { actions: ['GetItem', 'BatchGetItem', 'Query', 'UpdateItem', 'PutItem', 'ConditionCheckItem'], indexes: true } },
  },
  // Invoice PDFs (issue 27 §2): the only Lambda that carries pdf-lib. Renders an invoice's PDF for its current state on
  // the first request, stores it under invoices/ in the documents bucket and answers with a short-lived link to it.
  invoiceDocuments: {
    entry: 'functions/src/invoice-documents/handler.ts',
    // GetItem: the invoice and its business's billing fields.
    capabilities: { table: { actions: ['GetItem'], indexes: false }, documents: { read: ['invoices/'], write: ['invoices/'], list: true }, invoiceSeller: true },
  },
  // E-mail signature (issue 22 §3): a card's signature data and its QR image, for the card's employee and whoever
  // manages its business.
  emailSignature: {
    entry: 'functions/src/email-signature/handler.ts',
    capabilities: {
      // GetItem: the card, the business (field choices, disclaimer), an agency–client link. Query (no index): the
      // caller's profile and memberships, as every signed-in area reads them.
      table: { actions: ['GetItem', 'Query'], indexes: false },
      // The card URL.
      site: true,
      // signature-qr/: the signature's images (QR, round photo, logo; a conditional PutObject, nothing read back),
      // made from the stored photos and logos, which it reads.
      media: { write: ['signature-qr/'], read: ['photos/', 'logos/'] },
    },
  },
  // The audit log (issue 23 §3): reads a business's entries for the Activity section and its export. Every area that
  // changes a business writes its own entries (PutItem, which those areas hold already).
  activity: {
    entry: 'functions/src/audit/handler.ts',
    // Query (no index): the business's entries (its partition), the caller's records. GetItem: an agency–client link.
    capabilities: { table: { actions: ['GetItem', 'Query'], indexes: false } },
  },
  // Apple Wallet (issue 22 §1): the only Lambda carrying passkit-generator and the pass signer. The 'Add to Apple
  // Wallet' link, the signed pass (its images resized from the stored logo and photo) and Apple's PassKit web service.
  appleWallet: {
    entry: 'functions/src/apple-wallet/handler.ts',
    capabilities: {
      // GetItem/Query: the card, the caller's records (and the agency–client link), a device's pass registrations.
      // PutItem/DeleteItem: PassKit registrations (no index: the device's listing is the primary key).
      table: { actions: ['GetItem', 'Query', 'PutItem', 'DeleteItem'], indexes: false },
      site: true,
      media: { read: ['logos/', 'photos/'], render: true },
      secrets: ['appleWallet'],
    },
  },
  // Custom domains (issue 21 §2): an agency's own domain for its clients' card pages, one CloudFront distribution tenant
  // each. The only Lambda with the tenant actions.
  customDomains: {
    entry: 'functions/src/custom-domains/handler.ts',
    capabilities: {
      // GetItem: the caller's agency, the domain items. Query: the caller's records, the client links, (gsi1) the clients'
      // cards whose QR codes encode the domain; (gsi2) a business's agency when a QR code is regenerated. PutItem/DeleteItem:
      // the domain and the agency's domain record (one transaction). UpdateItem: the state read back, a card's new QR.
      table: { actions: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'], indexes: true },
      // The domain's origin takes the platform's scheme and port; a regenerated QR code falls back to the platform URL.
      site: true,
      // qr/: the regenerated QR images of a removed domain's cards, or of cards moved to the domain (and the superseded ones deleted).
      media: { write: ['qr/'] },
      tenants: true,
    },
  },
  // An agency's own sending domain: its SES domain identity (Easy DKIM). The only Lambda with SES's identity actions.
  sendingDomains: {
    entry: 'functions/src/sending-domains/handler.ts',
    capabilities: {
      // GetItem: the caller's agency, the domain item, a client's business (the brand's copy). Query: the caller's
      // records, the agency's client links. PutItem/UpdateItem/DeleteItem: the domain item and the agency's
      // sendingDomain (one transaction), the state read back, the brand copied onto each client when it is verified.
      table: { actions: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'], indexes: false },
      sendingIdentities: true,
    },
  },
  // Stripe Connect for agencies: an agency's connected account, its onboarding link and the Connect webhook. With
  // payments, the only Lambda holding the Stripe keys.
  stripeConnect: {
    entry: 'functions/src/stripe-connect/handler.ts',
    capabilities: {
      // GetItem/Query: the caller's records, the agency. UpdateItem: the agency's account id and state (conditional).
      // PutItem/DeleteItem: a Connect event's dedupe record (the platform webhook's), and again when handling fails.
      table: { actions: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'], indexes: false },
      // The return and refresh URLs Stripe sends the browser back to.
      site: true,
      secrets: ['stripe'],
    },
  },
  // Directory sync (issue 23 §1): the owner's SCIM tokens and settings, and the SCIM 2.0 service (/scim/v2, no JWT
  // authorizer: the handler checks the SCIM bearer token). A SCIM user is an employee, so this area creates, changes and
  // deletes employees through the business area's own services and mails the optional invitation.
  directory: {
    entry: 'functions/src/directory/handler.ts',
    capabilities: {
      // GetItem/Query: tokens (by hash; gsi2 by business), employees, the dashboard collection (gsi1), directory users
      // (gsi2), the caller's records, groups and their members. PutItem/UpdateItem/DeleteItem: tokens, directory users,
      // groups, settings, the rate-limit counter, an invitation; the employee transactions (create, save, delete).
      // BatchWriteItem: a deleted employee's scan days and contacts. BatchGetItem: a group's members' names.
      // ConditionCheckItem: a member's change checks its group; a new userName checks the business's e-mail guards.
      table: { actions: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'ConditionCheckItem'], indexes: true },
      // The card URL (QR code, invitation link) and the SCIM base URL.
      site: true,
      // qr/: a provisioned employee's QR code; a deleted employee's QR images and photos go (delete only).
      media: { write: ['qr/'], delete: ['photos/'] },
      mail: { send: true },
      // `active: false` runs the leaver flow (issue 23 §2): the leaver's Cognito user and its global sign-out.
      userPool: ['ListUsers', 'AdminUserGlobalSignOut'],
    },
  },
  // Leavers (issue 23 §2): deactivate and reactivate through the one leaver flow (the business area's status save and
  // SCIM call the same functions/src/leavers/deactivate.ts).
  leavers: {
    entry: 'functions/src/leavers/handler.ts',
    capabilities: {
      // GetItem/Query: the employee, card, business, its employees (gsi1), the leaver's leads (gsi2), the caller's records.
      // PutItem/DeleteItem: the leaver item. UpdateItem: the status transaction, the membership, the leads, the
      // profile's token cut-off.
      table: { actions: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'], indexes: true },
      // The employee DTO's card URL.
      site: true,
      // ListUsers: the leaver's Cognito username; AdminUserGlobalSignOut: their refresh tokens stop working.
      userPool: ['ListUsers', 'AdminUserGlobalSignOut'],
    },
  },
  // Single sign-on (issue 24): a business's e-mail domains (DNS TXT check), its identity provider in Cognito (one per
  // business, added to the app client's supported providers under a lease) and its switches; the public SSO discovery.
  // The only Lambda with the identity-provider and app-client actions.
  sso: {
    entry: 'functions/src/sso/handler.ts',
    capabilities: {
      // GetItem/Query: domains (by name; gsi2 by business), the connection, the business, the caller's records.
      // PutItem/UpdateItem/DeleteItem: domains, the connection, the app client's lease, the audit entries.
      table: { actions: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'], indexes: true },
      // The provider (Describe → Create/Update, Delete; List for operators) and the app client's read-modify-write.
      // AdminGetUser: a recorded test sign-in's user, whose identities must name the business's provider.
      userPool: ['CreateIdentityProvider', 'UpdateIdentityProvider', 'DeleteIdentityProvider', 'DescribeIdentityProvider', 'ListIdentityProviders', 'DescribeUserPoolClient', 'UpdateUserPoolClient', 'AdminGetUser'],
      sso: true,
    },
  },
  // Outgoing webhooks (Company Settings → Webhooks): endpoints and their secrets, test events, the delivery log, replays.
  webhooks: {
    entry: 'functions/src/webhooks/handler.ts',
    capabilities: {
      // GetItem/Query: the endpoints (by id; gsi2 by business), the deliveries (by id; gsi2 by endpoint), the caller's
      // records. PutItem/UpdateItem/DeleteItem: an endpoint, its rotated secret, a test or replayed delivery.
      table: { actions: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'], indexes: true },
      queues: { webhooks: 'send' },
    },
  },
  // The admin portal (Cognito admin group only): the deep health check, the businesses directory and its toggle,
  // invoices (list, create, mail, the monthly run, delete; status changes are in payments), plans, and admin users.
  admin: {
    entry: 'functions/src/admin/handler.ts',
    capabilities: {
      // Query (gsi2): the businesses and plans listings; (gsi1) a toggled business's cards. UpdateItem: the business,
      // its cards, a plan, a removed admin's profile. BatchGetItem: the admins' profiles. PutItem: an invited admin's
      // profile. DescribeTable: the health check.
      // DeleteItem: an unpaid invoice with its monthly guard. BatchWriteItem: a deleted business's items, 25 at a time.
      // ConditionCheckItem: a deleted business's agency links are removed in transactions with its copy of its agency.
      table: { actions: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'DescribeTable', 'ConditionCheckItem'], indexes: true },
      site: true,
      // A deleted business's objects are listed (ListBucket) and deleted under its prefixes; nothing is written or read.
      media: { head: true, delete: ['qr/', 'logos/', 'photos/', 'uploads/', 'signature-qr/'] },
      mail: { send: true, account: true },
      // AdminUserGlobalSignOut: a deleted business's people lose their sessions (their refresh tokens stop working).
      userPool: ['DescribeUserPool', 'ListUsers', 'ListUsersInGroup', 'AdminCreateUser', 'AdminSetUserPassword', 'AdminAddUserToGroup', 'AdminRemoveUserFromGroup', 'AdminUserGlobalSignOut'],
      // Generate monthly invoices creates the run (PutItem) and queues it for the planner; the recent runs (Query gsi2).
      queues: { planning: 'send' },
    },
  },
};

/** The scheduled job is not an HTTP route; infra wires it to EventBridge Scheduler. */
export const jobs = {
  // The billing planner (issue 20 §3): the monthly schedule, the planning queue (runs an admin started) and the hourly
  // check of unfinished runs. It lists the payers (businesses, agencies and their client links) and queues one message
  // per payer on the billing queue.
  monthlyInvoices: {
    entry: 'functions/src/jobs/plan-monthly-run-handler.ts',
    // GetItem: the run. Query (gsi2): the businesses, agencies and plans listings and the recent runs; the client links.
    // PutItem: a scheduled run. UpdateItem: the run's payer count and status.
    capabilities: { table: { actions: ['GetItem', 'Query', 'PutItem', 'UpdateItem'], indexes: true }, queues: { billing: 'send' } },
  },
  // The billing worker: bills each queued payer once (numbered invoice with its monthly guard), mails the invoice at the
  // paced rate, counts the outcome on the run.
  billPayers: {
    entry: 'functions/src/jobs/bill-payer-handler.ts',
    // GetItem: the business or agency, the guard pre-check, the sequence, the run, the billing contact. BatchGetItem: an
    // agency's clients and their guards. PutItem: sequence, guard and invoice (one transaction), the payer's outcome.
    // UpdateItem: the run's counters (in the outcome's transaction), its failures and status. BatchWriteItem: the
    // guards of an agency invoice's clients. GetAccount: the SES sending rate it paces to.
    capabilities: {
      table: { actions: ['GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem', 'BatchWriteItem'], indexes: false },
      site: true,
      mail: { send: true, account: true },
      queues: { billing: 'consume' },
    },
  },
  // Lists unpaid invoices daily, marks the ones past due overdue and mails reminders at 1, 7 and 14 days overdue.
  dunning: {
    entry: 'functions/src/jobs/dunning-handler.ts',
    // Query: the gsi2 invoices listing. GetItem: the billing contact (business, owner profile). UpdateItem: the
    // conditional status change and the reminder claim (and its release after a failed mail). Mails the payment link.
    capabilities: { table: { actions: ['GetItem', 'Query', 'UpdateItem'], indexes: true }, site: true, mail: { send: true } },
  },
  // The card-sharing worker (issue 22), fed by the table's stream (card items only): keeps every shared form of a card
  // current when the card changes. Reading the stream is granted by its event source; each reaction adds what it reaches.
  cardSharing: {
    entry: 'functions/src/card-sharing/handler.ts',
    capabilities: {
      // The link preview (issue 22 §5): UpdateItem points the card at its image (only if the card still exists).
      // appleWallet (§1): the devices holding a changed card's pass (Query gsi2), dropping one APNs says is gone (DeleteItem).
      table: { actions: ['UpdateItem', 'Query', 'DeleteItem'], indexes: true },
      // previews/: the rendered images (written, and the replaced one deleted); photos/ and logos/: what they draw.
      media: { write: ['previews/'], read: ['photos/', 'logos/'] },
      // Google Wallet (issue 22 §2): the card URL on the pass (site) and the issuer's service-account key, to patch saved
      // passes. Apple Wallet (§1): the signer secret holds the APNs key the update pushes are signed with.
      site: true,
      secrets: ['googleWallet', 'appleWallet'],
    },
  },
  // The daily close of scan counts (issue 25 §2, functions/src/scan-totals/close.ts), planned here: one queued message
  // per business for the worker below.
  scanClose: {
    entry: 'functions/src/scan-totals/close-handler.ts',
    // Query (gsi2): the businesses listing. PutItem: the run. GetItem: the run as planned.
    // UpdateItem: a run with no business finished at once.
    capabilities: { table: { actions: ['GetItem', 'Query', 'PutItem', 'UpdateItem'], indexes: true }, queues: { scanClose: 'send' } },
  },
  // The scan close worker: closes each queued business (adds its ended card-days into the card totals, writes its
  // business days), counts the outcome on the run.
  scanCloseWorker: {
    entry: 'functions/src/scan-totals/close-worker-handler.ts',
    // Query (gsi2): a business's card-days. GetItem: the business's latest day, the run. UpdateItem: the conditional adds
    // to the card totals, the run's counters (in the outcomes' transaction), failures and status. PutItem: the business's
    // day item, the outcome items (in the transaction).
    capabilities: { table: { actions: ['GetItem', 'Query', 'PutItem', 'UpdateItem'], indexes: true }, queues: { scanClose: 'consume' } },
  },
  // The webhook delivery worker: one signed attempt per due delivery (SSRF rules, no redirects), recorded in the
  // delivery log; a failed attempt queues the next on the 24-hour backoff schedule.
  webhookDeliveries: {
    entry: 'functions/src/webhooks/worker-handler.ts',
    // GetItem: the delivery, its endpoint. UpdateItem: the attempt and the delivery's state. The retry is a new message.
    capabilities: { table: { actions: ['GetItem', 'UpdateItem'], indexes: false }, queues: { webhooks: 'send' } },
  },
} satisfies Record<string, AreaDef>;

/** Handler source file per area (the local runtime, bench and infra read these). */
export const handlerEntries = Object.fromEntries(Object.entries(areas).map(([area, def]) => [area, def.entry])) as Record<Area, string>;
export const jobEntries = { monthlyInvoices: jobs.monthlyInvoices.entry, billPayers: jobs.billPayers.entry, dunning: jobs.dunning.entry, cardSharing: jobs.cardSharing.entry, scanClose: jobs.scanClose.entry, scanCloseWorker: jobs.scanCloseWorker.entry, webhookDeliveries: jobs.webhookDeliveries.entry } as const;


/** Every area's routes; an operation id declared twice would silently replace the first, so that fails here. */
const areaRouteTables = [publicRoutes, docsRoutes, cardPageRoutes, meRoutes, businessRoutes, invitationsRoutes, adminRoutes, agencyRoutes, paymentsRoutes, contactsRoutes, billingRoutes, agencyBillingRoutes, invoiceDocumentsRoutes, emailSignatureRoutes, appleWalletRoutes, activityRoutes, customDomainsRoutes, sendingDomainsRoutes, stripeConnectRoutes, directoryRoutes, scimRoutes, leaversRoutes, ssoRoutes, webhooksRoutes];
export const routeTable = { ...publicRoutes, ...docsRoutes, ...cardPageRoutes, ...meRoutes, ...businessRoutes, ...invitationsRoutes, ...adminRoutes, ...agencyRoutes, ...paymentsRoutes, ...contactsRoutes, ...billingRoutes, ...agencyBillingRoutes, ...invoiceDocumentsRoutes, ...emailSignatureRoutes, ...appleWalletRoutes, ...activityRoutes, ...customDomainsRoutes, ...sendingDomainsRoutes, ...stripeConnectRoutes, ...directoryRoutes, ...scimRoutes, ...leaversRoutes, ...ssoRoutes, ...webhooksRoutes };
if (Object.keys(routeTable).length !== areaRouteTables.reduce((n, table) => n + Object.keys(table).length, 0)) {
  throw new Error('An operationId is declared in two area route tables');
}

export type RouteTable = typeof routeTable;
export type OperationId = keyof RouteTable;

/** Every route, in table order. */
export const routes: RouteDef[] = Object.values(routeTable);
