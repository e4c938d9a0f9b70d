// The scan-totals worker in the synthesized template (issue 25 §2): it reads the table's stream filtered to card-day
// counters written (not deleted), from the latest position, one batch per shard at a time (a card's records are folded
// in order), in large batches gathered over a window, splitting a failing batch and retrying it until the stream
// drops it (the fold is idempotent: no dead-letter queue, no lost scans); a small function.
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { isScanDayRecord, scanDayRecordsPattern, scanTotalsStream } from '../../functions/src/scan-totals/stream';
import { alarmThresholds } from '../../infra/operations-stack';
import { resourcesOf, synthCardCrew } from './synth-cardcrew';

const { api, operations } = synthCardCrew({ context: { stage: 'prod', alarmEmail: 'ops@example.com' } });
const workerId = resourcesOf(api, 'AWS::Lambda::Function').find(([id]) => id.startsWith('ScanTotalsWorker'))![0];

describe('the scan-totals worker', () => {
  it('reads card-day records only, from the latest position, in order, in batches, retried until they expire', () => {
    api.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: workerId },
      StartingPosition: 'LATEST',
      BatchSize: scanTotalsStream.batchSize,
      MaximumBatchingWindowInSeconds: scanTotalsStream.batchingWindowSeconds,
      ParallelizationFactor: 1,
      BisectBatchOnFunctionError: true,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      FilterCriteria: { Filters: [{ Pattern: JSON.stringify(scanDayRecordsPattern) }] },
    });
    const [mapping] = resourcesOf(api, 'AWS::Lambda::EventSourceMapping').filter(([, r]) => JSON.stringify(r).includes(workerId));
    const props = (mapping![1] as { Properties: Record<string, unknown> }).Properties;
    // No retry limit, no maximum age and no dead-letter queue: a record is folded or the stream drops it at 24 hours.
    expect(props.MaximumRetryAttempts ?? -1).toBe(-1);
    expect(props.MaximumRecordAgeInSeconds ?? -1).toBe(-1);
    expect(props.DestinationConfig).toBeUndefined();
    api.hasResourceProperties('AWS::Lambda::Function', { MemorySize: scanTotalsStream.memorySize, Architectures: ['arm64'], Description: Match.stringLikeRegexp('scan totals') });
  });

  it('filters as the local poller does: card-day writes, not deletions and not other items', () => {
    const keys = (sk: string) => ({ dynamodb: { Keys: { sk: { S: sk } } } });
    expect(isScanDayRecord({ eventName: 'INSERT', ...keys('$cardscanday_1#day_2026-11-26') })).toBe(true);
    expect(isScanDayRecord({ eventName: 'MODIFY', ...keys('$cardscanday_1#day_2026-11-26') })).toBe(true);
    expect(isScanDayRecord({ eventName: 'REMOVE', ...keys('$cardscanday_1#day_2026-11-26') })).toBe(false);
    expect(isScanDayRecord({ eventName: 'MODIFY', ...keys('$cardscantotal_1') })).toBe(false);
    expect(isScanDayRecord({ eventName: 'MODIFY', ...keys('$card_1') })).toBe(false);
    expect(scanDayRecordsPattern).toEqual({ eventName: ['INSERT', 'MODIFY'], dynamodb: { Keys: { sk: { S: [{ prefix: '$cardscanday_1' }] } } } });
  });

  it('alarms when a batch fails and when scans wait too long to be folded', () => {
    const alarms = resourcesOf(operations, 'AWS::CloudWatch::Alarm')
      .map(([, r]) => r.Properties as { AlarmName: string; MetricName?: string; Threshold: number; Metrics?: { MetricStat?: { Metric: { MetricName: string } } }[] })
      .filter((a) => String(a.AlarmName).includes('ScanTotalsWorker'))
      .map((a) => [a.MetricName ?? a.Metrics?.find((m) => m.MetricStat)?.MetricStat?.Metric.MetricName, a.Threshold]);
    expect(alarms).toEqual(expect.arrayContaining([['IteratorAge', alarmThresholds.scanTotalsIteratorAgeSeconds * 1000]]));
    expect(alarms.length).toBe(2);
  });
});
