// Lambda's SQS event source mapping, in-process: up to `maxConcurrency` pollers each receive a batch, invoke the handler
// with an SQSEvent, and delete the messages the handler did not list in `batchItemFailures` (ReportBatchItemFailures).
// A failed message stays on the queue and comes back after its visibility timeout, so the queue's redrive policy parks
// it in the dead-letter queue after maxReceiveCount receives — exactly what the deployed mapping does.
import { randomUUID } from 'node:crypto';
import { DeleteMessageBatchCommand, ReceiveMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';

export interface EventSourceOptions {
  client: SQSClient;
  queueUrl: string;
  queueArn: string;
  region: string;
  /** Messages per invocation (the mapping's batchSize, ≤ 10 here). */
  batchSize: number;
  /** Concurrent invocations at most (the mapping's maxConcurrency). */
  maxConcurrency: number;
  /** The function's timeout, for context.getRemainingTimeInMillis(). */
  timeoutSeconds: number;
  handler: (event: SQSEvent, context: Context) => Promise<SQSBatchResponse | void>;
  /** Called with a handler error (the whole batch then returns to the queue, as in Lambda). */
  onError?: (error: unknown) => void;
}

export interface RunningEventSource {
  stop: () => Promise<void>;
  /** Invocations under way now. */
  busy: () => number;
}

export function startSqsEventSource(options: EventSourceOptions): RunningEventSource {
  let stopped = false;
  let busy = 0;
  const abort = new AbortController();

  const toRecord = (m: { MessageId?: string; ReceiptHandle?: string; Body?: string; Attributes?: Record<string, string>; MD5OfBody?: string }): SQSRecord => ({
    messageId: m.MessageId!,
    receiptHandle: m.ReceiptHandle!,
    body: m.Body ?? '',
    attributes: {
      ApproximateReceiveCount: m.Attributes?.ApproximateReceiveCount ?? '1',
      SentTimestamp: m.Attributes?.SentTimestamp ?? '',
      SenderId: m.Attributes?.SenderId ?? '',
      ApproximateFirstReceiveTimestamp: m.Attributes?.ApproximateFirstReceiveTimestamp ?? '',
    },
    messageAttributes: {},
    md5OfBody: m.MD5OfBody ?? '',
    eventSource: 'aws:sqs',
    eventSourceARN: options.queueArn,
    awsRegion: options.region,
  });

  /** One poller stands for one concurrent function instance: its log stream name is its own, like a container's. */
  const poll = async (slot: number) => {
    const logStreamName = `local/[$LATEST]slot-${slot}-${randomUUID().slice(0, 8)}`;
    while (!stopped) {
      let messages;
      try {
        const received = await options.client.send(
          new ReceiveMessageCommand({ QueueUrl: options.queueUrl, MaxNumberOfMessages: options.batchSize, WaitTimeSeconds: 1, MessageSystemAttributeNames: ['All'] }),
          { abortSignal: abort.signal },
        );
        messages = received.Messages ?? [];
      } catch (error) {
        if (stopped) return;
        options.onError?.(error);
        await new Promise((r) => setTimeout(r, 500));
        continue;
      }
      if (messages.length === 0) continue;
      busy += 1;
      const event: SQSEvent = { Records: messages.map(toRecord) };
      const started = Date.now();
      const context = {
        awsRequestId: randomUUID(),
        functionName: 'local-worker',
        logStreamName,
        getRemainingTimeInMillis: () => Math.max(0, options.timeoutSeconds * 1000 - (Date.now() - started)),
      } as Context;
      let failed: Set<string>;
      try {
        const response = await options.handler(event, context);
        failed = new Set((response?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
      } catch (error) {
        options.onError?.(error);
        failed = new Set(event.Records.map((r) => r.messageId));
      }
      const done = event.Records.filter((r) => !failed.has(r.messageId));
      if (done.length > 0) {
        try {
          await options.client.send(new DeleteMessageBatchCommand({ QueueUrl: options.queueUrl, Entries: done.map((r, i) => ({ Id: `m${i}`, ReceiptHandle: r.receiptHandle })) }));
        } catch (error) {
          // Not deleted: the messages come back after their visibility timeout (at-least-once, as in AWS).
          options.onError?.(error);
        }
      }
      busy -= 1;
    }
  };

  const pollers = Array.from({ length: options.maxConcurrency }, (_, slot) => poll(slot));
  return {
    busy: () => busy,
    stop: async () => {
      stopped = true;
      abort.abort();
      await Promise.allSettled(pollers);
    },
  };
}
