// Least privilege (DESIGN §11): each Lambda is granted exactly the actions its area needs and gets exactly the
// environment variables those imply. The expected lists are written out here, not derived from the declarations in
// functions/routes.ts, so a grant that widens (or a declaration that drifts) fails this test.
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { areas, handlerEntries, jobs } from '../../functions/routes';
import { resourcesOf, synthCardCrew } from './synth-cardcrew';

type Statement = { Action: string | string[]; Resource: unknown; Effect: string };

/** Every function's logs and X-Ray traces; the job also writes its dead-letter queue. */
const BASELINE = ['logs:CreateLogStream', 'logs:PutLogEvents', 'xray:PutTelemetryRecords', 'xray:PutTraceSegments'];

const expectedActions: Record<string, string[]> = {
  public: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:UpdateItem', 's3:GetObject', 'ses:SendEmail', 'ses:SendRawEmail'],
  // The OpenAPI document: logs and traces only.
  docs: [],
  // AdminAddUserToGroup: a first single sign-on linked to its employee (issue 24).
  me: ['cognito-idp:AdminAddUserToGroup', 'cognito-idp:AdminUpdateUserAttributes', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:UpdateItem'],
  business: [
    'cognito-idp:AdminAddUserToGroup',
    'cognito-idp:AdminUpdateUserAttributes',
    // A status saved as Inactive runs the leaver flow (issue 23 §2): the leaver's Cognito user and its global sign-out.
    'cognito-idp:AdminUserGlobalSignOut',
    'cognito-idp:ListUsers',
    'dynamodb:BatchGetItem',
    'dynamodb:BatchWriteItem',
    'dynamodb:ConditionCheckItem',
    'dynamodb:DeleteItem',
    'dynamodb:GetItem',
    'dynamodb:PutItem',
    'dynamodb:Query',
    'dynamodb:UpdateItem',
    's3:DeleteObject',
    's3:GetObject',
    's3:PutObject',
  ],
  cardPage: ['dynamodb:GetItem', 'dynamodb:UpdateItem', 's3:GetObject'],
  invitations: ['cognito-idp:AdminAddUserToGroup', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:UpdateItem', 'ses:SendEmail', 'ses:SendRawEmail'],
  admin: [
    'cognito-idp:AdminAddUserToGroup',
    'cognito-idp:AdminCreateUser',
    'cognito-idp:AdminRemoveUserFromGroup',
    'cognito-idp:AdminSetUserPassword',
    'cognito-idp:AdminUserGlobalSignOut',
    'cognito-idp:DescribeUserPool',
    'cognito-idp:ListUsers',
    'cognito-idp:ListUsersInGroup',
    'dynamodb:BatchGetItem',
    'dynamodb:BatchWriteItem',
    'dynamodb:ConditionCheckItem',
    'dynamodb:DeleteItem',
    'dynamodb:DescribeTable',
    'dynamodb:GetItem',
    'dynamodb:PutItem',
    'dynamodb:Query',
    'dynamodb:UpdateItem',
    's3:DeleteObject',
    's3:ListBucket',
    'ses:GetAccount',
    'ses:SendEmail',
    'ses:SendRawEmail',
    // Generate monthly invoices queues the run for the planner.
    'sqs:SendMessage',
  ],
  agency: ['dynamodb:BatchGetItem', 'dynamodb:ConditionCheckItem', 'dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:UpdateItem', 's3:DeleteObject', 's3:GetObject', 's3:PutObject'],
  // A shared contact also queues its lead.created webhook deliveries (SendMessage on the webhook queue only).
  contacts: ['dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:UpdateItem', 'ses:SendEmail', 'ses:SendRawEmail', 'sqs:SendMessage'],
  // Company Settings → Webhooks: endpoints and deliveries, and the test or replayed delivery it queues. No mail, no media.
  webhooks: ['dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:UpdateItem', 'sqs:SendMessage'],
  payments: ['dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:UpdateItem', 'secretsmanager:GetSecretValue', 'ses:SendEmail', 'ses:SendRawEmail'],
  billing: ['dynamodb:GetItem', 'dynamodb:Query'],
  activity: ['dynamodb:GetItem', 'dynamodb:Query'],
  agencyBilling: ['dynamodb:BatchGetItem', 'dynamodb:ConditionCheckItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:UpdateItem'],
  // Invoice PDFs: the invoice and its business, and its documents (ListBucket only so a missing one is a 404).
  invoiceDocuments: ['dynamodb:GetItem', 's3:GetObject', 's3:ListBucket', 's3:PutObject'],
  // E-mail signature: reads by key (and the caller's records), writes its images under signature-qr/ only, reads the
  // photos and logos they are made from.
  emailSignature: ['dynamodb:GetItem', 'dynamodb:Query', 's3:DeleteObject', 's3:GetObject', 's3:PutObject'],
  // Apple Wallet (issue 22 §1): the card and the caller's records, the logo and photo for the pass images. Without a
  // configured secret (these tests' default) no Secrets Manager grant.
  appleWallet: ['dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 's3:GetObject'],
  // Leavers (issue 23 §2): the employee, card, leads and leaver item, the status transaction; the leaver's sign-out.
  leavers: ['cognito-idp:AdminUserGlobalSignOut', 'cognito-idp:ListUsers', 'dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:UpdateItem'],
  // Directory sync (issue 23 §1): SCIM tokens, directory users and the employees they are (created, saved, deleted
  // through the business area's services: their transactions, a deleted employee's scan days and contacts in batches),
  // the QR image of a provisioned employee's card, a deleted employee's media, and the optional invitation mail. Cognito
  // only to sign a leaver out: provisioning never creates or changes a user account.
  directory: [
    // `active: false` runs the leaver flow (issue 23 §2): the leaver's Cognito user and its global sign-out.
    'cognito-idp:AdminUserGlobalSignOut',
    'cognito-idp:ListUsers',
    // Groups: their members' names (BatchGetItem); a member's change checks its group, a userName the e-mail guards.
    'dynamodb:BatchGetItem',
    'dynamodb:BatchWriteItem',
    'dynamodb:ConditionCheckItem',
    'dynamodb:DeleteItem',
    'dynamodb:GetItem',
    'dynamodb:PutItem',
    'dynamodb:Query',
    'dynamodb:UpdateItem',
    's3:DeleteObject',
    's3:PutObject',
    'ses:SendEmail',
    'ses:SendRawEmail',
  ],
  // Single sign-on (issue 24): the only function with the identity-provider and app-client actions (on the user pool
  // only); its domains, connection, lease and audit entries in the table; AdminGetUser reads a test sign-in's user (its
  // identities must name the business's provider). No mail, no bucket.
  sso: [
    'cognito-idp:AdminGetUser',
    'cognito-idp:CreateIdentityProvider',
    'cognito-idp:DeleteIdentityProvider',
    'cognito-idp:DescribeIdentityProvider',
    'cognito-idp:DescribeUserPoolClient',
    'cognito-idp:ListIdentityProviders',
    'cognito-idp:UpdateIdentityProvider',
    'cognito-idp:UpdateUserPoolClient',
    'dynamodb:DeleteItem',
    'dynamodb:GetItem',
    'dynamodb:PutItem',
    'dynamodb:Query',
    'dynamodb:UpdateItem',
  ],
  // Custom domains (issue 21 §2): the only function with CloudFront's tenant actions (on the card distribution, its
  // connection group and its tenants), the domain items, and the regenerated QR images under qr/.
  customDomains: [
    'cloudfront:CreateDistributionTenant',
    'cloudfront:DeleteDistributionTenant',
    'cloudfront:GetDistributionTenant',
    'cloudfront:GetManagedCertificateDetails',
    'cloudfront:UpdateDistributionTenant',
    'cloudfront:VerifyDnsConfiguration',
    'dynamodb:DeleteItem',
    'dynamodb:GetItem',
    'dynamodb:PutItem',
    'dynamodb:Query',
    'dynamodb:UpdateItem',
    's3:DeleteObject',
    's3:PutObject',
  ],
  // An agency's sending domain: the only function with SES's identity actions, and no mail of its own.
  sendingDomains: ['dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:UpdateItem', 'ses:CreateEmailIdentity', 'ses:DeleteEmailIdentity', 'ses:GetEmailIdentity'],
  // Stripe Connect: the agency item and the webhook's event dedupe; the Stripe secret. No mail, no bucket.
  stripeConnect: ['dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:UpdateItem', 'secretsmanager:GetSecretValue'],
  // The billing planner: reads the listings, writes the run, queues the payers (and writes its own DLQ); consumes the
  // planning queue through its event source. No mail, no invoice writes.
  monthlyInvoices: [
    'dynamodb:GetItem',
    'dynamodb:PutItem',
    'dynamodb:Query',
    'dynamodb:UpdateItem',
    'sqs:ChangeMessageVisibility',
    'sqs:DeleteMessage',
    'sqs:GetQueueAttributes',
    'sqs:GetQueueUrl',
    'sqs:ReceiveMessage',
    'sqs:SendMessage',
  ],
  // The billing worker: bills and counts (no Query, no index), mails at the paced rate (GetAccount), consumes the billing queue.
  billPayers: [
    'dynamodb:BatchGetItem',
    'dynamodb:BatchWriteItem',
    'dynamodb:GetItem',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'ses:GetAccount',
    'ses:SendEmail',
    'ses:SendRawEmail',
    'sqs:ChangeMessageVisibility',
    'sqs:DeleteMessage',
    'sqs:GetQueueAttributes',
    'sqs:GetQueueUrl',
    'sqs:ReceiveMessage',
  ],
  // Reads the listing and the billing contact, changes status and reminder claims in place: no PutItem, no DeleteItem.
  dunning: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:UpdateItem', 'ses:SendEmail', 'ses:SendRawEmail', 'sqs:SendMessage'],
  // The card-sharing worker: reads the table's stream (its event source) and sends a record it gave up on to its DLQ.
  // Each reaction adds what it reaches (functions/routes.ts jobs.cardSharing).
  // The link preview: UpdateItem points a card at its image; previews/ written and deleted, photos/ and logos/ read.
  // appleWallet: the devices of a changed card's pass (Query gsi2) and dropping one APNs calls Unregistered (DeleteItem).
  cardSharing: [
    'dynamodb:DeleteItem',
    'dynamodb:DescribeStream',
    'dynamodb:GetRecords',
    'dynamodb:GetShardIterator',
    'dynamodb:ListStreams',
    'dynamodb:Query',
    'dynamodb:UpdateItem',
    's3:DeleteObject',
    's3:GetObject',
    's3:PutObject',
    'sqs:GetQueueAttributes',
    'sqs:GetQueueUrl',
    'sqs:SendMessage',
  ],
  // The daily scan close's planner: lists the businesses (Query gsi2), writes the run (PutItem, UpdateItem when it has no
  // business; GetItem reads it back) and queues one message per business (SendMessage; also its own DLQ's grant).
  // No stream: the table's stream has one reader again (card sharing).
  scanClose: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:UpdateItem', 'sqs:SendMessage'],
  // Its worker: a business's card-days (Query gsi2) and latest day (GetItem), the adds to the card totals (UpdateItem), the
  // business's day item (PutItem), the outcomes and the run's counters; consuming the queue is its event source's grant.
  scanCloseWorker: [
    'dynamodb:GetItem',
    'dynamodb:PutItem',
    'dynamodb:Query',
    'dynamodb:UpdateItem',
    'sqs:ChangeMessageVisibility',
    'sqs:DeleteMessage',
    'sqs:GetQueueAttributes',
    'sqs:GetQueueUrl',
    'sqs:ReceiveMessage',
  ],
  // The webhook worker: reads a delivery and its endpoint, records the attempt, queues the retry; consuming the queue is
  // its event source's grant.
  webhookDeliveries: [
    'dynamodb:GetItem',
    'dynamodb:UpdateItem',
    'sqs:ChangeMessageVisibility',
    'sqs:DeleteMessage',
    'sqs:GetQueueAttributes',
    'sqs:GetQueueUrl',
    'sqs:ReceiveMessage',
    'sqs:SendMessage',
  ],
};

const expectedEnvironment: Record<string, string[]> = {
  directory: ['MEDIA_BASE_URL', 'MEDIA_BUCKET', 'PUBLIC_ORIGIN', 'SALES_INBOX', 'SES_FROM_ADDRESS', 'TABLE_NAME', 'USER_POOL_ID'],
  leavers: ['PUBLIC_ORIGIN', 'TABLE_NAME', 'USER_POOL_ID'],
  sso: ['SSO_AUTH_ORIGIN', 'TABLE_NAME', 'USER_POOL_CLIENT_ID', 'USER_POOL_ID'],
  public: ['MEDIA_BASE_URL', 'MEDIA_BUCKET', 'PUBLIC_ORIGIN', 'SALES_INBOX', 'SES_FROM_ADDRESS', 'TABLE_NAME'],
  docs: [],
  me: ['PUBLIC_ORIGIN', 'TABLE_NAME', 'USER_POOL_ID'],
  business: ['MEDIA_BASE_URL', 'MEDIA_BUCKET', 'PUBLIC_ORIGIN', 'TABLE_NAME', 'USER_POOL_ID'],
  cardPage: ['MEDIA_BASE_URL', 'MEDIA_BUCKET', 'PUBLIC_ORIGIN', 'TABLE_NAME'],
  invitations: ['PUBLIC_ORIGIN', 'SALES_INBOX', 'SES_FROM_ADDRESS', 'TABLE_NAME', 'USER_POOL_ID'],
  admin: ['MEDIA_BASE_URL', 'MEDIA_BUCKET', 'PLANNING_QUEUE_URL', 'PUBLIC_ORIGIN', 'SALES_INBOX', 'SES_FROM_ADDRESS', 'TABLE_NAME', 'USER_POOL_ID'],
  agency: ['MEDIA_BASE_URL', 'MEDIA_BUCKET', 'TABLE_NAME'],
  contacts: ['PUBLIC_ORIGIN', 'SALES_INBOX', 'SES_FROM_ADDRESS', 'TABLE_NAME', 'WEBHOOK_QUEUE_URL'],
  webhooks: ['TABLE_NAME', 'WEBHOOK_QUEUE_URL'],
  payments: ['PUBLIC_ORIGIN', 'SALES_INBOX', 'SES_FROM_ADDRESS', 'STRIPE_SECRET_NAME', 'TABLE_NAME'],
  billing: ['TABLE_NAME'],
  activity: ['TABLE_NAME'],
  agencyBilling: ['TABLE_NAME'],
  invoiceDocuments: ['DOCUMENTS_BUCKET', 'INVOICE_SELLER_ADDRESS', 'INVOICE_SELLER_EMAIL', 'INVOICE_SELLER_NAME', 'TABLE_NAME'],
  emailSignature: ['MEDIA_BASE_URL', 'MEDIA_BUCKET', 'PUBLIC_ORIGIN', 'TABLE_NAME'],
  appleWallet: ['MEDIA_BASE_URL', 'MEDIA_BUCKET', 'PUBLIC_ORIGIN', 'TABLE_NAME'],
  customDomains: ['MEDIA_BASE_URL', 'MEDIA_BUCKET', 'PUBLIC_ORIGIN', 'TABLE_NAME', 'TENANT_CONNECTION_GROUP_ID', 'TENANT_DISTRIBUTION_ID', 'TENANT_ROUTING_ENDPOINT'],
  sendingDomains: ['TABLE_NAME'],
  stripeConnect: ['PUBLIC_ORIGIN', 'STRIPE_SECRET_NAME', 'TABLE_NAME'],
  monthlyInvoices: ['BILLING_QUEUE_URL', 'TABLE_NAME'],
  billPayers: ['BILLING_QUEUE_URL', 'PUBLIC_ORIGIN', 'SALES_INBOX', 'SES_FROM_ADDRESS', 'TABLE_NAME'],
  dunning: ['PUBLIC_ORIGIN', 'SALES_INBOX', 'SES_FROM_ADDRESS', 'TABLE_NAME'],
  // MEDIA_*, TABLE_NAME: the link preview; PUBLIC_ORIGIN: the card URL on a Google Wallet pass (GOOGLE_WALLET_SECRET_NAME
  // only where one is configured).
  cardSharing: ['MEDIA_BASE_URL', 'MEDIA_BUCKET', 'PUBLIC_ORIGIN', 'TABLE_NAME'],
  scanClose: ['SCAN_CLOSE_QUEUE_URL', 'TABLE_NAME'],
  scanCloseWorker: ['SCAN_CLOSE_QUEUE_URL', 'TABLE_NAME'],
  webhookDeliveries: ['TABLE_NAME', 'WEBHOOK_QUEUE_URL'],
};

/** Variables every function has (runtime and Powertools), beside its capabilities' own. */
const HOUSE_VARIABLES = ['APP_MODE', 'LOG_LEVEL', 'NODE_OPTIONS', 'POWERTOOLS_METRICS_NAMESPACE', 'POWERTOOLS_SERVICE_NAME'];
/** Every API function also gets the CloudFront origin header value (not the scheduled jobs, which CloudFront never calls). */
const API_VARIABLES = [...HOUSE_VARIABLES, 'ORIGIN_VERIFY_SECRET'];

/** The start of each job function's logical id in the API stack (the scheduled jobs, and the billing worker). */
const jobFunctionIds: Record<keyof typeof jobs, string> = { monthlyInvoices: 'MonthlyInvoicesJobFunction', billPayers: 'BillingWorkerFunction', dunning: 'DunningJobFunction', cardSharing: 'CardSharingWorker', scanClose: 'ScanCloseJobFunction', scanCloseWorker: 'ScanCloseFanOutWorker', webhookDeliveries: 'WebhookDeliveriesWorker' };

interface FunctionGrants {
  actions: string[];
  statements: Statement[];
  environment: Record<string, unknown>;
}

/** What each function's role may do and what environment it has, keyed by area (or job) name. */
function grantsByFunction(template: Template): Record<string, FunctionGrants> {
  const functions = resourcesOf(template, 'AWS::Lambda::Function');
  const policies = resourcesOf(template, 'AWS::IAM::Policy');
  const idOf = (name: string) =>
    functions.find(([id]) => id.startsWith(name in areas ? `Area${name}Function` : jobFunctionIds[name as keyof typeof jobs]))?.[0];
  const result: Record<string, FunctionGrants> = {};
  for (const name of [...Object.keys(areas), ...Object.keys(jobs)]) {
    const id = idOf(name);
    const fn = functions.find(([fid]) => fid === id)?.[1];
    const roleId = /"Fn::GetAtt":\["([^"]+)","Arn"\]/.exec(JSON.stringify(fn?.Properties.Role))?.[1];
    const statements = policies
      .filter(([, p]) => JSON.stringify(p.Properties.Roles).includes(`"${roleId}"`))
      .flatMap(([, p]) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
    const actions = [...new Set(statements.flatMap((s) => [s.Action].flat()))].sort();
    result[name] = { actions, statements, environment: (fn?.Properties.Environment as { Variables: Record<string, unknown> }).Variables };
  }
  return result;
}

let grants: Record<string, FunctionGrants>;

beforeAll(() => {
  grants = grantsByFunction(synthCardCrew().api);
});

describe('least privilege per function', () => {
  it('declares capabilities for every area the API serves', () => {
    expect(Object.keys(areas).sort()).toEqual(Object.keys(handlerEntries).sort());
  });

  // Every function, so a new area cannot go unchecked.
  for (const name of [...Object.keys(areas), ...Object.keys(jobs)]) {
    it(`${name}: exactly its IAM actions`, () => {
      expect(grants[name]!.actions).toEqual([...expectedActions[name]!, ...BASELINE].sort());
    });

    it(`${name}: exactly the environment its capabilities imply`, () => {
      expect(Object.keys(grants[name]!.environment).sort()).toEqual([...expectedEnvironment[name]!, ...(name in areas ? API_VARIABLES : HOUSE_VARIABLES)].sort());
    });
  }

  it('gives the identity-provider and app-client actions to the sso function alone, on the user pool only', () => {
    const ssoActions = /cognito-idp:(Create|Update|Delete|Describe|List)IdentityProviders?\b|cognito-idp:(Describe|Update)UserPoolClient\b/;
    for (const [name, g] of Object.entries(grants)) {
      if (name !== 'sso') expect(g.actions.filter((a) => ssoActions.test(a)), name).toEqual([]);
    }
    const statements = grants.sso!.statements.filter((s) => [s.Action].flat().some((a) => String(a).startsWith('cognito-idp:')));
    expect(statements.length).toBeGreaterThan(0);
    for (const s of statements) {
      const resources = [s.Resource].flat();
      expect(resources).toHaveLength(1);
      expect(JSON.stringify(resources[0])).toMatch(/UserPool/);
      expect(JSON.stringify(resources[0])).not.toContain('*');
    }
  });

  it('lets the card page read and count, and read the owner folders of media (for agency domains), nothing else: no index, no upload, no user pool, no mail, no secret', () => {
    const doc = JSON.stringify(grants.cardPage!.statements);
    expect(doc).not.toContain('/index/');
    expect(doc).not.toMatch(/s3:(?!GetObject)|cognito-idp:|ses:|secretsmanager:/);
    expect(doc).not.toContain('uploads/');
  });

  it('grants no Scan, no table administration, and the Stripe secret to the payments and Stripe Connect areas only', () => {
    const stripeAreas = ['payments', 'stripeConnect'];
    for (const name of stripeAreas) expect(JSON.stringify(grants[name]!.statements), name).toContain(':secret:cardcrew/dev/stripe-secret-key-??????');
    for (const [name, g] of Object.entries(grants)) {
      expect(g.actions, name).not.toContain('dynamodb:Scan');
      expect(g.actions.filter((a) => /dynamodb:(CreateTable|DeleteTable|UpdateTable)/.test(a)), name).toEqual([]);
      if (!stripeAreas.includes(name)) expect(g.actions, name).not.toContain('secretsmanager:GetSecretValue');
      expect(g.actions.filter((a) => a.endsWith(':*') || a === '*'), name).toEqual([]);
    }
  });

  it('scopes media writes and reads to their prefixes of the media bucket', () => {
    const s3Statements = (name: string) => grants[name]!.statements.filter((s) => [s.Action].flat().some((a) => a.startsWith('s3:')));
    const prefixes = (statement: Statement) => [JSON.stringify(statement.Resource)].join().match(/\/[a-z-]+\/\*/g)?.sort();
    const business = s3Statements('business');
    expect(business.map((s) => [[s.Action].flat().sort(), prefixes(s)])).toEqual([
      [['s3:DeleteObject', 's3:PutObject'], ['/logos/*', '/photos/*', '/qr/*', '/uploads/*']],
      [['s3:GetObject'], ['/uploads/*']],
    ]);
    expect(s3Statements('agency').map((s) => [[s.Action].flat().sort(), prefixes(s)])).toEqual([
      [['s3:DeleteObject', 's3:PutObject'], ['/favicons/*', '/logos/*', '/uploads/*']],
      [['s3:GetObject'], ['/uploads/*']],
    ]);
    expect(s3Statements('admin').map((s) => [[s.Action].flat().sort(), prefixes(s)])).toEqual([
      [['s3:DeleteObject'], ['/logos/*', '/photos/*', '/qr/*', '/signature-qr/*', '/uploads/*']],
      [['s3:ListBucket'], undefined],
    ]);
    expect(s3Statements('public').map((s) => [[s.Action].flat().sort(), prefixes(s)])).toEqual([[['s3:GetObject'], ['/logos/*', '/photos/*']]]);
    // The e-mail signature's images: written under signature-qr/ only; the photos and logos they are made from read.
    expect(s3Statements('emailSignature').map((s) => [[s.Action].flat().sort(), prefixes(s)])).toEqual([
      [['s3:DeleteObject', 's3:PutObject'], ['/signature-qr/*']],
      [['s3:GetObject'], ['/logos/*', '/photos/*']],
    ]);
    // The link preview: its own images written and deleted, the photos and logos it draws only read.
    expect(s3Statements('cardSharing').map((s) => [[s.Action].flat().sort(), prefixes(s)])).toEqual([
      [['s3:DeleteObject', 's3:PutObject'], ['/previews/*']],
      [['s3:GetObject'], ['/logos/*', '/photos/*']],
    ]);
  });

  it('keeps invoice PDFs in the private documents bucket, reachable by the invoice-documents Lambda alone', () => {
    const s3Statements = (name: string) => grants[name]!.statements.filter((s) => [s.Action].flat().some((a) => a.startsWith('s3:')));
    const shape = (s: Statement) => [[s.Action].flat().sort(), JSON.stringify(s.Resource)];
    expect(s3Statements('invoiceDocuments').map(shape)).toEqual([
      [['s3:GetObject', 's3:PutObject'], expect.stringMatching(/DocumentsBucketArn"\},"\/invoices\/\*"/)],
      [['s3:ListBucket'], expect.stringMatching(/DocumentsBucketArn"\}$/)],
    ]);
    for (const [name, g] of Object.entries(grants)) {
      if (name !== 'invoiceDocuments') expect(JSON.stringify(g.statements), name).not.toContain('DocumentsBucketArn');
    }
    expect(JSON.stringify(grants.invoiceDocuments!.statements)).not.toContain('MediaBucketArn');
  });

  it('names each index it queries (no index/*), and only for areas that query an index', () => {
    // cardSharing: the Apple Wallet reaction finds a card's registered devices on gsi2.
    // agency: the dashboard reads the plans listing (gsi2) for its agency plan's volume tiers.
    for (const name of ['public', 'business', 'invitations', 'admin', 'agency', 'contacts', 'payments', 'billing', 'agencyBilling', 'monthlyInvoices', 'dunning', 'cardSharing']) {
      const doc = JSON.stringify(grants[name]!.statements);
      expect(doc, name).toContain('/index/gsi1');
      expect(doc, name).toContain('/index/gsi2');
      expect(doc, name).not.toContain('/index/*');
    }
    for (const name of ['docs', 'me', 'cardPage', 'invoiceDocuments', 'billPayers', 'emailSignature', 'appleWallet', 'activity']) expect(JSON.stringify(grants[name]!.statements), name).not.toContain('/index/');
    // The dunning job Queries the sparse unpaid index.
    expect(JSON.stringify(grants.dunning!.statements)).toContain('/index/gsi3');
  });

  it('gives SES identity actions to the sending-domain function alone, on identity ARNs, never on the platform’s own sender', () => {
    const identityActions = /^ses:(Create|Get|Delete|Put|Update)EmailIdentity/;
    for (const [name, g] of Object.entries(grants)) {
      if (name !== 'sendingDomains') expect(g.actions.filter((a) => identityActions.test(a)), name).toEqual([]);
    }
    const identity = (name: string) => ({ 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':ses:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, `:identity/${name}`]] });
    const ses = grants.sendingDomains!.statements.filter((s) => [s.Action].flat().some((a) => a.startsWith('ses:')));
    const actions = ['ses:CreateEmailIdentity', 'ses:DeleteEmailIdentity', 'ses:GetEmailIdentity'];
    expect(ses.map((s) => ({ effect: s.Effect, actions: [s.Action].flat().sort(), resources: [s.Resource].flat() }))).toEqual([
      { effect: 'Allow', actions, resources: [identity('*')] },
      // The deploy configuration's sender (the synth's is no-reply@example.com): its domain and the address itself.
      { effect: 'Deny', actions, resources: [identity('example.com'), identity('no-reply@example.com')] },
    ]);
  });

  it('lets every mail sender send from an agency’s verified domain, as no-reply@ it only', () => {
    const senders = Object.entries(grants).filter(([, g]) => g.actions.includes('ses:SendEmail'));
    expect(senders.map(([name]) => name).sort()).toEqual(['admin', 'billPayers', 'contacts', 'directory', 'dunning', 'invitations', 'payments', 'public'].sort());
    for (const [name, g] of senders) {
      const agencyDomains = g.statements.filter((s) => JSON.stringify(s.Resource).includes(':identity/*'));
      expect(agencyDomains, name).toEqual([
        { Action: ['ses:SendEmail', 'ses:SendRawEmail'], Effect: 'Allow', Resource: expect.anything(), Condition: { StringLike: { 'ses:FromAddress': 'no-reply@*' } } },
      ]);
    }
  });

  it('uses * resources only where AWS has no resource type (X-Ray, SES GetAccount, DynamoDB ListStreams)', () => {
    for (const [name, g] of Object.entries(grants)) {
      for (const s of g.statements.filter((st) => st.Resource === '*')) {
        expect([s.Action].flat().every((a) => a.startsWith('xray:') || a === 'ses:GetAccount' || a === 'dynamodb:ListStreams'), `${name}: ${JSON.stringify(s.Action)}`).toBe(true);
      }
    }
  });

  it('gives the business area and the card-sharing worker the wallet secret, variable and grant together, only when one is configured', () => {
    const withWallet = grantsByFunction(synthCardCrew({ context: { googleWalletSecretName: 'cardcrew/dev/wallet' } }).api);
    // business signs save links; the card-sharing worker patches saved passes (issue 22 §2).
    for (const name of ['business', 'cardSharing']) {
      expect(withWallet[name]!.environment.GOOGLE_WALLET_SECRET_NAME, name).toBe('cardcrew/dev/wallet');
      expect(JSON.stringify(withWallet[name]!.statements), name).toContain(':secret:cardcrew/dev/wallet-??????');
    }
    expect(withWallet.cardSharing!.actions).toEqual([...expectedActions.cardSharing!, ...BASELINE, 'secretsmanager:GetSecretValue'].sort());
    // Without the secret (the default synth) the worker has neither.
    expect(grants.cardSharing!.actions).not.toContain('secretsmanager:GetSecretValue');
    expect(grants.cardSharing!.environment.GOOGLE_WALLET_SECRET_NAME).toBeUndefined();
    for (const name of ['public', 'me', 'cardPage', 'admin', 'invitations', 'agency', 'monthlyInvoices', 'dunning']) {
      expect(withWallet[name]!.actions, name).not.toContain('secretsmanager:GetSecretValue');
      expect(withWallet[name]!.environment.GOOGLE_WALLET_SECRET_NAME, name).toBeUndefined();
    }
  });

  it('gives the Apple Wallet area and the card-sharing worker its secret, variable and grant together, only when one is configured, and no other function', () => {
    const withApple = grantsByFunction(synthCardCrew({ context: { appleWalletSecretName: 'cardcrew/dev/apple-wallet' } }).api);
    // The worker pushes updates with the APNs key the same secret holds.
    const readers = ['appleWallet', 'cardSharing'];
    for (const name of readers) {
      expect(withApple[name]!.environment.APPLE_WALLET_SECRET_NAME, name).toBe('cardcrew/dev/apple-wallet');
      expect(JSON.stringify(withApple[name]!.statements), name).toContain(':secret:cardcrew/dev/apple-wallet-??????');
    }
    const secretStatements = withApple.appleWallet!.statements.filter((st) => [st.Action].flat().includes('secretsmanager:GetSecretValue'));
    expect(JSON.stringify(secretStatements)).toContain(':secret:cardcrew/dev/apple-wallet-??????');
    expect(secretStatements.flatMap((st) => [st.Resource].flat())).toHaveLength(1);
    for (const name of Object.keys(withApple).filter((n) => !readers.includes(n))) {
      expect(withApple[name]!.environment.APPLE_WALLET_SECRET_NAME, name).toBeUndefined();
      expect(JSON.stringify(withApple[name]!.statements), name).not.toContain('apple-wallet');
    }
  });
});
