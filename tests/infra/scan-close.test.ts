// The daily scan close in the synthesized template (issue 25 §2): a scheduled planner at 00:10 UTC with its dead-letter
// queue and alarms, the business queue and its worker (the fan-out), and the table's stream back to one reader (the
// card-sharing worker): no stream fold any more.
import { describe, expect, it } from 'vitest';
import { SCAN_CLOSE_CRON } from '../../infra/scheduled-job';
import { scanCloseFanOut } from '../../functions/src/scan-totals/close-fan-out';
import { resourcesOf, synthCardCrew } from './synth-cardcrew';

const { api, operations } = synthCardCrew({ context: { stage: 'prod', alarmEmail: 'ops@example.com' } });

describe('the scan close job', () => {
  it('runs daily at 00:10 UTC, after the day it closes has ended, at 256 MB, retrying into its own dead-letter queue', () => {
    expect(SCAN_CLOSE_CRON).toBe('cron(10 0 * * ? *)');
    const schedules = resourcesOf(api, 'AWS::Scheduler::Schedule').map(([, r]) => r.Properties as { ScheduleExpression: string; ScheduleExpressionTimezone?: string; Description?: string });
    const close = schedules.filter((s) => s.ScheduleExpression === SCAN_CLOSE_CRON);
    expect(close).toHaveLength(1);
    expect(close[0]!.ScheduleExpressionTimezone).toBe('Etc/UTC');
    const job = resourcesOf(api, 'AWS::Lambda::Function').filter(([id]) => id.startsWith('ScanCloseJobFunction'));
    expect(job).toHaveLength(1);
    expect(job[0]![1].Properties.MemorySize).toBe(256);
    const [[queueId]] = resourcesOf(api, 'AWS::SQS::Queue').filter(([id]) => id.startsWith('ScanCloseDeadLetterQueue')) as [[string, unknown]];
    expect(job[0]![1].Properties.DeadLetterConfig).toEqual({ TargetArn: { 'Fn::GetAtt': [queueId, 'Arn'] } });
  });

  it('leaves the table stream with one reader: the card-sharing worker', () => {
    const mappings = resourcesOf(api, 'AWS::Lambda::EventSourceMapping').filter(([, r]) => JSON.stringify(r).includes('StreamArn'));
    expect(mappings).toHaveLength(1);
    expect(JSON.stringify(mappings[0]![1])).toContain('CardSharingWorker');
    expect(resourcesOf(api, 'AWS::Lambda::Function').some(([id]) => id.startsWith('ScanTotals'))).toBe(false);
  });

  it('fans out: one queue of businesses with a dead-letter queue, and a worker fed by it with partial batch failures', () => {
    const queues = resourcesOf(api, 'AWS::SQS::Queue').filter(([id]) => id.startsWith('ScanCloseQueue'));
    const [[dlqId]] = queues.filter(([id]) => id.includes('DeadLetter')) as [[string, unknown]];
    const [[, queue]] = queues.filter(([id]) => !id.includes('DeadLetter')) as [[string, { Properties: Record<string, unknown> }]];
    expect(queue.Properties.VisibilityTimeout).toBe(scanCloseFanOut.visibilityTimeoutSeconds);
    expect(queue.Properties.RedrivePolicy).toEqual({ deadLetterTargetArn: { 'Fn::GetAtt': [dlqId, 'Arn'] }, maxReceiveCount: scanCloseFanOut.maxReceiveCount });
    // Six times the worker's timeout, as AWS asks of an SQS event source.
    expect(scanCloseFanOut.visibilityTimeoutSeconds).toBeGreaterThanOrEqual(6 * scanCloseFanOut.workerTimeoutSeconds);
    const worker = resourcesOf(api, 'AWS::Lambda::Function').filter(([id]) => id.startsWith('ScanCloseFanOutWorker'));
    expect(worker).toHaveLength(1);
    expect(worker[0]![1].Properties.Timeout).toBe(scanCloseFanOut.workerTimeoutSeconds);
    const [workerId] = worker[0]!;
    const mappings = resourcesOf(api, 'AWS::Lambda::EventSourceMapping').filter(([, r]) => JSON.stringify(r).includes(workerId));
    expect(mappings).toHaveLength(1);
    expect(mappings[0]![1].Properties).toMatchObject({
      BatchSize: scanCloseFanOut.batchSize,
      ScalingConfig: { MaximumConcurrency: scanCloseFanOut.maxConcurrency },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('alarms on a failed planning, a failed business, a worker error, a queue falling behind and a business given up on', () => {
    const names = resourcesOf(operations, 'AWS::CloudWatch::Alarm').map(([, r]) => String((r.Properties as { AlarmName: string }).AlarmName));
    expect(names.filter((n) => n.includes('ScanCloseJob'))).toHaveLength(2);
    for (const name of ['ScanCloseFailures', 'ScanCloseWorker', 'ScanCloseQueue', 'ScanCloseDeadLetters']) expect(names.filter((n) => n.includes(name)), name).toHaveLength(1);
    expect(names.some((n) => n.includes('ScanTotals'))).toBe(false);
  });
});
