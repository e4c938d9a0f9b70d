// The API stack: the HTTP API, one Lambda per area and every route of functions/routes.ts, the Cognito JWT
// authorizer, per-route throttling, and the scheduled monthly invoice job. Everything here is stateless and
// built from the route table, so a route added there appears here without an edit.
import { Aws, CfnOutput, Duration, Fn, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { areas, routes, type Area, type AreaDef, type RouteDef, type ThrottleClass } from '../functions/routes';
import { CardTenantDistribution } from './card-tenants';
import { AppEnvironment } from './app-environment';
import { AppFunction } from './app-function';
import type { DeployConfig } from './deploy-config';
import { BillingFanOut, BillingQueues } from './billing-fan-out';
import { ScanCloseQueue, ScanCloseWorker } from './scan-close-fan-out';
import { CardSharing } from './card-sharing';
import { billingFanOut } from '../functions/src/jobs/billing-fan-out';
import { scanCloseFanOut } from '../functions/src/scan-totals/close-fan-out';
import { WebhookQueue, WebhookWorker } from './webhook-deliveries';
import { DUNNING_CRON, MONTHLY_INVOICE_CRON, SCAN_CLOSE_CRON, SCAN_CLOSE_MEMORY_MB, ScheduledJob } from './scheduled-job';
import type { NamedExport } from './stateful-stack';

/** Steady-state requests per second and burst per route, by the route's throttle class. Defined only here. */
export const throttleLimits: Record<ThrottleClass, { rateLimit: number; burstLimit: number }> = {
  public: { rateLimit: 50, burstLimit: 100 },
  standard: { rateLimit: 20, burstLimit: 40 },
  strict: { rateLimit: 5, burstLimit: 10 },
};

/** API Gateway route key of a route: `GET /api/businesses/{businessId}`. */
export function routeKeyOf(route: Pick<RouteDef, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

export interface ApiStackProps extends StackProps {
  /** Deployment parameters read from context. */
  readonly config: DeployConfig;
  /**
   * The site origin (PUBLIC_ORIGIN, and MEDIA_BASE_URL = `{publicOrigin}/media`). A plain string, not a reference
   * to the distribution: the web stack points CloudFront at this API, so a reference back would be a cycle.
   */
  readonly publicOrigin: string;
  readonly table: dynamodb.ITable;
  /** The table's GSIs (granted by name). */
  readonly tableIndexNames: readonly string[];
  readonly mediaBucket: s3.IBucket;
  /** The web app's bucket: the card tenants serve the app on agency domains (infra/card-tenants.ts). */
  readonly siteBucket: s3.IBucket;
  /** The edge stack's WAF web ACL for the card tenants' distribution (absent from an environment-agnostic synth). */
  readonly webAclArn?: string;
  /** The media bucket's ARN as a named import (for IAM policies). */
  readonly mediaBucketArn: NamedExport;
  /** The private bucket of invoice PDFs. */
  readonly documentsBucket: s3.IBucket;
  /** The documents bucket's ARN as a named import (for IAM policies). */
  readonly documentsBucketArn: NamedExport;
  readonly userPool: cognito.IUserPool;
  readonly userPoolClient: cognito.IUserPoolClient;
  /** The user pool's OAuth domain (single sign-on's ACS URL and redirect URI, issue 24). */
  readonly oauthDomain: string;
}

export class ApiStack extends Stack {
  readonly httpApi: apigw.HttpApi;
  readonly stage: apigw.HttpStage;
  /** Host name of the API's execute-api endpoint (the CloudFront origin for /api/* and /scim/*). */
  readonly apiDomainName: string;
  /** The card page's function URL: CloudFront's origin for /card/* (origin access control), not API Gateway. */
  readonly cardPageUrl: lambda.FunctionUrl;
  /** One function per area of `areas`. */
  readonly areaFunctions: Record<Area, AppFunction>;
  /** The billing planner (monthly schedule, planning queue, hourly check). */
  readonly monthlyInvoiceJob: ScheduledJob;
  /** The billing fan-out: queues, dead-letter queues and the worker. */
  readonly billingQueues: BillingQueues;
  readonly billing: BillingFanOut;
  readonly dunningJob: ScheduledJob;
  /** The card-sharing worker on the table's stream (issue 22). */
  readonly cardSharing: CardSharing;
  /** Folds each card view's day counter into the scan totals (issue 25 §2). */
  /** The daily close of scan counts (issue 25 §2). */
  /** The scan close's planner (the daily schedule), its queue and its worker. */
  readonly scanCloseJob: ScheduledJob;
  readonly scanCloseQueue: ScanCloseQueue;
  readonly scanCloseWorker: ScanCloseWorker;
  /** Outgoing webhooks: the delivery queue and its worker. */
  readonly webhookQueue: WebhookQueue;
  readonly webhookWorker: WebhookWorker;
  /** The value of the `X-Origin-Verify` header CloudFront adds to API requests. */
  readonly originVerifySecret: secretsmanager.Secret;
  /** The multi-tenant CloudFront distribution agency domains join (issue 21 §2). */
  readonly cardTenants: CardTenantDistribution;
  /** JSON access log of the default stage (one line per request, with `status`). */
  readonly accessLogs: logs.LogGroup;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { config } = props;

    this.billingQueues = new BillingQueues(this, 'BillingQueues');
    this.scanCloseQueue = new ScanCloseQueue(this, 'ScanCloseQueue');
    this.webhookQueue = new WebhookQueue(this, 'WebhookQueue');

    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      apiName: `cardcrew-${config.stage}`,
      description: 'CardCrew API (routes from functions/routes.ts)',
      // The stage is created below, after the routes, because its per-route throttles name them.
      createDefaultStage: false,
    });

    // The web app sends the Cognito ID token as `Authorization: Bearer …`; its `aud` is the app client id.
    // Admin routes are checked again in code from the token's `cognito:groups` claim.
    const authorizer = new HttpJwtAuthorizer(
      'CognitoJwt',
      `https://cognito-idp.${Aws.REGION}.${Aws.URL_SUFFIX}/${props.userPool.userPoolId}`,
      {
        jwtAudience: [props.userPoolClient.userPoolClientId],
        identitySource: ['$request.header.Authorization'],
      },
    );

    // CloudFront sends this with every API request (infra/web-stack.ts) and the functions refuse requests without
    // it, so the execute-api URL cannot be used to go around CloudFront and its WAF.
    this.originVerifySecret = new secretsmanager.Secret(this, 'OriginVerifySecret', {
      description: `CardCrew ${config.stage}: header value CloudFront adds to API requests`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });
    Validations.of(this.originVerifySecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Rotating the origin header means updating CloudFront and the functions together; it is rotated by hand with a redeploy (docs/operations.md), not by a rotation Lambda.',
    });

    // Custom domains (issue 21 §2): the multi-tenant distribution for card pages on agency domains.
    this.cardTenants = new CardTenantDistribution(this, 'CardTenants', {
      stage: config.stage,
      apiDomainName: Fn.select(2, Fn.split('/', this.httpApi.apiEndpoint)),
      originVerifySecret: this.originVerifySecret,
      siteBucket: props.siteBucket,
      oauthDomain: props.oauthDomain,
      mediaBucketDomain: props.mediaBucket.bucketRegionalDomainName,
      webAclArn: props.webAclArn,
    });
    const environment = new AppEnvironment({
      billingQueue: this.billingQueues.billing,
      planningQueue: this.billingQueues.planning,
      scanCloseQueue: this.scanCloseQueue.queue,
      webhookQueue: this.webhookQueue.queue,
      table: props.table,
      tableIndexNames: props.tableIndexNames,
      mediaBucket: props.mediaBucket,
      mediaBucketArn: props.mediaBucketArn,
      mediaBaseUrl: `${props.publicOrigin}/media`,
      documentsBucket: props.documentsBucket,
      documentsBucketArn: props.documentsBucketArn,
      publicOrigin: props.publicOrigin,
      userPool: props.userPool,
      userPoolClient: props.userPoolClient,
      oauthDomain: props.oauthDomain,
      sesFromAddress: config.sesFromAddress,
      salesInbox: config.salesInbox,
      invoiceSeller: config.invoiceSeller,
      stripeSecretName: config.stripeSecretName,
      googleWalletSecretName: config.googleWalletSecretName,
      appleWalletSecretName: config.appleWalletSecretName,
      tenants: this.cardTenants,
    });

    this.areaFunctions = {} as Record<Area, AppFunction>;
    const integrations = {} as Record<Area, HttpLambdaIntegration>;
    for (const [area, { entry, capabilities, functionUrl }] of Object.entries(areas) as [Area, AreaDef][]) {
      const fn = new AppFunction(this, `Area-${area}`, {
        entry,
        serviceName: kebab(area),
        description: `CardCrew ${area} routes`,
        // sharp is the only native module; only areas that write media (or declare `render`) render images.
        nativeModules: capabilities.media?.write?.length || capabilities.media?.render ? ['sharp'] : [],
      });
      environment.bindTo(fn, capabilities);
      // Resolved by CloudFormation at deploy time; the code refuses requests without it (origin-verify.ts).
      fn.addEnvironment('ORIGIN_VERIFY_SECRET', this.originVerifySecret.secretValue.unsafeUnwrap());
      this.areaFunctions[area] = fn;
      if (functionUrl) continue;
      // One invoke permission per function for the whole API (not one per route): the Lambda resource policy
      // has a size limit that a growing route table would otherwise hit.
      integrations[area] = new HttpLambdaIntegration(`Integration-${area}`, fn.function, {
        scopePermissionToRoute: false,
      });
    }
    // Only CloudFront may call it: IAM auth, signed by the distributions' origin access control (infra/web-stack.ts,
    // infra/card-tenants.ts), and the handler still checks X-Origin-Verify.
    this.cardPageUrl = this.areaFunctions.cardPage.function.addFunctionUrl({ authType: lambda.FunctionUrlAuthType.AWS_IAM });
    this.cardTenants.serveCardPageFrom(this.cardPageUrl);
    const apiRoutes = routes.filter((route) => !(areas[route.area] as AreaDef).functionUrl);

    const routeResources: apigw.HttpRoute[] = [];
    for (const route of apiRoutes) {
      const integration = integrations[route.area];
      if (!integration)
        throw new Error(`Route ${route.operationId} names area "${route.area}", which areas does not list`);
      const httpRoute = new apigw.HttpRoute(this, `Route-${route.operationId}`, {
        httpApi: this.httpApi,
        routeKey: apigw.HttpRouteKey.with(route.path, apigw.HttpMethod[route.method]),
        integration,
        authorizer: route.auth === 'public' ? new apigw.HttpNoneAuthorizer() : authorizer,
      });
      if (route.auth === 'public') {
        Validations.of(httpRoute).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason: `${route.operationId} (${routeKeyOf(route)}) is public by design: functions/routes.ts declares auth 'public' (${route.summary}).`,
        });
      }
      routeResources.push(httpRoute);
    }

    const accessLogs = (this.accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    }));
    this.stage = new apigw.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: throttleLimits.standard,
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            responseLength: '$context.responseLength',
            latencyMs: '$context.responseLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
          }),
        ),
      },
    });
    const cfnStage = this.stage.node.defaultChild as apigw.CfnStage;
    cfnStage.routeSettings = Object.fromEntries(
      apiRoutes.map((route) => {
        const limits = throttleLimits[route.throttle];
        return [routeKeyOf(route), { throttlingRateLimit: limits.rateLimit, throttlingBurstLimit: limits.burstLimit }];
      }),
    );
    // API Gateway rejects route settings for route keys that do not exist yet.
    for (const route of routeResources) this.stage.node.addDependency(route);

    this.apiDomainName = Fn.select(2, Fn.split('/', this.httpApi.apiEndpoint));

    // Construct ids as before the construct was shared, so the monthly job's logical ids do not change.
    this.monthlyInvoiceJob = new ScheduledJob(this, 'MonthlyInvoices', {
      job: 'monthlyInvoices',
      serviceName: 'monthly-invoices',
      description: 'Plans the monthly billing run: one queued message per payer (businesses and agencies)',
      title: 'monthly invoice',
      scheduleDescription: 'CardCrew monthly invoices (1st of the month, UTC)',
      scheduleExpression: MONTHLY_INVOICE_CRON,
      // Lists every payer and queues them; the worker bills them (infra/billing-fan-out.ts).
      timeout: Duration.seconds(billingFanOut.plannerTimeoutSeconds),
      environment,
    });
    this.billing = new BillingFanOut(this, 'Billing', { queues: this.billingQueues, environment, planner: this.monthlyInvoiceJob });
    this.dunningJob = new ScheduledJob(this, 'Dunning', {
      job: 'dunning',
      serviceName: 'dunning',
      description: 'Marks unpaid invoices past due overdue and mails reminders at 1, 7 and 14 days (idempotent)',
      title: 'dunning',
      scheduleDescription: 'CardCrew dunning (daily, 06:00 UTC)',
      scheduleExpression: DUNNING_CRON,
      // One pass over the invoice listing with a mail per reminder due; claims make a re-run after a timeout safe.
      timeout: Duration.minutes(15),
      environment,
    });

    this.scanCloseJob = new ScheduledJob(this, 'ScanClose', {
      job: 'scanClose',
      serviceName: 'scan-close',
      description: 'Plans the daily scan close: one queued message per business for the scan close worker',
      title: 'scan close',
      scheduleDescription: 'CardCrew scan close (daily, 00:10 UTC)',
      scheduleExpression: SCAN_CLOSE_CRON,
      // Lists the businesses and queues them (ten per SendMessageBatch, 16 batches at a time); the worker closes them.
      timeout: Duration.seconds(scanCloseFanOut.plannerTimeoutSeconds),
      memorySize: SCAN_CLOSE_MEMORY_MB,
      environment,
    });
    this.scanCloseWorker = new ScanCloseWorker(this, 'ScanCloseFanOut', { queue: this.scanCloseQueue, environment });
    this.webhookWorker = new WebhookWorker(this, 'WebhookDeliveries', { queue: this.webhookQueue, environment });

    this.cardSharing = new CardSharing(this, 'CardSharing', { table: props.table, environment });

    new CfnOutput(this, 'ApiUrl', {
      value: this.stage.url,
      description: 'Execute-api URL (the site reaches it through CloudFront)',
    });
  }
}

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}
