// `npm start`: the whole product on one machine — DynamoDB Local, cognito-local, s3rver, the local SES,
// the local Stripe and Google Wallet stand-ins, the single sign-on test identity providers and DNS stand-in, the API adapter, the card page and the SPA — on http://127.0.0.1:3000.
import './quiet';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { storePutsBeforeAnswering } from './s3-store';
import sesModule from 'aws-ses-v2-local';
import { cognitoClient, ensureUserPool, startCognito } from './cognito';
import { dynamoClient, ensureTable, startDynamoDb, waitForDynamoDb } from './dynamodb';
import { S3RVER_CREDENTIALS } from '../src/config';
import { handlerEnvironment, LOCAL_COGNITO_SENDER_KEY, localSettings, ssoLocalEndpoints } from './settings';
import { startStripeStandIn } from './stripe';
import { startGoogleWalletStandIn } from './google-wallet';
import { startHostedUi } from './hosted-ui';
import { startSqsStandIn } from './sqs';
import { ensureFanOutQueues, localSqsClient, startFanOutEventSources } from './fan-out-queues';
import { startCardSharingStream } from './card-sharing-stream';
import { ensureLocalAppleWalletSigner } from './apple-wallet-signer';
import { startApnsStandIn } from './apns';
import { startCloudFrontTenants } from './cloudfront-tenants';
import { startSesIdentities } from './ses-identities';
import { startKms } from './kms';
import { startOidcIdp, LOCAL_OIDC_CLIENT } from './oidc-idp';
import { startSamlIdp } from './saml-idp';
import { startDnsStandIn } from './dns';
import { startWebhookReceiver } from './webhook-receiver';
import { SSO_TEST_PASSWORD, SSO_TEST_USERS } from './sso-test-users';

// aws-ses-v2-local is CommonJS with an `exports.default`; Node's ESM import sees the whole module object.
const sesServer = ((sesModule as unknown as { default?: typeof sesModule }).default ?? sesModule) as typeof sesModule;

const localSesAccount = {
  DedicatedIpAutoWarmupEnabled: false,
  Details: {
    AdditionalContactEmailAddresses: [],
    ContactLanguage: 'EN',
    MailType: 'TRANSACTIONAL',
    ReviewDetails: { CaseId: 'local', Status: 'GRANTED' },
    UseCaseDescription: 'CardCrew local runtime',
    WebsiteURL: 'http://127.0.0.1',
  },
  EnforcementStatus: 'HEALTHY',
  ProductionAccessEnabled: true,
  SendingEnabled: true,
  // A new production SES account's quota; LOCAL_SES_MAX_SEND_RATE changes the rate (the tests and the bench raise it).
  SendQuota: { Max24HourSend: 50_000, MaxSendRate: Number(process.env.LOCAL_SES_MAX_SEND_RATE ?? 14), SentLast24Hours: 0 },
  SuppressionAttributes: { SuppressedReasons: [] },
};

const closers: (() => unknown)[] = [];

/** Stops everything started so far (newest first) and exits. */
async function stop(code = 0): Promise<never> {
  for (const close of closers.reverse()) {
    try {
      await close();
    } catch {
      // already stopped
    }
  }
  process.exit(code);
}

/** Fails in one clear line when a port is taken (usually: CardCrew is already running). */
async function assertPortsFree(s: ReturnType<typeof localSettings>) {
  const ports: [string, number][] = [
    ['app', s.port],
    ['DynamoDB Local', s.dynamodbPort],
    ['cognito-local', s.cognitoPort],
    ['s3rver', s.s3Port],
    ['local SES', s.sesPort],
    ['Stripe stand-in', s.stripePort],
    ['Google Wallet stand-in', s.googleWalletPort],
    ['hosted UI stand-in', s.hostedUiPort],
    ['local SQS', s.sqsPort],
    ['APNs stand-in', s.apnsPort],
    ['CloudFront tenants stand-in', s.cloudFrontPort],
    ['SES identities stand-in', s.sesIdentitiesPort],
    ['KMS stand-in', s.kmsPort],
    ['local OIDC identity provider', s.oidcIdpPort],
    ['local SAML identity provider', s.samlIdpPort],
    ['DNS stand-in (HTTP page)', s.dnsPort],
    ['webhook receiver', s.webhookReceiverPort],
  ];
  for (const [name, port] of ports) {
    const free = await new Promise<boolean>((resolveFree) => {
      const probe = createNetServer()
        .once('error', () => resolveFree(false))
        .once('listening', () => probe.close(() => resolveFree(true)))
        .listen(port, name === 'DynamoDB Local' ? '0.0.0.0' : s.host);
    });
    if (!free) throw new Error(`port ${port} (${name}) is already in use. Is CardCrew already running? Stop it, or move every port with LOCAL_PORT_OFFSET=10.`);
  }
}

async function main() {
  const started = Date.now();
  const s = localSettings();
  await assertPortsFree(s);
  mkdirSync(s.dataDir, { recursive: true });
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  const dynamo = startDynamoDb(s);
  closers.push(() => dynamo.kill('SIGTERM'));
  dynamo.on('exit', (code) => {
    if (code) console.error(`DynamoDB Local exited with code ${code}`);
  });

  // The account GetAccount answers (the health check reads it); aws-ses-v2-local takes it from the environment.
  process.env.AWS_SES_ACCOUNT ??= JSON.stringify(localSesAccount);
  const ses = await sesServer({ host: s.host, port: s.sesPort });
  closers.push(() => new Promise((r) => ses.close(r)));
  // Browsers upload logos and photos straight to the bucket (presigned POST), as in AWS: allow the local origins.
  const uploadCors = `<CORSConfiguration><CORSRule><AllowedOrigin>http://${s.host}:*</AllowedOrigin><AllowedMethod>POST</AllowedMethod><AllowedHeader>*</AllowedHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`;
  const s3rver = new S3rver({ address: s.host, port: s.s3Port, directory: join(s.dataDir, 's3'), silent: true, configureBuckets: [{ name: s.mediaBucket, configs: [uploadCors] }, { name: s.documentsBucket, configs: [] }] });
  storePutsBeforeAnswering(s3rver);
  await s3rver.run();
  closers.push(() => s3rver.close());
  // KMS before Cognito: the pool's custom email sender gets its codes encrypted with the stand-in's key.
  const kms = await startKms(s.kmsPort, s.host, s.region, join(s.dataDir, 'kms', 'keys.json'));
  kms.ensureKey(LOCAL_COGNITO_SENDER_KEY);
  closers.push(() => kms.close());
  const cognito = await startCognito(s);
  closers.push(() => new Promise((r) => cognito.server.close(r)));
  const hostedUi = await startHostedUi(s, cognito.federation);
  closers.push(() => new Promise((r) => hostedUi.close(r)));
  const stripe = await startStripeStandIn(s);
  closers.push(() => new Promise((r) => stripe.close(r)));
  // Creates the local issuer (id and service-account key file) on first start; the handlers read the key file.
  const googleWallet = await startGoogleWalletStandIn(s);
  closers.push(() => new Promise((r) => googleWallet.close(r)));
  const sqs = await startSqsStandIn({ host: s.host, port: s.sqsPort, region: s.region });
  closers.push(() => new Promise((r) => sqs.server.close(r)));
  const sqsClient = localSqsClient(s);
  const fanOutQueues = await ensureFanOutQueues(sqsClient);

  const ddb = dynamoClient(s);
  await waitForDynamoDb(ddb);
  await ensureTable(ddb, s.tableName);
  const ids = await ensureUserPool(cognitoClient(s), s);
  Object.assign(process.env, handlerEnvironment(s, ids));
  // Apple Wallet: a local test CA and pass-signing certificate, made once, so the whole flow works (issue 22 §1).
  ensureLocalAppleWalletSigner(process.env.APPLE_WALLET_LOCAL_DIR!);
  const apns = await startApnsStandIn({ host: s.host, port: s.apnsPort, dataDir: s.dataDir, signerDir: process.env.APPLE_WALLET_LOCAL_DIR! });
  closers.push(() => new Promise((r) => apns.close(r)));
  // Custom domains (issue 21 §2): CloudFront's tenant API, tenants kept in the data folder (the seed adds one).
  const cloudFrontTenants = await startCloudFrontTenants(s.cloudFrontPort, s.host, join(s.dataDir, 'cloudfront', 'tenants.json'));
  closers.push(() => cloudFrontTenants.close());
  // An agency's sending domain: SES's domain identities (aws-ses-v2-local has none), kept in the data folder.
  const sesIdentities = await startSesIdentities(s.sesIdentitiesPort, s.host, join(s.dataDir, 'ses', 'identities.json'));
  closers.push(() => sesIdentities.close());
  // Single sign-on (issue 24): a test identity provider of each kind and the DNS stand-in for the domain proof.
  const ssoEndpoints = ssoLocalEndpoints(s, ids.userPoolId);
  const oidcIdp = await startOidcIdp({ host: s.host, port: s.oidcIdpPort, dataDir: s.dataDir, redirectUris: [ssoEndpoints.oidcRedirectUri] });
  closers.push(() => oidcIdp.close());
  const samlIdp = await startSamlIdp({ host: s.host, port: s.samlIdpPort, dataDir: s.dataDir });
  closers.push(() => samlIdp.close());
  const dns = await startDnsStandIn({ host: s.host, port: s.dnsPort, file: join(s.dataDir, 'dns', 'txt-records.json') });
  closers.push(() => dns.close());
  // Outgoing webhooks: a stand-in for a customer's endpoint that checks signatures and lists deliveries.
  const webhookReceiver = await startWebhookReceiver(s.webhookReceiverPort, s.host, join(s.dataDir, 'webhooks', 'received.json'), join(s.dataDir, 'webhooks', 'hooks.json'));
  closers.push(() => webhookReceiver.close());

  // Handlers read their configuration at first use, so they are imported after the environment is set. The card-sharing
  // worker starts before the seed so that the demo cards are shared like any other.
  const cardSharing = await startCardSharingStream(ddb, s.tableName);
  closers.push(() => cardSharing.stop());
  const { seed, demoLogins } = await import('./seed');
  await seed(cognitoClient(s), ids.userPoolId);
  const { createApiAdapter } = await import('./api-adapter');
  const { loadHandlers } = await import('./handlers');
  const { createLocalServer } = await import('./server');
  const { startDailyDunningSchedule, startDailyScanClose, startMonthlySchedule } = await import('./schedule');

  const env = handlerEnvironment(s, ids);
  const invokeApi = createApiAdapter({
    issuer: env.TOKEN_ISSUER!,
    audience: ids.userPoolClientId,
    jwksUrl: `${env.COGNITO_ENDPOINT}/${ids.userPoolId}/.well-known/jwks.json`,
    handlers: await loadHandlers(),
  });
  const runtimeConfig = {
    region: s.region,
    userPoolId: ids.userPoolId,
    userPoolClientId: ids.userPoolClientId,
    userPoolEndpoint: `${s.origin}/cognito`,
    authFlow: 'USER_PASSWORD_AUTH',
    oauthDomain: `${s.host}:${s.hostedUiPort}`,
    publicOrigin: s.origin,
    local: true,
    mailboxUrl: `http://${s.host}:${s.sesPort}`,
    // Google Wallet: the local stand-in is the issuer (issue 22 §2). Apple Wallet: signed with the local test CA above (§1).
    wallets: { google: true, apple: true },
  };
  const s3 = new S3Client({ region: s.region, endpoint: env.S3_ENDPOINT, forcePathStyle: true, credentials: S3RVER_CREDENTIALS });
  const server: Server = createLocalServer({ settings: s, webRoot: resolve(process.env.WEB_DIST ?? 'web/dist'), runtimeConfig, invokeApi, s3 });
  await new Promise<void>((r, reject) => server.listen(s.port, s.host, () => r()).on('error', reject));
  closers.push(() => new Promise((r) => server.close(r)));
  for (const source of await startFanOutEventSources(s, sqsClient, fanOutQueues)) closers.push(() => source.stop());
  closers.push(startMonthlySchedule());
  closers.push(startDailyDunningSchedule());
  closers.push(startDailyScanClose());

  writeFileSync(join(s.dataDir, 'runtime.json'), JSON.stringify({ settings: s, ids, env, pid: process.pid }, null, 2));
  const pad = (t: string) => t.padEnd(14);
  console.log(
    [
      '',
      `CardCrew is running (started in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
      '',
      `  ${pad('App')}${s.origin}`,
      `  ${pad('Mailbox')}http://${s.host}:${s.sesPort}   (local SES: confirmation codes and all mail)`,
      `  ${pad('API docs')}${s.origin}/api/openapi.json`,
      `  ${pad('Health')}${s.origin}/api/health`,
      `  ${pad('DynamoDB')}http://${s.host}:${s.dynamodbPort}   (DynamoDB Local, data in ${join(s.dataDir, 'dynamodb')}; its stream feeds the card-sharing worker)`,
      `  ${pad('Cognito')}http://${s.host}:${s.cognitoPort}   (cognito-local, pool ${ids.userPoolId})`,
      `  ${pad('S3')}http://${s.host}:${s.s3Port}   (s3rver, buckets ${s.mediaBucket} and ${s.documentsBucket})`,
      `  ${pad('Stripe')}http://${s.host}:${s.stripePort}   (local Stripe stand-in)`,
      `  ${pad('Google Wallet')}http://${s.host}:${s.googleWalletPort}   (local Google Wallet stand-in: save page and Wallet API; issuer in ${join(s.dataDir, 'google-wallet')})`,
      `  ${pad('Google')}http://${s.host}:${s.hostedUiPort}   (Cognito hosted UI stand-in with a local Google account chooser)`,
      `  ${pad('SQS')}http://${s.host}:${s.sqsPort}   (local SQS: the billing and scan close fan-outs' and the webhook deliveries' queues, their workers polling them)`,
      `  ${pad('APNs')}http://${s.host}:${s.apnsPort}   (APNs stand-in, HTTP/2: Apple Wallet update pushes, recorded in ${join(s.dataDir, 'apns', 'pushes.json')})`,
      `  ${pad('CloudFront')}http://${s.host}:${s.cloudFrontPort}   (tenant API stand-in: custom domains; names under .localhost go active in seconds)`,
      `  ${pad('OIDC IdP')}${oidcIdp.issuer}   (local OpenID Connect provider: client ${LOCAL_OIDC_CLIENT.clientId}, secret ${LOCAL_OIDC_CLIENT.clientSecret})`,
      `  ${pad('SAML IdP')}${samlIdp.metadataUrl}   (local SAML 2.0 provider's metadata)`,
      `  ${pad('KMS')}http://${s.host}:${s.kmsPort}   (KMS stand-in: the key Cognito's codes are encrypted with for the custom email sender)`,
      `  ${pad('DNS')}udp://${s.host}:${s.dnsPort}   (TXT records for domain proofs; add them at http://${s.host}:${s.dnsPort})`,
      `  ${pad('Webhooks')}http://${s.host}:${s.webhookReceiverPort}   (local webhook receiver: endpoint URLs http://${s.host}:${s.webhookReceiverPort}/hooks/<name>, deliveries listed here)`,
      `  ${pad('SSO')}ACS ${ssoEndpoints.samlAcsUrl}, audience ${ssoEndpoints.samlAudience}, OIDC redirect ${ssoEndpoints.oidcRedirectUri}`,
      `  ${pad('SSO users')}${SSO_TEST_USERS.map((u) => u.email).join(', ')}   (password ${SSO_TEST_PASSWORD}, on both IdPs)`,
      `  ${pad('Custom domain')}http://cards.bright.localhost:${s.port}/card/demo-card-sam-baker   (Bright Agency's domain: Northwind's cards)`,
      '',
      '  Demo logins:',
      ...demoLogins.map((l) => `    ${l.role.padEnd(30)} ${l.email.padEnd(24)} ${l.password}`),
      '',
      '  Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
}

main().catch((error) => {
  console.error(`\nCardCrew could not start: ${(error as Error).message}`);
  if (process.env.DEBUG) console.error(error);
  void stop(1);
});
