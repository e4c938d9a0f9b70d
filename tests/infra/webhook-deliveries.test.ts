// Outgoing webhooks in the synthesized template: the delivery queue with its dead-letter queue, the worker fed by it
// (partial batch failures, a concurrency cap), what each function may do with the queue, and the alarms.
import { describe, expect, it } from 'vitest';
import { webhookDeliveryQueue } from '../../functions/src/webhooks/delivery-queue';
import { resourcesOf, synthCardCrew } from './synth-cardcrew';

const { api, operations } = synthCardCrew({ context: { stage: 'prod', alarmEmail: 'ops@example.com' } });

type Statement = { Action: string | string[]; Resource: unknown };
/** The statements of every IAM policy that name the webhook queue. */
function queueStatements(queueId: string): { policy: string; actions: string[] }[] {
  return resourcesOf(api, 'AWS::IAM::Policy').flatMap(([id, r]) =>
    ((r.Properties as { PolicyDocument: { Statement: Statement[] } }).PolicyDocument.Statement)
      .filter((s) => JSON.stringify(s.Resource).includes(queueId))
      .map((s) => ({ policy: id, actions: [s.Action].flat() })),
  );
}

describe('the webhook delivery queue', () => {
  const queues = resourcesOf(api, 'AWS::SQS::Queue').filter(([id]) => id.startsWith('WebhookQueue'));
  const [[dlqId, dlq]] = queues.filter(([id]) => id.includes('DeadLetter')) as [[string, { Properties: Record<string, unknown> }]];
  const [[queueId, queue]] = queues.filter(([id]) => !id.includes('DeadLetter')) as [[string, { Properties: Record<string, unknown> }]];

  it('parks what the worker cannot handle in an encrypted dead-letter queue kept 14 days', () => {
    expect(queue.Properties.VisibilityTimeout).toBe(webhookDeliveryQueue.visibilityTimeoutSeconds);
    expect(queue.Properties.RedrivePolicy).toEqual({ deadLetterTargetArn: { 'Fn::GetAtt': [dlqId, 'Arn'] }, maxReceiveCount: webhookDeliveryQueue.maxReceiveCount });
    expect(queue.Properties.SqsManagedSseEnabled).toBe(true);
    expect(dlq.Properties.MessageRetentionPeriod).toBe(14 * 24 * 3600);
    expect(webhookDeliveryQueue.visibilityTimeoutSeconds).toBeGreaterThanOrEqual(6 * webhookDeliveryQueue.workerTimeoutSeconds);
  });

  it('feeds one worker with partial batch failures and a concurrency cap', () => {
    const worker = resourcesOf(api, 'AWS::Lambda::Function').filter(([id]) => id.startsWith('WebhookDeliveriesWorker'));
    expect(worker).toHaveLength(1);
    expect(worker[0]![1].Properties.Timeout).toBe(webhookDeliveryQueue.workerTimeoutSeconds);
    const mappings = resourcesOf(api, 'AWS::Lambda::EventSourceMapping').filter(([, r]) => JSON.stringify(r).includes(queueId));
    expect(mappings).toHaveLength(1);
    expect(JSON.stringify(mappings[0]![1])).toContain(worker[0]![0]);
    expect(mappings[0]![1].Properties).toMatchObject({
      BatchSize: webhookDeliveryQueue.batchSize,
      ScalingConfig: { MaximumConcurrency: webhookDeliveryQueue.maxConcurrency },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('lets only the producers send to it (contacts, webhooks, the worker for its retries) and only the worker consume it', () => {
    const statements = queueStatements(queueId);
    const roleOf = (policy: string) => policy.replace(/Role.*$/, '');
    const senders = statements.filter((s) => s.actions.includes('sqs:SendMessage')).map((s) => roleOf(s.policy));
    expect(senders.sort()).toEqual(['Areacontacts', 'Areawebhooks', 'WebhookDeliveriesWorker']);
    const consumers = statements.filter((s) => s.actions.includes('sqs:ReceiveMessage')).map((s) => roleOf(s.policy));
    expect(consumers).toEqual(['WebhookDeliveriesWorker']);
  });

  it('alarms on a worker error and on anything in the dead-letter queue', () => {
    const names = resourcesOf(operations, 'AWS::CloudWatch::Alarm').map(([, r]) => String((r.Properties as { AlarmName: string }).AlarmName));
    for (const name of ['WebhookWorker', 'WebhookDeadLetters']) expect(names.filter((n) => n.includes(name)), name).toHaveLength(1);
  });
});
