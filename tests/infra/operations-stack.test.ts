// The operations stack: every alarm the issue asks for exists with its threshold and notifies the configured topic;
// the dashboard and the table's backups exist; the edge stack's WAF sits in front of CloudFront.
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { areas } from '../../functions/routes';
import { WAF_RATE_LIMIT_PER_5_MINUTES } from '../../infra/edge-stack';
import { alarmThresholds } from '../../infra/operations-stack';
import { resourcesOf, synthCardCrew } from './synth-cardcrew';

const synth = synthCardCrew({ context: { stage: 'prod', alarmEmail: 'ops@example.com' } });
const { operations } = synth;
interface AlarmProps {
  AlarmName: string;
  AlarmActions: unknown;
  Threshold: number;
  MetricName?: string;
  Metrics?: { MetricStat?: { Metric: { MetricName: string } } }[];
}
/** An alarm's name, threshold and the metric it watches (a plain metric or the metrics of a math expression). */
const alarms = resourcesOf(operations, 'AWS::CloudWatch::Alarm').map(([, r]) => {
  const p = r.Properties as unknown as AlarmProps;
  const metric = p.MetricName ?? [...new Set((p.Metrics ?? []).flatMap((m) => m.MetricStat?.Metric.MetricName ?? []))].join(',');
  return { AlarmName: p.AlarmName, AlarmActions: p.AlarmActions, Threshold: p.Threshold, MetricName: metric };
});
const alarmNamed = (fragment: string) => alarms.filter((a) => String(a.AlarmName).includes(fragment));

describe('the operations stack', () => {
  it('sends every alarm to the topic named in configuration, with the e-mail subscribed', () => {
    operations.hasResourceProperties('AWS::SNS::Topic', { TopicName: 'cardcrew-prod-alarms' });
    operations.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.com' });
    const topicId = resourcesOf(operations, 'AWS::SNS::Topic')[0]![0];
    expect(alarms.length).toBeGreaterThan(10);
    for (const alarm of alarms) expect(alarm.AlarmActions, String(alarm.AlarmName)).toEqual([{ Ref: topicId }]);
  });

  it('alarms on API 5xx and throttled requests', () => {
    expect(alarmNamed('-Api-Fault')[0]).toMatchObject({ MetricName: '5xx', Threshold: alarmThresholds.api5xxCount });
    expect(alarmNamed('ApiThrottled')[0]).toMatchObject({ MetricName: 'ApiThrottledRequests', Threshold: alarmThresholds.apiThrottledCount });
    operations.hasResourceProperties('AWS::Logs::MetricFilter', { FilterPattern: '{ $.status = 429 }', MetricTransformations: [Match.objectLike({ MetricName: 'ApiThrottledRequests' })] });
  });

  it('alarms on errors, p99 duration and throttles of every API function', () => {
    for (const area of Object.keys(areas)) {
      const watched = alarmNamed(`-Function-${area}-`).map((a) => [a.MetricName, a.Threshold]);
      expect(watched, area).toEqual([
        ['Duration', 8000], // 80 % of the 10 s timeout
        ['Errors', alarmThresholds.functionErrorCount],
        ['Throttles', alarmThresholds.functionThrottleCount],
      ]);
    }
  });

  it('alarms on a failed invoice run and on anything in its dead-letter queue', () => {
    expect(alarmNamed('InvoiceJob-')).toEqual(expect.arrayContaining([expect.objectContaining({ MetricName: 'Errors', Threshold: 0 })]));
    expect(alarmNamed('InvoiceJobDeadLetters')[0]).toMatchObject({ MetricName: 'ApproximateNumberOfMessagesVisible', Threshold: 0 });
  });

  it('alarms on a failed dunning run and on anything in its own dead-letter queue, apart from the invoice job', () => {
    expect(alarmNamed('DunningJob-')).toEqual(expect.arrayContaining([expect.objectContaining({ MetricName: 'Errors', Threshold: alarmThresholds.dunningJobErrorCount })]));
    expect(alarmNamed('DunningJobDeadLetters')[0]).toMatchObject({ MetricName: 'ApproximateNumberOfMessagesVisible', Threshold: alarmThresholds.dunningJobDeadLetterMessages });
    // Each watches the dunning job's own function and queue (cross-stack references name their logical ids).
    const raw = (fragment: string) => JSON.stringify(resourcesOf(operations, 'AWS::CloudWatch::Alarm').filter(([, r]) => String(r.Properties.AlarmName).includes(fragment)));
    expect(raw('DunningJob-')).toMatch(/DunningJobFunction/);
    expect(raw('DunningJob-')).not.toMatch(/MonthlyInvoices/);
    expect(raw('DunningJobDeadLetters')).toMatch(/DunningDeadLetterQueue/);
    expect(raw('DunningJobDeadLetters')).not.toMatch(/MonthlyInvoices/);
  });

  it('alarms on any payment that could not be applied to its invoice', () => {
    expect(alarmNamed('UnappliedPayments')[0]).toMatchObject({ MetricName: 'UnappliedPayments', Threshold: alarmThresholds.unappliedPayments });
    operations.hasResourceProperties('AWS::CloudWatch::Alarm', { Namespace: 'CardCrew', MetricName: 'UnappliedPayments', Dimensions: [{ Name: 'service', Value: 'cardcrew-payments' }], Statistic: 'Sum' });
  });

  it('alarms on DynamoDB throttles and system errors', () => {
    expect(alarmNamed('-Table-').map((a) => [a.MetricName, a.Threshold])).toEqual([
      ['ReadThrottleEvents', alarmThresholds.tableThrottledEvents],
      ['WriteThrottleEvents', alarmThresholds.tableThrottledEvents],
      ['SystemErrors', alarmThresholds.tableSystemErrors],
    ]);
  });

  it('shows the business events on the dashboard, summed over the functions that emit them', () => {
    // The body is JSON inside a CloudFormation join: compare without its escaping.
    const body = JSON.stringify(resourcesOf(operations, 'AWS::CloudWatch::Dashboard').map(([, d]) => d.Properties.DashboardBody)).replaceAll('\\', '');
    for (const name of ['SignUps', 'InvoicesCreated', 'InvoicesPaid', 'UnappliedPayments', 'InvoiceRemindersSent', 'ContactsShared', 'CardScans']) {
      expect(body.includes(`SUM(SEARCH('{CardCrew,service} MetricName="${name}"', 'Sum', 3600))`), name).toBe(true);
    }
  });

  it('has a dashboard and backs the table up daily (35 days) and monthly (a year)', () => {
    expect(resourcesOf(operations, 'AWS::CloudWatch::Dashboard').length).toBeGreaterThan(0);
    operations.hasResourceProperties('AWS::Backup::BackupPlan', {
      BackupPlan: {
        BackupPlanRule: Match.arrayWith([
          Match.objectLike({ RuleName: 'Daily', Lifecycle: { DeleteAfterDays: 35 } }),
          Match.objectLike({ RuleName: 'Monthly', Lifecycle: { DeleteAfterDays: 365 } }),
        ]),
      },
    });
    operations.resourceCountIs('AWS::Backup::BackupSelection', 1);
  });
});

describe('the edge stack (WAF)', () => {
  it('puts a us-east-1 web ACL with a per-IP rate rule in front of CloudFront when deploying to an account', () => {
    const { stacks, web } = synthCardCrew({ env: { account: '123456789012', region: 'eu-west-1' } });
    expect(stacks.edge?.region).toBe('us-east-1');
    const edge = Template.fromStack(stacks.edge!);
    edge.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'CLOUDFRONT',
      DefaultAction: { Allow: {} },
      Rules: Match.arrayWith([
        Match.objectLike({ Name: 'RateLimitPerIp', Action: { Block: {} }, Statement: { RateBasedStatement: Match.objectLike({ Limit: WAF_RATE_LIMIT_PER_5_MINUTES, AggregateKeyType: 'IP' }) } }),
        Match.objectLike({ Name: 'AWSManagedRulesAmazonIpReputationList' }),
      ]),
    });
    const distribution = resourcesOf(web, 'AWS::CloudFront::Distribution')[0]![1].Properties as { DistributionConfig: { WebACLId?: unknown } };
    expect(distribution.DistributionConfig.WebACLId).toBeDefined();
  });

  it('is absent from an environment-agnostic synth, where the distribution has no web ACL', () => {
    expect(synth.stacks.edge).toBeUndefined();
    const distribution = resourcesOf(synth.web, 'AWS::CloudFront::Distribution')[0]![1].Properties as { DistributionConfig: { WebACLId?: unknown } };
    expect(distribution.DistributionConfig.WebACLId).toBeUndefined();
  });
});

describe('the API behind CloudFront only', () => {
  it('sends the generated origin secret from CloudFront and gives the same value to every API function', () => {
    const secrets = resourcesOf(synth.api, 'AWS::SecretsManager::Secret');
    expect(secrets).toHaveLength(1);
    const [secretId] = secrets[0]!;
    const reference = JSON.stringify({ 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId }, ':SecretString:::}}']] });
    for (const [, fn] of resourcesOf(synth.api, 'AWS::Lambda::Function')) {
      const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      // The scheduled jobs (with the scan close), the queue workers (billing, webhook deliveries) and the stream worker (card sharing): CloudFront never calls them.
      if (['cardcrew-monthly-invoices', 'cardcrew-dunning', 'cardcrew-bill-payers', 'cardcrew-card-sharing', 'cardcrew-scan-close', 'cardcrew-scan-close-worker', 'cardcrew-webhook-deliveries'].includes(String(variables.POWERTOOLS_SERVICE_NAME))) continue;
      expect(JSON.stringify(variables.ORIGIN_VERIFY_SECRET), String(variables.POWERTOOLS_SERVICE_NAME)).toBe(reference);
    }
    const distribution = resourcesOf(synth.web, 'AWS::CloudFront::Distribution')[0]![1].Properties as { DistributionConfig: { Origins: { CustomOriginConfig?: unknown; OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] }[] } };
    // The HTTP API and the card page's function URL: each gets the header.
    const functionOrigins = distribution.DistributionConfig.Origins.filter((o) => o.CustomOriginConfig);
    expect(functionOrigins).toHaveLength(2);
    for (const origin of functionOrigins) {
      expect(origin.OriginCustomHeaders?.map((h) => h.HeaderName)).toEqual(['X-Origin-Verify']);
      expect(JSON.stringify(origin.OriginCustomHeaders![0]!.HeaderValue)).toContain('{{resolve:secretsmanager:');
    }
  });
});
