// SQS: the billing fan-out's queues (the local SQS in the local runtime).
import type { SQSClient } from '@aws-sdk/client-sqs';
import { localClientOptions, runtimeConfig } from '../config';
import { lazy } from '../lib/lazy';
import { sqsSdk } from './sdk';

/** The SQS client; the SDK loads with it, on first use (functions/src/adapters/sdk.ts). */
export const sqs = lazy(async (): Promise<SQSClient> => {
  const { SQSClient } = await sqsSdk();
  return new SQSClient({ region: runtimeConfig().AWS_REGION, ...localClientOptions(process.env.SQS_ENDPOINT) });
});

export async function sendMessage(queueUrl: string, body: unknown): Promise<void> {
  const { SendMessageCommand } = await sqsSdk();
  await (await sqs()).send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(body) }));
}

/** A message that becomes visible after `delaySeconds` (at most 900, SQS's limit). */
export async function sendDelayedMessage(queueUrl: string, body: unknown, delaySeconds: number): Promise<void> {
  const { SendMessageCommand } = await sqsSdk();
  await (await sqs()).send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(body), DelaySeconds: delaySeconds }));
}

/** SQS takes ten messages per SendMessageBatch, of at most 256 KiB together. */
const BATCH = 10;
const MAX_BATCH_BYTES = 256 * 1024;

/**
 * Groups message bodies into SendMessageBatch requests: ten at most, and no more than 256 KiB together (a big agency's
 * payer message carries its client ids), so SQS never refuses a batch as too long.
 */
export function batchesOf(bodies: readonly string[]): string[][] {
  const batches: string[][] = [];
  let current: string[] = [];
  let bytes = 0;
  for (const body of bodies) {
    const size = Buffer.byteLength(body);
    if (size > MAX_BATCH_BYTES) throw new Error(`A message of ${size} bytes is over SQS's 256 KiB limit`);
    if (current.length === BATCH || bytes + size > MAX_BATCH_BYTES) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(body);
    bytes += size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}
/** Batches in flight at once. */
const PARALLEL_BATCHES = 16;

/**
 * Queues every body, up to ten per SendMessageBatch (batchesOf), `PARALLEL_BATCHES` batches at a time; entries SQS reports as failed are
 * sent again (three tries), then it throws.
 */
export async function sendMessages(queueUrl: string, bodies: readonly unknown[]): Promise<void> {
  const batches = batchesOf(bodies.map((body) => JSON.stringify(body)));
  const [{ SendMessageBatchCommand }, client] = await Promise.all([sqsSdk(), sqs()]);
  let next = 0;
  const sendOne = async (batch: string[]) => {
    let pending = batch.map((body, i) => ({ Id: `m${i}`, MessageBody: body }));
    for (let attempt = 1; pending.length > 0; attempt++) {
      const { Failed } = await client.send(new SendMessageBatchCommand({ QueueUrl: queueUrl, Entries: pending }));
      const failedIds = new Set((Failed ?? []).map((f) => f.Id));
      pending = pending.filter((e) => failedIds.has(e.Id));
      if (pending.length > 0 && attempt >= 3) throw new Error(`SQS refused ${pending.length} messages: ${JSON.stringify(Failed)}`);
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(PARALLEL_BATCHES, batches.length) }, async () => {
      while (next < batches.length) await sendOne(batches[next++]!);
    }),
  );
}

/** A failed message comes back after `seconds` instead of the whole visibility timeout. */
export async function retryMessageAfter(queueUrl: string, receiptHandle: string, seconds: number): Promise<void> {
  const { ChangeMessageVisibilityCommand } = await sqsSdk();
  await (await sqs()).send(new ChangeMessageVisibilityCommand({ QueueUrl: queueUrl, ReceiptHandle: receiptHandle, VisibilityTimeout: seconds }));
}
