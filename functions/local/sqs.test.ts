// The local SQS, driven by the real @aws-sdk/client-sqs: what it accepts, what it refuses (with the SDK's named
// exceptions), visibility timeouts, long polling and redrive to the dead-letter queue; and the local event source mapping.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from 'node:http';
import {
  ChangeMessageVisibilityCommand,
  CreateQueueCommand,
  DeleteMessageBatchCommand,
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  GetQueueUrlCommand,
  QueueDoesNotExist,
  ReceiptHandleIsInvalid,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
  SQSClient,
  TooManyEntriesInBatchRequest,
  BatchEntryIdsNotDistinct,
  BatchRequestTooLong,
  MessageNotInflight,
} from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { startSqsStandIn } from './sqs';
import { startSqsEventSource } from './sqs-event-source';

let server: Server;
let client: SQSClient;
const port = 19_324 + Number(process.env.TEST_PORT_OFFSET ?? 0);
let n = 0;
const freshName = (prefix = 'q') => `${prefix}-${Date.now()}-${n++}`;

beforeAll(async () => {
  ({ server } = await startSqsStandIn({ host: '127.0.0.1', port }));
  client = new SQSClient({ region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
});
afterAll(() => new Promise((r) => server.close(r)));

async function queue(attributes: Record<string, string> = {}, name = freshName()) {
  const { QueueUrl } = await client.send(new CreateQueueCommand({ QueueName: name, Attributes: attributes }));
  const { Attributes } = await client.send(new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['QueueArn'] }));
  return { url: QueueUrl!, arn: Attributes!.QueueArn! };
}

const counts = async (url: string) => {
  const { Attributes } = await client.send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'] }));
  return { visible: Number(Attributes!.ApproximateNumberOfMessages), inFlight: Number(Attributes!.ApproximateNumberOfMessagesNotVisible) };
};

describe('the local SQS (JSON protocol, real SDK)', () => {
  it('sends, receives with the body MD5 the SDK verifies, and deletes', async () => {
    const q = await queue();
    expect((await client.send(new GetQueueUrlCommand({ QueueName: q.url.split('/').pop() }))).QueueUrl).toBe(q.url);
    await client.send(new SendMessageCommand({ QueueUrl: q.url, MessageBody: 'héllo ✓' }));
    const { Messages } = await client.send(new ReceiveMessageCommand({ QueueUrl: q.url, MessageSystemAttributeNames: ['ApproximateReceiveCount'] }));
    expect(Messages).toHaveLength(1);
    expect(Messages![0]!.Body).toBe('héllo ✓');
    expect(Messages![0]!.Attributes?.ApproximateReceiveCount).toBe('1');
    expect(await counts(q.url)).toEqual({ visible: 0, inFlight: 1 });
    await client.send(new DeleteMessageCommand({ QueueUrl: q.url, ReceiptHandle: Messages![0]!.ReceiptHandle }));
    expect(await counts(q.url)).toEqual({ visible: 0, inFlight: 0 });
  });

  it('sends batches of ten and receives at most MaxNumberOfMessages', async () => {
    const q = await queue();
    const sent = await client.send(new SendMessageBatchCommand({ QueueUrl: q.url, Entries: Array.from({ length: 10 }, (_, i) => ({ Id: `e${i}`, MessageBody: `m${i}` })) }));
    expect(sent.Successful).toHaveLength(10);
    const first = await client.send(new ReceiveMessageCommand({ QueueUrl: q.url, MaxNumberOfMessages: 4 }));
    expect(first.Messages!.map((m) => m.Body)).toEqual(['m0', 'm1', 'm2', 'm3']);
    const deleted = await client.send(new DeleteMessageBatchCommand({ QueueUrl: q.url, Entries: first.Messages!.map((m, i) => ({ Id: `d${i}`, ReceiptHandle: m.ReceiptHandle })) }));
    expect(deleted.Successful).toHaveLength(4);
    expect(await counts(q.url)).toEqual({ visible: 6, inFlight: 0 });
  });

  it('refuses what SQS refuses, with the named exceptions', async () => {
    const q = await queue();
    await expect(client.send(new SendMessageCommand({ QueueUrl: `${q.url}-missing`, MessageBody: 'x' }))).rejects.toBeInstanceOf(QueueDoesNotExist);
    await expect(client.send(new SendMessageCommand({ QueueUrl: q.url, MessageBody: 'x'.repeat(256 * 1024 + 1) }))).rejects.toMatchObject({ name: 'InvalidParameterValue', $metadata: { httpStatusCode: 400 } });
    await expect(client.send(new SendMessageCommand({ QueueUrl: q.url, MessageBody: '' }))).rejects.toMatchObject({ name: 'InvalidParameterValue' });
    await expect(client.send(new SendMessageBatchCommand({ QueueUrl: q.url, Entries: Array.from({ length: 11 }, (_, i) => ({ Id: `e${i}`, MessageBody: 'x' })) }))).rejects.toBeInstanceOf(TooManyEntriesInBatchRequest);
    await expect(client.send(new SendMessageBatchCommand({ QueueUrl: q.url, Entries: [{ Id: 'a', MessageBody: 'x' }, { Id: 'a', MessageBody: 'y' }] }))).rejects.toBeInstanceOf(BatchEntryIdsNotDistinct);
    await expect(client.send(new SendMessageBatchCommand({ QueueUrl: q.url, Entries: [{ Id: 'a', MessageBody: 'x'.repeat(200_000) }, { Id: 'b', MessageBody: 'y'.repeat(100_000) }] }))).rejects.toBeInstanceOf(BatchRequestTooLong);
    await expect(client.send(new ReceiveMessageCommand({ QueueUrl: q.url, MaxNumberOfMessages: 11 }))).rejects.toMatchObject({ name: 'InvalidParameterValue' });
    await expect(client.send(new ReceiveMessageCommand({ QueueUrl: q.url, MaxNumberOfMessages: 0 }))).rejects.toMatchObject({ name: 'InvalidParameterValue' });
    await expect(client.send(new DeleteMessageCommand({ QueueUrl: q.url, ReceiptHandle: 'not-a-handle' }))).rejects.toBeInstanceOf(ReceiptHandleIsInvalid);
    expect(await counts(q.url)).toEqual({ visible: 0, inFlight: 0 });
  });

  it('hides a received message for its visibility timeout, and ChangeMessageVisibility ends it early', async () => {
    const q = await queue({ VisibilityTimeout: '1' });
    await client.send(new SendMessageCommand({ QueueUrl: q.url, MessageBody: 'again' }));
    const first = await client.send(new ReceiveMessageCommand({ QueueUrl: q.url }));
    expect((await client.send(new ReceiveMessageCommand({ QueueUrl: q.url }))).Messages ?? []).toHaveLength(0);
    // Long poll: waits for the timeout to end and gets it back, received twice.
    const second = await client.send(new ReceiveMessageCommand({ QueueUrl: q.url, WaitTimeSeconds: 3, MessageSystemAttributeNames: ['All'] }));
    expect(second.Messages![0]!.Attributes!.ApproximateReceiveCount).toBe('2');
    // The old handle deletes nothing (SQS accepts it); the new one may change visibility.
    await client.send(new DeleteMessageCommand({ QueueUrl: q.url, ReceiptHandle: first.Messages![0]!.ReceiptHandle }));
    await client.send(new ChangeMessageVisibilityCommand({ QueueUrl: q.url, ReceiptHandle: second.Messages![0]!.ReceiptHandle, VisibilityTimeout: 0 }));
    const third = await client.send(new ReceiveMessageCommand({ QueueUrl: q.url }));
    expect(third.Messages![0]!.Body).toBe('again');
    await client.send(new DeleteMessageCommand({ QueueUrl: q.url, ReceiptHandle: third.Messages![0]!.ReceiptHandle }));
    await expect(client.send(new ChangeMessageVisibilityCommand({ QueueUrl: q.url, ReceiptHandle: third.Messages![0]!.ReceiptHandle, VisibilityTimeout: 5 }))).rejects.toBeInstanceOf(MessageNotInflight);
  });

  it('long polls until a message is sent', async () => {
    const q = await queue();
    const started = Date.now();
    const receiving = client.send(new ReceiveMessageCommand({ QueueUrl: q.url, WaitTimeSeconds: 5 }));
    setTimeout(() => void client.send(new SendMessageCommand({ QueueUrl: q.url, MessageBody: 'late' })), 300);
    expect((await receiving).Messages![0]!.Body).toBe('late');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('moves a message received more than maxReceiveCount times to the dead-letter queue', async () => {
    const dlq = await queue();
    const q = await queue({ VisibilityTimeout: '0', RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlq.arn, maxReceiveCount: 2 }) });
    await client.send(new SendMessageCommand({ QueueUrl: q.url, MessageBody: 'poison' }));
    expect((await client.send(new ReceiveMessageCommand({ QueueUrl: q.url }))).Messages).toHaveLength(1);
    expect((await client.send(new ReceiveMessageCommand({ QueueUrl: q.url }))).Messages).toHaveLength(1);
    expect((await client.send(new ReceiveMessageCommand({ QueueUrl: q.url }))).Messages ?? []).toHaveLength(0);
    const parked = await client.send(new ReceiveMessageCommand({ QueueUrl: dlq.url }));
    expect(parked.Messages![0]!.Body).toBe('poison');
  });

  it('refuses a redrive policy whose dead-letter queue does not exist', async () => {
    await expect(client.send(new CreateQueueCommand({ QueueName: freshName(), Attributes: { RedrivePolicy: JSON.stringify({ deadLetterTargetArn: 'arn:aws:sqs:us-east-1:000000000000:nope', maxReceiveCount: 3 }) } }))).rejects.toMatchObject({ name: 'InvalidAttributeValue' });
  });
});

describe('the local SQS event source mapping', () => {
  it('deletes what the handler processed, leaves batchItemFailures for retry, then the dead-letter queue', async () => {
    const dlq = await queue();
    const q = await queue({ VisibilityTimeout: '1', RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlq.arn, maxReceiveCount: 2 }) });
    await client.send(new SendMessageBatchCommand({ QueueUrl: q.url, Entries: ['ok-1', 'bad', 'ok-2'].map((body, i) => ({ Id: `e${i}`, MessageBody: body })) }));
    const seen: string[] = [];
    const source = startSqsEventSource({
      client,
      queueUrl: q.url,
      queueArn: q.arn,
      region: 'us-east-1',
      batchSize: 10,
      maxConcurrency: 2,
      timeoutSeconds: 5,
      handler: async (event: SQSEvent) => {
        for (const r of event.Records) seen.push(`${r.body}#${r.attributes.ApproximateReceiveCount}`);
        return { batchItemFailures: event.Records.filter((r) => r.body === 'bad').map((r) => ({ itemIdentifier: r.messageId })) };
      },
    });
    try {
      await expect.poll(async () => (await client.send(new GetQueueAttributesCommand({ QueueUrl: dlq.url, AttributeNames: ['ApproximateNumberOfMessages'] }))).Attributes!.ApproximateNumberOfMessages, { timeout: 8000, interval: 200 }).toBe('1');
    } finally {
      await source.stop();
    }
    expect(seen.sort()).toEqual(['bad#1', 'bad#2', 'ok-1#1', 'ok-2#1']);
    expect(await counts(q.url)).toEqual({ visible: 0, inFlight: 0 });
  });
});
