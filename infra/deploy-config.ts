// Deployment parameters, read once from CDK context (cdk.json or `-c key=value`) and checked before any
// resource is built, so a typo fails synth with the parameter's name. docs/deploy.md documents every key.
import type { Construct } from 'constructs';
import { INVOICE_SELLER_PLACEHOLDER } from '../functions/src/config';

export interface DeployConfig {
  /** Deployment stage; part of stack names, the Cognito domain prefix and default secret names. */
  readonly stage: string;
  /** Custom domain of the CloudFront distribution (e.g. cards.example.com); needs `certificateArn`. */
  readonly domainName?: string;
  /** ACM certificate for `domainName`; must live in us-east-1 (a CloudFront requirement). */
  readonly certificateArn?: string;
  /**
   * The public origin every link, QR code, OAuth callback and CORS rule points at, when known at synth:
   * `https://{domainName}` with a custom domain, else the `publicOrigin` context value (the CloudFront URL
   * printed by the first deploy). Undefined on the very first deploy without a custom domain — see
   * `resolvePublicOrigin`.
   */
  readonly publicOrigin?: string;
  /** Google OAuth client id; the Google identity provider exists only when this is set. */
  readonly googleClientId?: string;
  /** Secrets Manager name of the Google OAuth client secret (a plain string secret). */
  readonly googleClientSecretName: string;
  /** Sender of every email (SES identity, address or `Name <address>`). */
  readonly sesFromAddress: string;
  /** Where sales-contact messages go. */
  readonly salesInbox: string;
  /** Secrets Manager name of the Stripe secret key (a plain string secret). */
  readonly stripeSecretName: string;
  /** Secrets Manager name of the Google Wallet service-account JSON; unset = wallet passes answer 503. */
  readonly googleWalletSecretName?: string;
  /** Secrets Manager name of the Apple Wallet pass-signing secret (issue 22 §1); unset = no 'Add to Apple Wallet'. */
  readonly appleWalletSecretName?: string;
  /**
   * The seller of record on every invoice PDF (the functions' INVOICE_SELLER_* variables): the operating company's
   * legal name, postal address (lines separated by `|`) and billing e-mail. Placeholders outside prod; the e-mail
   * defaults to `salesInbox`.
   */
  readonly invoiceSeller: { readonly name: string; readonly address: string; readonly email: string };
  /** Name of the SNS topic every alarm notifies (docs/operations.md). */
  readonly alarmTopicName: string;
  /** Optional e-mail address subscribed to the alarm topic (it must confirm the subscription once). */
  readonly alarmEmail?: string;
}

/**
 * Stand-in origin used only until the real one is known (first deploy without a custom domain). The
 * reserved `.invalid` TLD can never resolve, so nothing can silently work against a wrong origin.
 */
export const PENDING_PUBLIC_ORIGIN = 'https://public-origin-pending.invalid';

const STAGE_PATTERN = /^[a-z][a-z0-9-]{0,19}$/;
const EMAIL_PATTERN = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

function text(scope: Construct, key: string): string | undefined {
  const value: unknown = scope.node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`Context "${key}" must be a string, got ${JSON.stringify(value)}`);
  return value.trim();
}

/** The bare address of `Name <address>` or `address`. */
export function emailAddressOf(sender: string): string {
  const match = /<([^>]+)>\s*$/.exec(sender);
  return (match?.[1] ?? sender).trim();
}

export function readDeployConfig(scope: Construct): DeployConfig {
  const stage = text(scope, 'stage') ?? 'dev';
  if (!STAGE_PATTERN.test(stage)) throw new Error(`Context "stage" must match ${STAGE_PATTERN}, got "${stage}"`);

  const domainName = text(scope, 'domainName');
  const certificateArn = text(scope, 'certificateArn');
  if (domainName && !certificateArn)
    throw new Error('Context "domainName" needs "certificateArn" (an ACM certificate in us-east-1)');
  if (certificateArn && !/^arn:aws[\w-]*:acm:us-east-1:\d{12}:certificate\//.test(certificateArn)) {
    throw new Error(
      'Context "certificateArn" must be an ACM certificate ARN in us-east-1 (CloudFront only reads certificates there)',
    );
  }

  let publicOrigin = domainName ? `https://${domainName}` : text(scope, 'publicOrigin');
  if (publicOrigin) {
    const url = new URL(publicOrigin);
    if (url.protocol !== 'https:' || url.pathname !== '/' || url.search) {
      throw new Error(
        `Context "publicOrigin" must be a bare https origin like https://d111.cloudfront.net, got "${publicOrigin}"`,
      );
    }
    publicOrigin = url.origin;
  }

  const sesFromAddress = text(scope, 'sesFromAddress');
  const salesInbox = text(scope, 'salesInbox');
  if (!sesFromAddress || !EMAIL_PATTERN.test(emailAddressOf(sesFromAddress))) {
    throw new Error('Context "sesFromAddress" must be an email address or "Name <address>"');
  }
  if (!salesInbox || !EMAIL_PATTERN.test(salesInbox)) throw new Error('Context "salesInbox" must be an email address');
  // A placeholder company outside prod (the functions' own defaults); prod must name the operating company, which is the
  // one name a white-labelled invoice shows besides the agency's (docs/decisions.md "Invoices in the agency's brand").
  for (const key of ['invoiceSellerName', 'invoiceSellerAddress']) {
    if (stage === 'prod' && !text(scope, key)) throw new Error(`Context "${key}" is required for the prod stage: the seller of record on every invoice`);
  }
  const invoiceSeller = {
    name: text(scope, 'invoiceSellerName') ?? INVOICE_SELLER_PLACEHOLDER.name,
    address: text(scope, 'invoiceSellerAddress') ?? INVOICE_SELLER_PLACEHOLDER.address,
    email: text(scope, 'invoiceSellerEmail') ?? salesInbox,
  };
  if (invoiceSeller.name.length > 200) throw new Error('Context "invoiceSellerName" must be at most 200 characters');
  if (invoiceSeller.address.length > 500) throw new Error('Context "invoiceSellerAddress" must be at most 500 characters (lines separated by |)');
  if (!EMAIL_PATTERN.test(invoiceSeller.email)) throw new Error('Context "invoiceSellerEmail" must be an email address');
  const alarmEmail = text(scope, 'alarmEmail');
  if (alarmEmail && !EMAIL_PATTERN.test(alarmEmail)) throw new Error('Context "alarmEmail" must be an email address');

  return {
    stage,
    domainName,
    certificateArn,
    publicOrigin,
    googleClientId: text(scope, 'googleClientId'),
    googleClientSecretName: text(scope, 'googleClientSecretName') ?? `cardcrew/${stage}/google-client-secret`,
    sesFromAddress,
    salesInbox,
    stripeSecretName: text(scope, 'stripeSecretName') ?? `cardcrew/${stage}/stripe-secret-key`,
    googleWalletSecretName: text(scope, 'googleWalletSecretName'),
    appleWalletSecretName: text(scope, 'appleWalletSecretName'),
    invoiceSeller,
    alarmTopicName: text(scope, 'alarmTopicName') ?? `cardcrew-${stage}-alarms`,
    alarmEmail,
  };
}
