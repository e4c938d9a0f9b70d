// The operations stack: every alarm the issue asks for exists with its threshold and notifies the configured topic;
// the dashboard and the table's backups exist; the stack is read by no other stack.
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { areas } from '../../functions/routes';
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

  it('alarms on DynamoDB throttles and system errors', () => {
    expect(alarmNamed('-Table-').map((a) => [a.MetricName, a.Threshold])).toEqual([
      ['ReadThrottleEvents', alarmThresholds.tableThrottledEvents],
      ['WriteThrottleEvents', alarmThresholds.tableThrottledEvents],
      ['SystemErrors', alarmThresholds.tableSystemErrors],
    ]);
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
