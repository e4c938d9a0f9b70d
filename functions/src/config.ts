// Environment configuration, one small schema per concern, each parsed once on first use by the adapter that needs
// it: a missing or malformed variable fails with its name, and a Lambda is never asked for variables of a concern its
// area may not reach (the card page has no user pool id, no bucket and no secrets). Names match infra/app-environment.ts.
import * as z from '../../shared/zod';

function section<S extends z.ZodMiniObject>(name: string, schema: S): () => z.output<S> {
  let cached: z.output<S> | undefined;
  return () => {
    if (!cached) {
      const parsed = schema.safeParse(process.env);
      if (!parsed.success) {
        const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
        throw new Error(`Invalid ${name} configuration: ${problems}`);
      }
      cached = parsed.data;
    }
    return cached;
  };
}

/** Every function: where it runs. */
export const runtimeConfig = section('runtime', z.object({ APP_MODE: z._default(z.enum(['aws', 'local']), 'aws'), AWS_REGION: z._default(z.string(), 'us-east-1') }));

/** Set in AWS only: the header CloudFront adds to API requests (functions/src/lib/origin-verify.ts). */
export const edgeConfig = section('edge', z.object({ ORIGIN_VERIFY_SECRET: z.optional(z.string().check(z.minLength(32))) }));

/** The table (every function). */
export const tableConfig = section('table', z.object({ TABLE_NAME: z.string().check(z.minLength(1)), DYNAMODB_ENDPOINT: z.optional(z.url()) }));

/** The origin links and QR codes point at, e.g. https://cards.example.com */
export const siteConfig = section('site', z.object({ PUBLIC_ORIGIN: z.url() }));

export const mediaConfig = section(
  'media',
  z.object({
    MEDIA_BUCKET: z.string().check(z.minLength(1)),
    /** Public base URL of media objects, e.g. https://cards.example.com/media */
    MEDIA_BASE_URL: z.url(),
    S3_ENDPOINT: z.optional(z.url()),
  }),
);

/** The private documents bucket (invoice PDFs): never served by CloudFront, read only through short-lived presigned links. */
export const documentsConfig = section('documents', z.object({ DOCUMENTS_BUCKET: z.string().check(z.minLength(1)), S3_ENDPOINT: z.optional(z.url()) }));

/**
 * Custom domains (issue 21 §2): the multi-tenant CloudFront distribution (ConnectionMode tenant-only) each agency domain
 * becomes a tenant of, and the endpoint an agency's CNAME points at (its connection group's routing endpoint, e.g.
 * d111111abcdef8.cloudfront.net). CLOUDFRONT_ENDPOINT points the SDK at the local stand-in.
 */
export const tenantsConfig = section(
  'tenants',
  z.object({
    TENANT_DISTRIBUTION_ID: z.string().check(z.minLength(1)),
    TENANT_ROUTING_ENDPOINT: z.string().check(z.minLength(1)),
    /** The connection group the tenants join (its routing endpoint is TENANT_ROUTING_ENDPOINT); absent: the account's default. */
    TENANT_CONNECTION_GROUP_ID: z.optional(z.string().check(z.minLength(1))),
    CLOUDFRONT_ENDPOINT: z.optional(z.url()),
  }),
);

export const userPoolConfig = section('user pool', z.object({ USER_POOL_ID: z.string().check(z.minLength(1)), COGNITO_ENDPOINT: z.optional(z.url()) }));

/** The app client single sign-on's identity providers are added to (issue 24; the sso area and its deploy step). */
export const appClientConfig = section('app client', z.object({ USER_POOL_CLIENT_ID: z.string().check(z.minLength(1)) }));

/**
 * Single sign-on (issue 24): the origin of the user pool's OAuth domain (the hosted UI:
 * `https://<domain>.auth.<region>.amazoncognito.com`; locally the hosted-UI stand-in) and, optionally, the DNS server
 * the TXT check asks (`host:port`; locally the DNS stand-in).
 */
export const ssoConfig = section(
  'single sign-on',
  z.object({
    SSO_AUTH_ORIGIN: z.url(),
    DNS_SERVER: z.optional(z.string().check(z.minLength(1))),
  }),
);

/**
 * The seller of record on every invoice PDF (issue 40): the platform's company — its legal name, address (lines
 * separated by `|`) and billing e-mail — whichever brand the document wears. CDK sets them from the deploy context
 * (infra/deploy-config.ts, required for the prod stage); the placeholders stand until then (docs/decisions.md
 * "Invoices in the agency's brand").
 */
export const INVOICE_SELLER_PLACEHOLDER = { name: 'Example Platform Company, Inc.', address: '100 Market Street, Suite 300|San Francisco, CA 94105|United States', email: 'billing@platform.example' } as const;

export const invoiceSellerConfig = section(
  'invoice seller',
  z.object({
    INVOICE_SELLER_NAME: z._default(z.string().check(z.minLength(1)), INVOICE_SELLER_PLACEHOLDER.name),
    INVOICE_SELLER_ADDRESS: z._default(z.string(), INVOICE_SELLER_PLACEHOLDER.address),
    INVOICE_SELLER_EMAIL: z._default(z.email(), INVOICE_SELLER_PLACEHOLDER.email),
  }),
);

/**
 * The agency's sending domain: SES domain identities with Easy DKIM (the sendingDomains area). SES_IDENTITIES_ENDPOINT
 * points the SDK at the local stand-in (aws-ses-v2-local has no identities); in AWS it is unset and SES's own is used.
 */
export const sendingIdentitiesConfig = section('sending identities', z.object({ SES_IDENTITIES_ENDPOINT: z.optional(z.url()) }));

export const mailConfig = section(
  'mail',
  z.object({
    SES_FROM_ADDRESS: z._default(z.string(), 'CardCrew <no-reply@cardcrew.local>'),
    SALES_INBOX: z._default(z.string(), 'sales@cardcrew.local'),
    SES_ENDPOINT: z.optional(z.url()),
  }),
);

/**
 * The user pool's custom email sender: the KMS key Cognito encrypts the codes with (KMS_ENDPOINT is the local stand-in).
 */
export const cognitoSenderConfig = section('cognito sender', z.object({ COGNITO_SENDER_KEY_ARN: z.string().check(z.minLength(1)), KMS_ENDPOINT: z.optional(z.url()) }));

/**
 * Google Wallet (issue 22 §2). In AWS the issuer id and service-account key come from the Secrets Manager secret
 * GOOGLE_WALLET_SECRET_NAME; without it there is no issuer ('Add to Google Wallet' is not shown; the API answers 503).
 * The local runtime instead names the stand-in's key file (GOOGLE_WALLET_KEY_FILE, read in local mode only) and points
 * the save page, the Wallet API and the OAuth token endpoint at the stand-in; the defaults are Google's.
 */
export const walletConfig = section(
  'wallet',
  z.object({
    GOOGLE_WALLET_SECRET_NAME: z.optional(z.string().check(z.minLength(1))),
    GOOGLE_WALLET_KEY_FILE: z.optional(z.string().check(z.minLength(1))),
    GOOGLE_WALLET_SAVE_URL: z._default(z.url(), 'https://pay.google.com/gp/v/save/'),
    GOOGLE_WALLET_API_BASE: z._default(z.url(), 'https://walletobjects.googleapis.com/walletobjects/v1/'),
    GOOGLE_OAUTH_TOKEN_URL: z._default(z.url(), 'https://oauth2.googleapis.com/token'),
  }),
);

/**
 * Optional (issue 22 §1): Apple Wallet passes. In AWS the signer comes from the Secrets Manager secret
 * APPLE_WALLET_SECRET_NAME (docs/deploy.md); locally from the test CA `npm start` creates in APPLE_WALLET_LOCAL_DIR.
 * Without either, 'Add to Apple Wallet' is hidden and the API answers 404 'not available'. APNS_ENDPOINT points the
 * update pushes at the local APNs stand-in (Apple's production endpoint otherwise).
 */
export const appleWalletConfig = section(
  'apple wallet',
  z.object({
    APPLE_WALLET_SECRET_NAME: z.optional(z.string().check(z.minLength(1))),
    APPLE_WALLET_LOCAL_DIR: z.optional(z.string().check(z.minLength(1))),
    APNS_ENDPOINT: z.optional(z.url()),
  }),
);

/**
 * Stripe: in AWS the keys come from the Secrets Manager secret STRIPE_SECRET_NAME (JSON: secretKey, webhookSecret and,
 * for Stripe Connect, connectWebhookSecret: the Connect endpoint's own signing secret). The local runtime points the
 * SDK at the stand-in (STRIPE_API_BASE) and passes its test keys directly.
 */
export const stripeConfig = section(
  'stripe',
  z.object({
    STRIPE_SECRET_NAME: z.optional(z.string().check(z.minLength(1))),
    STRIPE_API_BASE: z.optional(z.url()),
    STRIPE_SECRET_KEY: z.optional(z.string().check(z.minLength(1))),
    STRIPE_WEBHOOK_SECRET: z.optional(z.string().check(z.minLength(1))),
    STRIPE_CONNECT_WEBHOOK_SECRET: z.optional(z.string().check(z.minLength(1))),
  }),
);

/** The billing fan-out's queues (issue 20 §3); each function gets the URL of the queue it sends to or consumes. */
export const billingQueueConfig = section('billing queue', z.object({ BILLING_QUEUE_URL: z.url(), SQS_ENDPOINT: z.optional(z.url()) }));
/** The scan close's queue: the planner sends a message per business to it, the worker consumes it. */
export const scanCloseQueueConfig = section('scan close queue', z.object({ SCAN_CLOSE_QUEUE_URL: z.url(), SQS_ENDPOINT: z.optional(z.url()) }));
export const planningQueueConfig = section('planning queue', z.object({ PLANNING_QUEUE_URL: z.url(), SQS_ENDPOINT: z.optional(z.url()) }));
/** Outgoing webhooks: every area that raises an event sends to this queue; the delivery worker consumes it. */
export const webhookQueueConfig = section('webhook queue', z.object({ WEBHOOK_QUEUE_URL: z.url(), SQS_ENDPOINT: z.optional(z.url()) }));

/** s3rver checks signatures against its fixed key pair. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** Endpoint and credentials for a local stand-in; in AWS (no endpoint) the SDK's default chain applies. */
export function localClientOptions(endpoint: string | undefined, credentials = { accessKeyId: 'local', secretAccessKey: 'local' }) {
  return endpoint ? { endpoint, credentials } : {};
}
