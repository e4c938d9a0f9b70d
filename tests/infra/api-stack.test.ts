// The API stack is built from functions/routes.ts: every route, its authorizer, its throttle and its Lambda,
// plus the environment each function gets and the monthly invoice schedule.
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { areas, handlerEntries, jobEntries, routes, type AreaDef } from '../../functions/routes';
import { routeKeyOf, throttleLimits } from '../../infra/api-stack';
import { DUNNING_CRON, MONTHLY_INVOICE_CRON } from '../../infra/scheduled-job';
import { resourcesOf, synthCardCrew, TEST_ORIGIN } from './synth-cardcrew';

type Props = Record<string, unknown>;

/** Routes API Gateway serves; a function-URL area's (the card page's) are served by CloudFront from its URL. */
const apiRoutes = routes.filter((r) => !(areas[r.area] as AreaDef).functionUrl);
const functionUrlRoutes = routes.filter((r) => (areas[r.area] as AreaDef).functionUrl);

let api: Template;
let areaFunctionIds: Record<string, string>;
let jobFunctionId: string;
let dunningFunctionId: string;

beforeAll(() => {
  ({ api } = synthCardCrew());
  const functions = resourcesOf(api, 'AWS::Lambda::Function');
  areaFunctionIds = Object.fromEntries(
    Object.keys(handlerEntries).map((area) => [
      area,
      functions.find(([id]) => id.startsWith(`Area${area}Function`))?.[0] ?? `missing-${area}`,
    ]),
  );
  jobFunctionId = functions.find(([id]) => id.startsWith('MonthlyInvoicesJobFunction'))?.[0] ?? 'missing-job';
  dunningFunctionId = functions.find(([id]) => id.startsWith('DunningJobFunction'))?.[0] ?? 'missing-dunning-job';
});

/** The function an API Gateway route invokes: route → integration → IntegrationUri. */
function functionBehind(routeProps: Props): string | undefined {
  const target = JSON.stringify(routeProps.Target);
  const integrationId = /"Ref":"([^"]+)"/.exec(target)?.[1];
  const integration = integrationId
    ? (api.toJSON().Resources[integrationId] as { Properties: Props } | undefined)
    : undefined;
  return /"Fn::GetAtt":\["([^"]+)","Arn"\]/.exec(JSON.stringify(integration?.Properties.IntegrationUri))?.[1];
}

describe('routes (iterating over functions/routes.ts)', () => {
  it('has exactly one API Gateway route per route-table entry, but none for the card page', () => {
    const keys = resourcesOf(api, 'AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties.RouteKey);
    expect(keys.sort()).toEqual(apiRoutes.map(routeKeyOf).sort());
    expect(functionUrlRoutes.map(routeKeyOf).sort()).toEqual(['GET /card/{cardId}', 'HEAD /card/{cardId}']);
    expect(keys).not.toContain('GET /card/{cardId}');
  });

  it('gives the card page a function URL that only IAM-signed callers (CloudFront) may call, and no API integration', () => {
    const urls = resourcesOf(api, 'AWS::Lambda::Url');
    expect(urls).toHaveLength(1);
    const [[, url]] = urls as [[string, { Properties: Props }]];
    expect(url.Properties.AuthType).toBe('AWS_IAM');
    expect(JSON.stringify(url.Properties.TargetFunctionArn)).toContain(areaFunctionIds.cardPage);
    const integrations = resourcesOf(api, 'AWS::ApiGatewayV2::Integration').map(([, r]) => JSON.stringify(r.Properties.IntegrationUri));
    expect(integrations.some((uri) => uri.includes(areaFunctionIds.cardPage!))).toBe(false);
    // Who may invoke it: CloudFront, from the card tenant distribution of this stack (the platform distribution's grant
    // is in the web stack); never API Gateway.
    const grants = resourcesOf(api, 'AWS::Lambda::Permission').filter(([, p]) => JSON.stringify(p.Properties.FunctionName).includes('AreacardPageFunction'));
    expect(grants.map(([, p]) => [p.Properties.Action, p.Properties.Principal]).sort()).toEqual([
      ['lambda:InvokeFunction', 'cloudfront.amazonaws.com'],
      ['lambda:InvokeFunctionUrl', 'cloudfront.amazonaws.com'],
    ]);
    for (const [, grant] of grants) expect(JSON.stringify(grant.Properties.SourceArn)).toContain('CardTenantsDistribution');
  });

  it.each(apiRoutes.map((r) => [routeKeyOf(r), r] as const))(
    '%s: exists with the authorizer its auth needs and its area’s Lambda',
    (key, route) => {
      const matches = resourcesOf(api, 'AWS::ApiGatewayV2::Route').filter(([, r]) => r.Properties.RouteKey === key);
      expect(matches).toHaveLength(1);
      const [[, resource]] = matches as [[string, { Properties: Props }]];
      if (route.auth === 'public') {
        expect(resource.Properties.AuthorizationType).toBe('NONE');
        expect(resource.Properties.AuthorizerId).toBeUndefined();
      } else {
        expect(resource.Properties.AuthorizationType).toBe('JWT');
        expect(resource.Properties.AuthorizerId).toBeDefined();
      }
      expect(functionBehind(resource.Properties)).toBe(areaFunctionIds[route.area]);
    },
  );

  it('throttles every route by its class (public 50/100, standard 20/40, strict 5/10)', () => {
    expect(throttleLimits).toEqual({
      public: { rateLimit: 50, burstLimit: 100 },
      standard: { rateLimit: 20, burstLimit: 40 },
      strict: { rateLimit: 5, burstLimit: 10 },
    });
    const [[, stage]] = resourcesOf(api, 'AWS::ApiGatewayV2::Stage') as [[string, { Properties: Props }]];
    const settings = stage.Properties.RouteSettings as Record<
      string,
      { throttlingRateLimit: number; throttlingBurstLimit: number }
    >;
    expect(Object.keys(settings).sort()).toEqual(apiRoutes.map(routeKeyOf).sort());
    for (const route of apiRoutes) {
      expect(settings[routeKeyOf(route)], routeKeyOf(route)).toEqual({
        throttlingRateLimit: throttleLimits[route.throttle].rateLimit,
        throttlingBurstLimit: throttleLimits[route.throttle].burstLimit,
      });
    }
  });

  it('deploys the $default stage automatically, with JSON access logs, after the routes it throttles', () => {
    const [[, stage]] = Object.entries(api.findResources('AWS::ApiGatewayV2::Stage')) as [
      [string, { Properties: Props; DependsOn?: string[] }],
    ];
    expect(stage.Properties).toMatchObject({ StageName: '$default', AutoDeploy: true });
    expect(JSON.parse((stage.Properties.AccessLogSettings as { Format: string }).Format)).toHaveProperty(
      'requestId',
      '$context.requestId',
    );
    const routeIds = resourcesOf(api, 'AWS::ApiGatewayV2::Route').map(([id]) => id);
    expect(stage.DependsOn).toEqual(expect.arrayContaining(routeIds));
  });

  it('checks Cognito ID tokens: issuer is the user pool, audience the app client', () => {
    api.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [Match.anyValue()],
        Issuer: { 'Fn::Join': ['', Match.arrayWith(['https://cognito-idp.', { Ref: 'AWS::Region' }])] },
      },
    });
  });

  it('outputs the API URL', () => {
    api.hasOutput('ApiUrl', {});
  });
});

describe('functions', () => {
  it('are one Lambda per area plus the invoice job, all Node.js 22 on arm64 with active tracing', () => {
    const functions = resourcesOf(api, 'AWS::Lambda::Function');
    expect(functions).toHaveLength(Object.keys(handlerEntries).length + Object.keys(jobEntries).length);
    for (const area of Object.keys(handlerEntries)) expect(areaFunctionIds[area]).not.toMatch(/^missing/);
    for (const [id, fn] of functions) {
      expect(fn.Properties, id).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        TracingConfig: { Mode: 'Active' },
      });
    }
  });

  it('default to 512 MB and 10 s for the HTTP areas', () => {
    for (const id of Object.values(areaFunctionIds)) {
      expect(api.toJSON().Resources[id].Properties).toMatchObject({ MemorySize: 512, Timeout: 10 });
    }
  });

  it('log to their own log group kept for one month', () => {
    const groups = resourcesOf(api, 'AWS::Logs::LogGroup');
    for (const [id, fn] of resourcesOf(api, 'AWS::Lambda::Function')) {
      const groupId = /"Ref":"([^"]+)"/.exec(JSON.stringify(fn.Properties.LoggingConfig))?.[1];
      const group = groups.find(([gid]) => gid === groupId);
      expect(group?.[1].Properties.RetentionInDays, id).toBe(30);
    }
  });

  it('set the house variables and the origin they link to (capabilities in least-privilege.test.ts)', () => {
    for (const [id, fn] of resourcesOf(api, 'AWS::Lambda::Function')) {
      const env = (fn.Properties.Environment as { Variables: Props }).Variables;
      expect(env, id).toMatchObject({ APP_MODE: 'aws', NODE_OPTIONS: '--enable-source-maps', POWERTOOLS_METRICS_NAMESPACE: 'CardCrew' });
      if ('PUBLIC_ORIGIN' in env) expect(env.PUBLIC_ORIGIN, id).toBe(TEST_ORIGIN);
      if ('MEDIA_BASE_URL' in env) expect(env.MEDIA_BASE_URL, id).toBe(`${TEST_ORIGIN}/media`);
    }
  });
});

describe('business metrics', () => {
  it('go from every function, the job included, to the CardCrew namespace under its own service name (lib/metrics.ts)', () => {
    const functions = resourcesOf(api, 'AWS::Lambda::Function');
    const variablesOf = (id: string) => (functions.find(([fid]) => fid === id)?.[1].Properties.Environment as { Variables: Props }).Variables;
    const expected = {
      ...Object.fromEntries(Object.entries(areaFunctionIds).map(([area, id]) => [id, `cardcrew-${area.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`])),
      [jobFunctionId]: 'cardcrew-monthly-invoices',
      [dunningFunctionId]: 'cardcrew-dunning',
    };
    for (const [id, service] of Object.entries(expected)) {
      expect(variablesOf(id), id).toMatchObject({ POWERTOOLS_METRICS_NAMESPACE: 'CardCrew', POWERTOOLS_SERVICE_NAME: service });
    }
    expect(new Set(Object.values(expected)).size).toBe(Object.keys(handlerEntries).length + 2);
  });
});

describe('the monthly invoice schedule', () => {
  it('runs the invoice job at 03:00 UTC on the 1st of every month', () => {
    expect(MONTHLY_INVOICE_CRON).toBe('cron(0 3 1 * ? *)');
    api.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'cron(0 3 1 * ? *)',
      ScheduleExpressionTimezone: 'Etc/UTC',
      State: 'ENABLED',
      FlexibleTimeWindow: { Mode: 'OFF' },
      Target: Match.objectLike({ Arn: { 'Fn::GetAtt': [jobFunctionId, 'Arn'] } }),
    });
  });

  it('retries, then parks failed runs in an encrypted, TLS-only dead-letter queue', () => {
    // Each scheduled job has its own queue: this one is the monthly job's.
    const [[queueId]] = resourcesOf(api, 'AWS::SQS::Queue').filter(([id]) => id.startsWith('MonthlyInvoicesDeadLetterQueue')) as [[string, unknown]];
    api.hasResourceProperties('AWS::Scheduler::Schedule', {
      Target: Match.objectLike({
        RetryPolicy: { MaximumRetryAttempts: Match.anyValue(), MaximumEventAgeInSeconds: Match.anyValue() },
        DeadLetterConfig: { Arn: { 'Fn::GetAtt': [queueId, 'Arn'] } },
      }),
    });
    api.hasResourceProperties('AWS::SQS::Queue', { SqsManagedSseEnabled: true });
    api.hasResourceProperties('AWS::SQS::QueuePolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
    // A run that reaches the function but throws is retried by Lambda, then lands in the same queue.
    expect(api.toJSON().Resources[jobFunctionId].Properties.DeadLetterConfig).toEqual({
      TargetArn: { 'Fn::GetAtt': [queueId, 'Arn'] },
    });
  });

  it('assumes a role that may invoke only the job function', () => {
    const [[roleId]] = resourcesOf(api, 'AWS::IAM::Role').filter(([id]) =>
      id.startsWith('MonthlyInvoicesSchedulerRole'),
    ) as [[string, unknown]];
    api.hasResourceProperties('AWS::Scheduler::Schedule', {
      Target: Match.objectLike({ RoleArn: { 'Fn::GetAtt': [roleId, 'Arn'] } }),
    });
    api.hasResourceProperties('AWS::IAM::Role', {
      AssumeRolePolicyDocument: {
        Statement: [Match.objectLike({ Principal: { Service: 'scheduler.amazonaws.com' } })],
      },
    });
    const [[, policy]] = resourcesOf(api, 'AWS::IAM::Policy').filter(([id]) =>
      id.startsWith('MonthlyInvoicesSchedulerRole'),
    ) as [[string, { Properties: Props }]];
    const doc = JSON.stringify(policy.Properties.PolicyDocument);
    expect(doc).toContain('lambda:InvokeFunction');
    expect(doc).toContain(jobFunctionId);
  });
});

describe('the dunning schedule', () => {
  it('runs the dunning job daily at 06:00 UTC, retrying into its own dead-letter queue, through a role that may invoke only it', () => {
    expect(DUNNING_CRON).toBe('cron(0 6 * * ? *)');
    const [[queueId]] = resourcesOf(api, 'AWS::SQS::Queue').filter(([id]) => id.startsWith('DunningDeadLetterQueue')) as [[string, unknown]];
    const [[roleId]] = resourcesOf(api, 'AWS::IAM::Role').filter(([id]) => id.startsWith('DunningSchedulerRole')) as [[string, unknown]];
    api.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'cron(0 6 * * ? *)',
      ScheduleExpressionTimezone: 'Etc/UTC',
      State: 'ENABLED',
      Target: Match.objectLike({
        Arn: { 'Fn::GetAtt': [dunningFunctionId, 'Arn'] },
        RoleArn: { 'Fn::GetAtt': [roleId, 'Arn'] },
        DeadLetterConfig: { Arn: { 'Fn::GetAtt': [queueId, 'Arn'] } },
        Input: JSON.stringify({ source: 'cardcrew.scheduler', job: 'dunning' }),
      }),
    });
    // Monthly billing, the billing run check (hourly), dunning and the scan close (issue 25 §2).
    expect(resourcesOf(api, 'AWS::Scheduler::Schedule')).toHaveLength(4);
    expect(api.toJSON().Resources[dunningFunctionId].Properties.DeadLetterConfig).toEqual({ TargetArn: { 'Fn::GetAtt': [queueId, 'Arn'] } });
    const [[, policy]] = resourcesOf(api, 'AWS::IAM::Policy').filter(([id]) => id.startsWith('DunningSchedulerRole')) as [[string, { Properties: Props }]];
    const doc = JSON.stringify(policy.Properties.PolicyDocument);
    expect(doc).toContain(dunningFunctionId);
    expect(doc).not.toContain(jobFunctionId);
  });
});
