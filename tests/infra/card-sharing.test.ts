// The card-sharing worker in the synthesized templates (issue 22): the table streams new and old images, the worker
// reads it filtered to card items, in order, reporting partial batch failures, splitting a failing batch, and parks a
// record it gave up on in an encrypted, TLS-only dead-letter queue; the operations stack alarms on all three ways it
// can fall behind.
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { cardRecordsPattern, cardSharingStream } from '../../functions/src/card-sharing/stream';
import { alarmThresholds } from '../../infra/operations-stack';
import { resourcesOf, synthCardCrew } from './synth-cardcrew';

const { api, stateful, operations } = synthCardCrew({ context: { stage: 'prod', alarmEmail: 'ops@example.com' } });
const workerId = resourcesOf(api, 'AWS::Lambda::Function').find(([id]) => id.startsWith('CardSharingWorker'))![0];
const deadLetterId = resourcesOf(api, 'AWS::SQS::Queue').find(([id]) => id.startsWith('CardSharingDeadLetterQueue'))![0];

describe('the card-sharing worker', () => {
  it('has the table stream both images', () => {
    stateful.hasResourceProperties('AWS::DynamoDB::Table', { StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' } });
  });

  it('reads card records only, from the latest position, with partial failures, bisection, bounded retries and a dead-letter queue', () => {
    api.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: workerId },
      StartingPosition: 'LATEST',
      BatchSize: cardSharingStream.batchSize,
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: cardSharingStream.retryAttempts,
      MaximumRecordAgeInSeconds: cardSharingStream.maxRecordAgeSeconds,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [deadLetterId, 'Arn'] } } },
      FilterCriteria: { Filters: [{ Pattern: JSON.stringify(cardRecordsPattern) }] },
    });
    // The filter is the one the local poller applies: card items have this sort key.
    expect(cardRecordsPattern).toEqual({ dynamodb: { Keys: { sk: { S: ['$card_1'] } } } });
    // 1 GB: rendering the link preview (resvg + sharp) is CPU-bound, and Lambda's CPU grows with memory.
    api.hasResourceProperties('AWS::Lambda::Function', { Timeout: cardSharingStream.timeoutSeconds, MemorySize: 1024, Description: Match.stringLikeRegexp('shared form of a card') });
  });

  it('keeps given-up records encrypted for two weeks, over TLS only', () => {
    api.hasResourceProperties('AWS::SQS::Queue', { SqsManagedSseEnabled: true, MessageRetentionPeriod: cardSharingStream.deadLetterRetentionDays * 86_400 });
    api.hasResourceProperties('AWS::SQS::QueuePolicy', {
      Queues: [{ Ref: deadLetterId }],
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
    });
  });

  it('alarms on worker errors, on anything in its dead-letter queue and on records waiting too long', () => {
    type Alarm = { AlarmName: string; MetricName?: string; Metrics?: { MetricStat?: { Metric: { MetricName: string } } }[]; Threshold: number };
    const alarms = resourcesOf(operations, 'AWS::CloudWatch::Alarm').map(([, r]) => r.Properties as unknown as Alarm);
    // A plain metric, or the metric a math expression reads.
    const metricOf = (a: Alarm) => a.MetricName ?? a.Metrics?.find((m) => m.MetricStat)?.MetricStat?.Metric.MetricName;
    const named = (fragment: string) => alarms.filter((a) => a.AlarmName.includes(fragment)).map((a) => [metricOf(a), a.Threshold]);
    expect(named('CardSharingWorker-')).toEqual(
      expect.arrayContaining([
        ['Errors', alarmThresholds.cardSharingWorkerErrorCount],
        ['IteratorAge', alarmThresholds.cardSharingIteratorAgeSeconds * 1000],
      ]),
    );
    expect(named('CardSharingDeadLetters')).toEqual([['ApproximateNumberOfMessagesVisible', alarmThresholds.cardSharingDeadLetterMessages]]);
  });
});
