// Ports, folders and the environment of the local runtime. LOCAL_PORT_OFFSET moves every port at once
// (the test suite uses it so it never collides with a running `npm start`).
import { join, resolve } from 'node:path';
import { localQueueNames } from '../src/jobs/billing-fan-out';
import { localScanCloseQueueNames } from '../src/scan-totals/close-fan-out';
import { localWebhookQueueNames } from '../src/webhooks/delivery-queue';

export interface LocalSettings {
  host: string;
  port: number;
  dynamodbPort: number;
  cognitoPort: number;
  s3Port: number;
  sesPort: number;
  stripePort: number;
  /** The Google Wallet stand-in: save page, Wallet REST API and OAuth token endpoint (issue 22 §2). */
  googleWalletPort: number;
  /** The Cognito hosted UI (OAuth endpoints) with its local Google account chooser. */
  hostedUiPort: number;
  /** The local SQS (the billing fan-out's queues). */
  sqsPort: number;
  /** The local APNs stand-in (Apple Wallet update pushes, HTTP/2 without TLS). */
  apnsPort: number;
  /** The CloudFront tenant API stand-in (custom domains, issue 21 §2). */
  cloudFrontPort: number;
  /** The SES domain-identity stand-in (an agency's sending domain; aws-ses-v2-local has no identities). */
  sesIdentitiesPort: number;
  /** Single sign-on (issue 24): the local OIDC identity provider (oidc-provider), the local SAML 2.0 identity provider
   *  (samlify) and the DNS stand-in that answers TXT queries (UDP) with a small HTTP page to add records. */
  oidcIdpPort: number;
  samlIdpPort: number;
  dnsPort: number;
  /** The KMS stand-in (the key Cognito's codes are encrypted with for the custom email sender). */
  kmsPort: number;
  /** The local webhook receiver: takes POSTs at /hooks/<name> and lists them, signatures checked. */
  webhookReceiverPort: number;
  dataDir: string;
  origin: string;
  region: string;
  tableName: string;
  mediaBucket: string;
  /** Private: invoice PDFs, read only through presigned links (never served at /media). */
  documentsBucket: string;
  userPoolName: string;
}

export function localSettings(env: NodeJS.ProcessEnv = process.env): LocalSettings {
  const offset = Number(env.LOCAL_PORT_OFFSET ?? 0);
  const port = Number(env.PORT ?? 3000 + offset);
  const host = '127.0.0.1';
  return {
    host,
    port,
    dynamodbPort: 8000 + offset,
    cognitoPort: 9229 + offset,
    s3Port: 4569 + offset,
    sesPort: 8005 + offset,
    stripePort: 12111 + offset,
    googleWalletPort: 12444 + offset,
    hostedUiPort: 12222 + offset,
    sqsPort: 9324 + offset,
    apnsPort: 12555 + offset,
    cloudFrontPort: 12666 + offset,
    sesIdentitiesPort: 13050 + offset,
    oidcIdpPort: 12777 + offset,
    samlIdpPort: 12888 + offset,
    dnsPort: 12999 + offset,
    kmsPort: 13163 + offset,
    webhookReceiverPort: 13133 + offset,
    dataDir: resolve(env.DATA_DIR ?? '.data'),
    origin: `http://${host}:${port}`,
    region: 'us-east-1',
    tableName: 'cardcrew',
    mediaBucket: 'cardcrew-media',
    documentsBucket: 'cardcrew-documents',
    userPoolName: 'cardcrew-local',
  };
}

/** The environment the Lambda handlers see locally: the same variables CDK sets, pointed at the stand-ins. */
export function handlerEnvironment(s: LocalSettings, ids: { userPoolId: string; userPoolClientId: string }): Record<string, string> {
  return {
    APP_MODE: 'local',
    AWS_REGION: s.region,
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    TABLE_NAME: s.tableName,
    MEDIA_BUCKET: s.mediaBucket,
    MEDIA_BASE_URL: `${s.origin}/media`,
    DOCUMENTS_BUCKET: s.documentsBucket,
    PUBLIC_ORIGIN: s.origin,
    USER_POOL_ID: ids.userPoolId,
    USER_POOL_CLIENT_ID: ids.userPoolClientId,
    TOKEN_ISSUER: `http://${s.host}:${s.cognitoPort}/${ids.userPoolId}`,
    DYNAMODB_ENDPOINT: `http://${s.host}:${s.dynamodbPort}`,
    S3_ENDPOINT: `http://${s.host}:${s.s3Port}`,
    SES_ENDPOINT: `http://${s.host}:${s.sesPort}`,
    SES_IDENTITIES_ENDPOINT: `http://${s.host}:${s.sesIdentitiesPort}`,
    COGNITO_ENDPOINT: `http://${s.host}:${s.cognitoPort}`,
    // Single sign-on (issue 24): the user pool's OAuth domain is the hosted-UI stand-in (ACS URL, redirect URI).
    SSO_AUTH_ORIGIN: `http://${s.host}:${s.hostedUiPort}`,
    STRIPE_API_BASE: `http://${s.host}:${s.stripePort}`,
    SQS_ENDPOINT: `http://${s.host}:${s.sqsPort}`,
    BILLING_QUEUE_URL: `http://${s.host}:${s.sqsPort}/000000000000/${localQueueNames.billing}`,
    PLANNING_QUEUE_URL: `http://${s.host}:${s.sqsPort}/000000000000/${localQueueNames.planning}`,
    SCAN_CLOSE_QUEUE_URL: `http://${s.host}:${s.sqsPort}/000000000000/${localScanCloseQueueNames.scanClose}`,
    WEBHOOK_QUEUE_URL: `http://${s.host}:${s.sqsPort}/000000000000/${localWebhookQueueNames.webhooks}`,
    // Google Wallet: the stand-in's issuer key file (it creates it at start) and its save page, API and token endpoint.
    GOOGLE_WALLET_KEY_FILE: googleWalletKeyFile(s),
    GOOGLE_WALLET_SAVE_URL: `http://${s.host}:${s.googleWalletPort}/gp/v/save/`,
    GOOGLE_WALLET_API_BASE: `http://${s.host}:${s.googleWalletPort}/walletobjects/v1/`,
    GOOGLE_OAUTH_TOKEN_URL: `http://${s.host}:${s.googleWalletPort}/token`,
    // The local Apple Wallet signer (functions/local/apple-wallet-signer.ts), in the data folder (the tests' is .data/test).
    APPLE_WALLET_LOCAL_DIR: join(s.dataDir, 'apple-wallet'),
    APNS_ENDPOINT: `http://${s.host}:${s.apnsPort}`,
    // Custom domains (issue 21 §2): the tenant API stand-in, its distribution and the name an agency's CNAME points at.
    CLOUDFRONT_ENDPOINT: `http://${s.host}:${s.cloudFrontPort}`,
    TENANT_DISTRIBUTION_ID: LOCAL_TENANT_DISTRIBUTION_ID,
    TENANT_ROUTING_ENDPOINT: 'tenants.cloudfront.localhost',
    // Single sign-on (issue 24): what an identity provider needs from us (ssoLocalEndpoints), and the DNS stand-in
    // the domain-proof lookup asks (UDP, TXT records; its HTTP page to add records is on the same port number, TCP).
    ...ssoEnvironment(s, ids.userPoolId),
    // The user pool's custom email sender decrypts Cognito's codes with this key (functions/local/kms.ts).
    KMS_ENDPOINT: kmsEndpoint(s),
    COGNITO_SENDER_KEY_ARN: localCognitoSenderKeyArn(s),
    STRIPE_SECRET_KEY: LOCAL_STRIPE_KEYS.secretKey,
    STRIPE_WEBHOOK_SECRET: LOCAL_STRIPE_KEYS.webhookSecret,
    STRIPE_CONNECT_WEBHOOK_SECRET: LOCAL_STRIPE_KEYS.connectWebhookSecret,
    POWERTOOLS_SERVICE_NAME: 'cardcrew-local',
    POWERTOOLS_DEV: 'true',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'WARN',
  };
}

/** The local key Cognito's codes are encrypted with: a fixed id, so its ARN is known before the stand-in starts. */
export const LOCAL_COGNITO_SENDER_KEY = { alias: 'alias/cardcrew-cognito-sender', keyId: '00000000-0000-4000-8000-00000000c0de' } as const;
export const localCognitoSenderKeyArn = (s: LocalSettings) => `arn:aws:kms:${s.region}:000000000000:key/${LOCAL_COGNITO_SENDER_KEY.keyId}`;
export const kmsEndpoint = (s: LocalSettings) => `http://${s.host}:${s.kmsPort}`;

/** The card-traffic distribution the local tenants belong to (the stand-in takes any id). */
export const LOCAL_TENANT_DISTRIBUTION_ID = 'E2CARDCREWLOCAL';

/** The Google Wallet stand-in's issuer: its id and service-account key, in the data folder (created once). */
export const googleWalletKeyFile = (s: LocalSettings) => join(s.dataDir, 'google-wallet', 'issuer.json');

/**
 * The local Stripe stand-in's test keys (public: they open nothing outside this machine). Stripe signs the events of
 * connected accounts (Connect webhooks) with their endpoint's own secret, so the stand-in does too.
 */
export const LOCAL_STRIPE_KEYS = { secretKey: 'sk_test_cardcrew_local', webhookSecret: 'whsec_cardcrew_local', connectWebhookSecret: 'whsec_cardcrew_connect_local' } as const;

/**
 * What a business's identity provider needs from us, for the local runtime: the SAML ACS URL and audience (entity
 * ID), and the OIDC redirect URI, all on the hosted-UI stand-in. In AWS the same values are
 * `https://<user pool domain>/saml2/idpresponse`, `urn:amazon:cognito:sp:<user pool id>` and
 * `https://<user pool domain>/oauth2/idpresponse`.
 */
export function ssoLocalEndpoints(s: LocalSettings, userPoolId: string) {
  const hostedUi = `http://${s.host}:${s.hostedUiPort}`;
  return { samlAcsUrl: `${hostedUi}/saml2/idpresponse`, samlAudience: `urn:amazon:cognito:sp:${userPoolId}`, oidcRedirectUri: `${hostedUi}/oauth2/idpresponse` };
}

/** The single sign-on variables of the handlers' environment (see ssoLocalEndpoints). */
export function ssoEnvironment(s: LocalSettings, userPoolId: string): Record<string, string> {
  const e = ssoLocalEndpoints(s, userPoolId);
  return {
    SSO_SAML_ACS_URL: e.samlAcsUrl,
    SSO_SAML_AUDIENCE: e.samlAudience,
    SSO_OIDC_REDIRECT_URI: e.oidcRedirectUri,
    DNS_SERVER: `${s.host}:${s.dnsPort}`,
    // The local test identity providers (docs/local.md): what an owner types into 'Single sign-on' to connect one.
    LOCAL_OIDC_ISSUER: `http://${s.host}:${s.oidcIdpPort}`,
    LOCAL_SAML_METADATA_URL: `http://${s.host}:${s.samlIdpPort}/metadata`,
  };
}
