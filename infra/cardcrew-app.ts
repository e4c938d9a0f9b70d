// Builds the CardCrew stacks in dependency order (stateful → api → web, and operations after api) from the deployment context.
// infra/bin/app.ts calls it for `cdk synth/deploy`; the infra tests call it to synthesize in-process.
import { Annotations, Token, type App, type Environment } from 'aws-cdk-lib';
import { ApiStack } from './api-stack';
import { PENDING_PUBLIC_ORIGIN, readDeployConfig } from './deploy-config';
import { EdgeStack } from './edge-stack';
import { OperationsStack } from './operations-stack';
import { StatefulStack } from './stateful-stack';
import { WebStack } from './web-stack';

export interface CardCrewStacks {
  readonly stateful: StatefulStack;
  readonly api: ApiStack;
  readonly web: WebStack;
  readonly operations: OperationsStack;
  /** The us-east-1 WAF web ACL; only with a concrete account and region (see below). */
  readonly edge?: EdgeStack;
}

export interface CardCrewStackOptions {
  /** Account and region; omit for environment-agnostic stacks. @default - environment-agnostic */
  readonly env?: Environment;
  /** The built SPA. @default `web/dist` of the repository */
  readonly webDistPath?: string;
}

export function createCardCrewStacks(app: App, options: CardCrewStackOptions = {}): CardCrewStacks {
  const { env } = options;
  const config = readDeployConfig(app);
  const prefix = `CardCrew-${config.stage}`;

  // The public origin is an input, not a reference to the distribution: the user pool (OAuth callbacks), the
  // media bucket (CORS) and the functions (links, QR codes) need it, and all of them are deployed before the
  // distribution exists. With a custom domain it is known up front; with the default *.cloudfront.net domain
  // the first deploy prints it and the second deploy (with -c publicOrigin=…) uses it (docs/deploy.md).
  const publicOrigin = config.publicOrigin ?? PENDING_PUBLIC_ORIGIN;

  const stateful = new StatefulStack(app, `${prefix}-Stateful`, {
    env,
    config,
    publicOrigin,
    description: 'CardCrew data and identity: DynamoDB table, media/documents/site/logs buckets, Cognito user pool (retained)',
    terminationProtection: config.stage === 'prod',
  });
  // CloudFront takes web ACLs from us-east-1 only, and a cross-region reference needs concrete environments:
  // `cdk deploy` (credentials → CDK_DEFAULT_ACCOUNT/REGION) gets the edge stack, an environment-agnostic synth not.
  const concrete = env?.account !== undefined && env.region !== undefined && !Token.isUnresolved(env.account) && !Token.isUnresolved(env.region);
  const edge = concrete
    ? new EdgeStack(app, `${prefix}-Edge`, {
        env: { account: env.account, region: 'us-east-1' },
        config,
        description: 'CardCrew WAF web ACL for CloudFront (always us-east-1)',
      })
    : undefined;
  const api = new ApiStack(app, `${prefix}-Api`, {
    env,
    // The card tenants' distribution takes the edge stack's web ACL too.
    crossRegionReferences: edge !== undefined && env?.region !== 'us-east-1',
    config,
    webAclArn: edge?.webAcl.attrArn,
    siteBucket: stateful.siteBucket,
    publicOrigin,
    table: stateful.table,
    tableIndexNames: stateful.tableIndexNames,
    mediaBucket: stateful.mediaBucket,
    mediaBucketArn: stateful.mediaBucketArn,
    documentsBucket: stateful.documentsBucket,
    documentsBucketArn: stateful.documentsBucketArn,
    userPool: stateful.userPool,
    userPoolClient: stateful.userPoolClient,
    oauthDomain: stateful.oauthDomain,
    description: 'CardCrew HTTP API, Lambda functions and the monthly invoice schedule',
  });
  const web = new WebStack(app, `${prefix}-Web`, {
    env,
    crossRegionReferences: edge !== undefined && env?.region !== 'us-east-1',
    config,
    webAclArn: edge?.webAcl.attrArn,
    siteBucket: stateful.siteBucket,
    siteBucketArn: stateful.siteBucketArn,
    mediaBucket: stateful.mediaBucket,
    logsBucket: stateful.logsBucket,
    userPool: stateful.userPool,
    userPoolClient: stateful.userPoolClient,
    oauthDomain: stateful.oauthDomain,
    apiDomainName: api.apiDomainName,
    cardPageUrl: api.cardPageUrl,
    originVerifySecret: api.originVerifySecret,
    webDistPath: options.webDistPath,
    description: 'CardCrew CloudFront distribution and SPA',
  });

  const operations = new OperationsStack(app, `${prefix}-Ops`, {
    env,
    config,
    httpApi: api.httpApi,
    apiAccessLogs: api.accessLogs,
    apiFunctions: api.areaFunctions,
    invoiceJob: api.monthlyInvoiceJob.function,
    invoiceJobDeadLetterQueue: api.monthlyInvoiceJob.deadLetterQueue,
    billingWorker: api.billing.worker,
    billingQueue: api.billingQueues.billing,
    billingDeadLetterQueue: api.billingQueues.billingDeadLetters,
    planningDeadLetterQueue: api.billingQueues.planningDeadLetters,
    dunningJob: api.dunningJob.function,
    dunningJobDeadLetterQueue: api.dunningJob.deadLetterQueue,
    cardSharingWorker: api.cardSharing.worker,
    cardSharingDeadLetterQueue: api.cardSharing.deadLetters,
    scanCloseJob: api.scanCloseJob.function,
    scanCloseJobDeadLetterQueue: api.scanCloseJob.deadLetterQueue,
    scanCloseWorker: api.scanCloseWorker.worker,
    scanCloseQueue: api.scanCloseQueue.queue,
    scanCloseDeadLetterQueue: api.scanCloseQueue.deadLetters,
    webhookWorker: api.webhookWorker.worker,
    webhookDeadLetterQueue: api.webhookQueue.deadLetters,
    table: stateful.table,
    description: 'CardCrew alarms, dashboard and table backups',
  });

  // Named imports (bucket ARNs) carry no automatic dependency; state the deploy order explicitly.
  api.addStackDependency(stateful);
  web.addStackDependency(stateful);
  web.addStackDependency(api);
  if (edge) web.addStackDependency(edge);
  operations.addStackDependency(api);

  if (!config.publicOrigin) {
    Annotations.of(web).addWarningV2(
      'cardcrew:publicOriginPending',
      `No custom domain and no "publicOrigin" context: links, QR codes, OAuth callbacks and upload CORS use ${PENDING_PUBLIC_ORIGIN} until you deploy again with -c publicOrigin=<the PublicOrigin output> (docs/deploy.md).`,
    );
  }
  return { stateful, api, web, operations, edge };
}
