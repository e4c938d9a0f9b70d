// The billing fan-out in the synthesized templates (issue 20 §3): the payer queue and its dead-letter queue (encrypted,
// TLS only, redrive after maxReceiveCount, visibility ≥ 6 × the worker's timeout), the worker's event source (partial
// batch failures, the concurrency cap), the planner's schedules and planning queue, and the alarms of a run.
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { billingFanOut } from '../../functions/src/jobs/billing-fan-out';
import { BILLING_RUN_CHECK_CRON } from '../../infra/billing-fan-out';
import { alarmThresholds } from '../../infra/operations-stack';
import { MONTHLY_INVOICE_CRON } from '../../infra/scheduled-job';
import { resourcesOf, synthCardCrew } from './synth-cardcrew';

const { api, operations } = synthCardCrew({ context: { stage: 'prod', alarmEmail: 'ops@example.com' } });
const queues = resourcesOf(api, 'AWS::SQS::Queue');
const queueId = (prefix: string) => queues.find(([id]) => id.startsWith(prefix))![0];
const functionId = (prefix: string) => resourcesOf(api, 'AWS::Lambda::Function').find(([id]) => id.startsWith(prefix))![0];

describe('the billing fan-out', () => {
  it('queues payers on an encrypted queue that parks a payer in its dead-letter queue after the retries', () => {
    const billing = queues.find(([id]) => id.startsWith('BillingQueuesBillingQueue'))![1].Properties;
    expect(billing).toMatchObject({
      SqsManagedSseEnabled: true,
      VisibilityTimeout: billingFanOut.visibilityTimeoutSeconds,
      MessageRetentionPeriod: billingFanOut.retentionDays * 86_400,
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [queueId('BillingQueuesBillingDeadLetterQueue'), 'Arn'] }, maxReceiveCount: billingFanOut.maxReceiveCount },
    });
    expect(billing.VisibilityTimeout).toBeGreaterThanOrEqual(6 * billingFanOut.workerTimeoutSeconds);
    expect(queues.find(([id]) => id.startsWith('BillingQueuesBillingDeadLetterQueue'))![1].Properties).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 86_400 });
    // Every queue refuses requests without TLS.
    for (const [id] of queues) {
      api.hasResourceProperties('AWS::SQS::QueuePolicy', {
        Queues: [{ Ref: id }],
        PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
      });
    }
  });

  it('feeds the worker in batches with partial batch failure reporting and at most maxConcurrency invocations', () => {
    api.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [queueId('BillingQueuesBillingQueue'), 'Arn'] },
      FunctionName: { Ref: functionId('BillingWorkerFunction') },
      BatchSize: billingFanOut.batchSize,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: billingFanOut.maxConcurrency },
    });
    api.hasResourceProperties('AWS::Lambda::Function', { FunctionName: Match.absent(), Timeout: billingFanOut.workerTimeoutSeconds, Description: Match.stringLikeRegexp('Bills the payers') });
  });

  it('runs the planner on the 1st, hourly for the unfinished-run check, and from the planning queue', () => {
    const planner = functionId('MonthlyInvoicesJobFunction');
    const schedules = resourcesOf(api, 'AWS::Scheduler::Schedule').map(([, r]) => r.Properties as { ScheduleExpression: string; Target: { Arn: unknown; Input: string } });
    const ofPlanner = schedules.filter((s) => JSON.stringify(s.Target.Arn).includes(planner));
    expect(ofPlanner.map((s) => [s.ScheduleExpression, JSON.parse(s.Target.Input).check ?? false]).sort()).toEqual([[BILLING_RUN_CHECK_CRON, true], [MONTHLY_INVOICE_CRON, false]].sort());
    api.hasResourceProperties('AWS::Lambda::EventSourceMapping', { EventSourceArn: { 'Fn::GetAtt': [queueId('BillingQueuesPlanningQueue'), 'Arn'] }, FunctionName: { Ref: planner }, BatchSize: 1 });
    const planning = queues.find(([id]) => id.startsWith('BillingQueuesPlanningQueue'))![1].Properties;
    expect(planning.VisibilityTimeout).toBeGreaterThanOrEqual(6 * billingFanOut.plannerTimeoutSeconds);
  });

  it('alarms when a run ends with failures, when a run is unfinished after an hour, and on anything in a billing dead-letter queue', () => {
    const alarms = resourcesOf(operations, 'AWS::CloudWatch::Alarm').map(([, r]) => {
      const p = r.Properties as { AlarmName: string; MetricName?: string; Threshold: number; Dimensions?: { Name: string; Value: unknown }[]; Metrics?: { MetricStat?: { Metric: { MetricName: string } } }[] };
      // A plain metric, or the metric of the library's math expression.
      return { ...p, MetricName: p.MetricName ?? p.Metrics?.flatMap((m) => m.MetricStat?.Metric.MetricName ?? []).join(',') };
    });
    const named = (fragment: string) => alarms.filter((a) => a.AlarmName.includes(fragment));
    expect(named('BillingRunFailures')[0]).toMatchObject({ MetricName: 'BillingRunFailures', Threshold: alarmThresholds.billingRunFailures, Dimensions: [{ Name: 'service', Value: 'cardcrew-bill-payers' }] });
    expect(named('BillingRunsUnfinished')[0]).toMatchObject({ MetricName: 'BillingRunsUnfinished', Threshold: alarmThresholds.billingRunsUnfinished, Dimensions: [{ Name: 'service', Value: 'cardcrew-monthly-invoices' }] });
    expect(named('BillingQueue-')[0]).toMatchObject({ MetricName: 'ApproximateAgeOfOldestMessage', Threshold: 3600 });
    expect(named('BillingDeadLetters')[0]).toMatchObject({ MetricName: 'ApproximateNumberOfMessagesVisible', Threshold: 0 });
    expect(named('BillingPlanningDeadLetters')[0]).toMatchObject({ MetricName: 'ApproximateNumberOfMessagesVisible', Threshold: 0 });
    expect(named('BillingWorker-Fault')[0]).toMatchObject({ MetricName: 'Errors', Threshold: 0 });
  });
});
