// What a CardCrew function may reach, and how: each function gets exactly the capabilities its area declares in
// functions/routes.ts, and each environment variable is set together with the permission it implies (the
// Powertools `bindTable` pattern), so a variable never exists without its grant and no grant exists without a
// variable. The names match functions/src/config.ts.
import { Arn, ArnFormat, Stack, Validations } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Capabilities } from '../functions/routes';
import type { AppFunction } from './app-function';
import { SENDER_LOCAL_PART } from '../functions/src/adapters/sender-address';
import { emailAddressOf } from './deploy-config';
import { nagText } from './nag';
import type { NamedExport } from './stateful-stack';

export interface AppEnvironmentProps {
  readonly table: dynamodb.ITable;
  /** The table's GSIs; each is granted by name (no `index/*`). */
  readonly tableIndexNames: readonly string[];
  readonly mediaBucket: s3.IBucket;
  /** The media bucket's ARN as a named import (see StatefulStack.mediaBucketArn). */
  readonly mediaBucketArn: NamedExport;
  /** The private bucket of invoice PDFs (no CloudFront behaviour). */
  readonly documentsBucket: s3.IBucket;
  /** The documents bucket's ARN as a named import (see StatefulStack.documentsBucketArn). */
  readonly documentsBucketArn: NamedExport;
  /** Public URL prefix of media objects: `{publicOrigin}/media`. */
  readonly mediaBaseUrl: string;
  /** The origin links and QR codes point at. */
  readonly publicOrigin: string;
  readonly userPool: cognito.IUserPool;
  /** The web app client single sign-on adds identity providers to (issue 24). */
  readonly userPoolClient: cognito.IUserPoolClient;
  /** The user pool's OAuth domain (host name): the hosted UI, the SAML ACS and the OIDC redirect URI. */
  readonly oauthDomain: string;
  /** SES sender, address or `Name <address>`. */
  readonly sesFromAddress: string;
  readonly salesInbox: string;
  /** The seller of record on invoice PDFs (DeployConfig.invoiceSeller). */
  readonly invoiceSeller: { readonly name: string; readonly address: string; readonly email: string };
  readonly stripeSecretName: string;
  /** @default - wallet passes are not configured (the API answers 503) */
  readonly googleWalletSecretName?: string;
  /** @default - Apple Wallet is not configured (the button is hidden, the API answers 404 'not available') */
  readonly appleWalletSecretName?: string;
  /** The billing fan-out's queues (infra/billing-fan-out.ts). */
  readonly billingQueue: sqs.IQueue;
  readonly planningQueue: sqs.IQueue;
  /** The scan close's queue (infra/scan-close-fan-out.ts). */
  readonly scanCloseQueue: sqs.IQueue;
  /** The webhook delivery queue (infra/webhook-deliveries.ts). */
  readonly webhookQueue: sqs.IQueue;
  /** The card-traffic distribution agency domains join as tenants (infra/card-tenants.ts; issue 21 §2). */
  readonly tenants: {
    readonly distributionId: string;
    readonly distributionArn: string;
    readonly connectionGroupId: string;
    readonly connectionGroupArn: string;
    readonly routingEndpoint: string;
  };
}

/** CloudFront SaaS Manager actions of the custom-domains area: tenants of the card distribution, nothing else. */
export const TENANT_ACTIONS = [
  'cloudfront:CreateDistributionTenant',
  'cloudfront:GetDistributionTenant',
  'cloudfront:UpdateDistributionTenant',
  'cloudfront:DeleteDistributionTenant',
  'cloudfront:GetManagedCertificateDetails',
  'cloudfront:VerifyDnsConfiguration',
];

/** SES identity actions of the sendingDomains area: an agency's domain identity, nothing else of SES. */
export const SENDING_IDENTITY_ACTIONS = ['ses:CreateEmailIdentity', 'ses:GetEmailIdentity', 'ses:DeleteEmailIdentity'];

/** The ARN of the SES identity `name` (an address or a domain) in the stack's account and region. */
function identityArn(stack: Stack, name: string): string {
  return stack.formatArn({ service: 'ses', resource: 'identity', resourceName: name, arnFormat: ArnFormat.SLASH_RESOURCE_NAME });
}

/** The platform's own sender identities: whichever SES has verified, the sender address itself or its whole domain. */
function platformSenderIdentities(stack: Stack, sesFromAddress: string): string[] {
  const sender = emailAddressOf(sesFromAddress);
  return [sender, sender.slice(sender.indexOf('@') + 1)].map((identity) => identityArn(stack, identity));
}

/**
 * Sending mail through SES: SES_FROM_ADDRESS with its grant, from the platform's own identities, or (an agency's
 * verified sending domain, the sendingDomains area) from SENDER_LOCAL_PART@ any identity of the account: those are
 * created at run time, so their names are not known at deploy time (functions/src/adapters/mail.ts).
 */
export function allowSendingMail(fn: AppFunction, sesFromAddress: string): void {
  const stack = Stack.of(fn);
  fn.addEnvironment('SES_FROM_ADDRESS', sesFromAddress);
  fn.grantPrincipal.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['ses:SendEmail', 'ses:SendRawEmail'], resources: platformSenderIdentities(stack, sesFromAddress) }));
  fn.grantPrincipal.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions: ['ses:SendEmail', 'ses:SendRawEmail'],
      resources: [identityArn(stack, '*')],
      conditions: { StringLike: { 'ses:FromAddress': `${SENDER_LOCAL_PART}@*` } },
    }),
  );
  Validations.of(fn).acknowledge({
    id: `AwsSolutions-IAM5[Resource::${nagText(fn, identityArn(stack, '*'))}]`,
    reason: `Agencies' sending domains are SES identities created at run time, so their names are not known at deploy time; the grant is limited to mail from ${SENDER_LOCAL_PART}@ an identity.`,
  });
}

export class AppEnvironment {
  constructor(private readonly props: AppEnvironmentProps) {}

  /**
   * Gives `fn` exactly what its declared capabilities (functions/routes.ts) allow: the environment variables they
   * imply and the IAM statements that go with them — nothing else.
   */
  bindTo(fn: AppFunction, capabilities: Capabilities): void {
    const p = this.props;
    const stack = Stack.of(fn);
    const allow = (actions: string[], resources: string[]) =>
      fn.grantPrincipal.addToPrincipalPolicy(new iam.PolicyStatement({ actions, resources }));

    fn.addEnvironment('APP_MODE', 'aws');

    const { table } = capabilities;
    if (table) {
      fn.addEnvironment('TABLE_NAME', p.table.tableName);
      allow(
        table.actions.map((action) => `dynamodb:${action}`),
        [p.table.tableArn],
      );
      if (table.indexes && table.actions.includes('Query')) {
        // Only Query reaches an index; each index by name (no `index/*`).
        allow(['dynamodb:Query'], p.tableIndexNames.map((index) => `${p.table.tableArn}/index/${index}`));
      }
    }

    if (capabilities.site) fn.addEnvironment('PUBLIC_ORIGIN', p.publicOrigin);

    const media = capabilities.media;
    if (media) {
      fn.addEnvironment('MEDIA_BUCKET', p.mediaBucket.bucketName);
      fn.addEnvironment('MEDIA_BASE_URL', p.mediaBaseUrl);
      const objects = (prefixes: readonly string[]) => prefixes.map((prefix) => `${p.mediaBucketArn.value}/${prefix}*`);
      // PutObject also authorizes the presigned POSTs a function signs for browser uploads under its prefixes.
      if (media.write?.length) allow(['s3:PutObject', 's3:DeleteObject'], objects(media.write));
      if (media.read?.length) allow(['s3:GetObject'], objects(media.read));
      if (media.delete?.length) allow(['s3:DeleteObject'], objects(media.delete));
      // HeadBucket (the health check) is authorized by s3:ListBucket on the bucket.
      if (media.head) allow(['s3:ListBucket'], [p.mediaBucketArn.value]);
      for (const prefix of new Set([...(media.write ?? []), ...(media.read ?? []), ...(media.delete ?? [])])) {
        Validations.of(fn).acknowledge({
          id: `AwsSolutions-IAM5[Resource::${nagText(fn, p.mediaBucketArn.value)}/${prefix}*]`,
          reason: `Media objects under ${prefix}: keys are chosen at run time (per business, per card, versioned), so the grant covers that prefix of the media bucket only.`,
        });
      }
    }

    const documents = capabilities.documents;
    if (documents) {
      fn.addEnvironment('DOCUMENTS_BUCKET', p.documentsBucket.bucketName);
      const objects = (prefixes: readonly string[]) => prefixes.map((prefix) => `${p.documentsBucketArn.value}/${prefix}*`);
      // PutObject only: a stored document is never deleted or replaced by the functions.
      if (documents.write?.length) allow(['s3:PutObject'], objects(documents.write));
      if (documents.read?.length) allow(['s3:GetObject'], objects(documents.read));
      // Without it S3 answers the HEAD of a missing object 403 instead of 404 (the function renders on a 404).
      if (documents.list) allow(['s3:ListBucket'], [p.documentsBucketArn.value]);
      for (const prefix of new Set([...(documents.write ?? []), ...(documents.read ?? [])])) {
        Validations.of(fn).acknowledge({
          id: `AwsSolutions-IAM5[Resource::${nagText(fn, p.documentsBucketArn.value)}/${prefix}*]`,
          reason: `Documents under ${prefix}: one per invoice and state, keyed by the invoice id at run time, so the grant covers that prefix of the private documents bucket only.`,
        });
      }
    }

    if (capabilities.invoiceSeller) {
      // Configuration only, no permission: the seller block every invoice PDF prints.
      fn.addEnvironment('INVOICE_SELLER_NAME', p.invoiceSeller.name);
      fn.addEnvironment('INVOICE_SELLER_ADDRESS', p.invoiceSeller.address);
      fn.addEnvironment('INVOICE_SELLER_EMAIL', p.invoiceSeller.email);
    }

    if (capabilities.userPool?.length) {
      fn.addEnvironment('USER_POOL_ID', p.userPool.userPoolId);
      p.userPool.grant(fn, ...capabilities.userPool.map((action) => `cognito-idp:${action}`));
    }

    if (capabilities.sso) {
      fn.addEnvironment('USER_POOL_CLIENT_ID', p.userPoolClient.userPoolClientId);
      fn.addEnvironment('SSO_AUTH_ORIGIN', `https://${p.oauthDomain}`);
    }

    const mail = capabilities.mail;
    if (mail?.send) {
      allowSendingMail(fn, p.sesFromAddress);
      fn.addEnvironment('SALES_INBOX', p.salesInbox);
    }
    if (mail?.account) {
      // GET /api/health asks SES for the account's sending status; GetAccount has no resource to scope to.
      allow(['ses:GetAccount'], ['*']);
      Validations.of(fn).acknowledge({
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'ses:GetAccount (the health check) does not support resource-level permissions; it reads the sending status only.',
      });
    }

    const queues = capabilities.queues;
    if (queues?.billing) {
      fn.addEnvironment('BILLING_QUEUE_URL', p.billingQueue.queueUrl);
      // Consuming is granted by the function's SQS event source (ReceiveMessage, DeleteMessage, ChangeMessageVisibility…).
      if (queues.billing === 'send') allow(['sqs:SendMessage'], [p.billingQueue.queueArn]);
    }
    if (queues?.planning) {
      fn.addEnvironment('PLANNING_QUEUE_URL', p.planningQueue.queueUrl);
      allow(['sqs:SendMessage'], [p.planningQueue.queueArn]);
    }
    if (queues?.scanClose) {
      fn.addEnvironment('SCAN_CLOSE_QUEUE_URL', p.scanCloseQueue.queueUrl);
      if (queues.scanClose === 'send') allow(['sqs:SendMessage'], [p.scanCloseQueue.queueArn]);
    }
    if (queues?.webhooks) {
      fn.addEnvironment('WEBHOOK_QUEUE_URL', p.webhookQueue.queueUrl);
      if (queues.webhooks === 'send') allow(['sqs:SendMessage'], [p.webhookQueue.queueArn]);
    }

    if (capabilities.tenants) {
      const t = p.tenants;
      fn.addEnvironment('TENANT_DISTRIBUTION_ID', t.distributionId);
      fn.addEnvironment('TENANT_CONNECTION_GROUP_ID', t.connectionGroupId);
      fn.addEnvironment('TENANT_ROUTING_ENDPOINT', t.routingEndpoint);
      const tenantArns = stack.formatArn({ service: 'cloudfront', region: '', resource: 'distribution-tenant', resourceName: '*', arnFormat: ArnFormat.SLASH_RESOURCE_NAME });
      // Creating a tenant names the distribution and the connection group; every call names the tenant.
      allow(TENANT_ACTIONS, [t.distributionArn, t.connectionGroupArn, tenantArns]);
      Validations.of(fn).acknowledge({
        id: `AwsSolutions-IAM5[Resource::${nagText(fn, tenantArns)}]`,
        reason: 'Distribution tenants are created at run time (one per agency domain), so their ids are not known at deploy time; the actions are the tenant actions of the card distribution only.',
      });
    }

    if (capabilities.sendingIdentities) {
      // Agencies' domains are created at run time: identity/* — but never the platform's own sender identities.
      allow(SENDING_IDENTITY_ACTIONS, [identityArn(stack, '*')]);
      fn.grantPrincipal.addToPrincipalPolicy(
        new iam.PolicyStatement({ effect: iam.Effect.DENY, actions: SENDING_IDENTITY_ACTIONS, resources: platformSenderIdentities(stack, p.sesFromAddress) }),
      );
      Validations.of(fn).acknowledge({
        id: `AwsSolutions-IAM5[Resource::${nagText(fn, identityArn(stack, '*'))}]`,
        reason: "Agencies' sending domains are SES identities created at run time (one per agency), so their names are not known at deploy time; the platform's own sender identities are denied.",
      });
    }

    const secretNames = { stripe: p.stripeSecretName, googleWallet: p.googleWalletSecretName, appleWallet: p.appleWalletSecretName };
    const secretVariables = { stripe: 'STRIPE_SECRET_NAME', googleWallet: 'GOOGLE_WALLET_SECRET_NAME', appleWallet: 'APPLE_WALLET_SECRET_NAME' };
    for (const secret of capabilities.secrets ?? []) {
      const name = secretNames[secret];
      // An optional secret that is not configured: no variable, no grant (the API answers 503 or 404 'not available').
      if (!name) continue;
      fn.addEnvironment(secretVariables[secret], name);
      this.grantSecretByName(fn, name);
    }
  }
  /** GetSecretValue on the secret named `name` (its ARN ends with Secrets Manager's random 6-character suffix). */
  private grantSecretByName(fn: AppFunction, name: string): void {
    const stack = Stack.of(fn);
    fn.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['secretsmanager:GetSecretValue'],
        resources: [
          Arn.format(
            {
              service: 'secretsmanager',
              resource: 'secret',
              resourceName: `${name}-??????`,
              arnFormat: ArnFormat.COLON_RESOURCE_NAME,
            },
            stack,
          ),
        ],
      }),
    );
  }
}
