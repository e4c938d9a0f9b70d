// The card-sharing worker: turns stream records of card items into CardChanges and runs every reaction on the ones that
// change what a shared card shows. The records of one card run in stream order; different cards of a batch run at once
// (an import of 2,500 people writes 2,500 cards, and each waits on S3, DynamoDB and the wallets, not on the CPU). The
// first record (in batch order) whose reactions fail is reported as the batch's failure: Lambda then retries from that
// record on (stream order is kept per card), splitting the batch, and after the configured attempts sends the record's
// position to the dead-letter queue. Reactions are idempotent, so the records after it that already ran run again
// harmlessly.
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { logger } from '../lib/logger';
import { showsDifferently, type CardChange, type CardReaction } from '../business/card-changes';
import { cardReactions } from './reactions';
import { cardChangeOf } from './stream';

interface Step {
  position: number;
  record: DynamoDBRecord;
  change: CardChange;
}

/** Runs one card's changes in order; returns the position of the first whose reactions failed, or undefined. */
async function runInOrder(steps: Step[], reactions: Record<string, CardReaction>): Promise<number | undefined> {
  for (const { position, record, change } of steps) {
    for (const [name, react] of Object.entries(reactions)) {
      try {
        await react(change);
      } catch (error) {
        logger.error('card reaction failed', { reaction: name, cardId: change.cardId, eventName: record.eventName, error: error as Error });
        return position;
      }
    }
  }
  return undefined;
}

export async function handleCardRecords(event: DynamoDBStreamEvent, reactions: Record<string, CardReaction> = cardReactions): Promise<DynamoDBBatchResponse> {
  const byCard = new Map<string, Step[]>();
  event.Records.forEach((record, position) => {
    const change = cardChangeOf(record);
    if (!change || !showsDifferently(change)) return;
    byCard.set(change.cardId, [...(byCard.get(change.cardId) ?? []), { position, record, change }]);
  });
  const failed = (await Promise.all([...byCard.values()].map((steps) => runInOrder(steps, reactions)))).filter((position) => position !== undefined);
  if (failed.length === 0) return { batchItemFailures: [] };
  // Records before this one are done; this one and the rest come again.
  const first = event.Records[Math.min(...failed)]!;
  return { batchItemFailures: [{ itemIdentifier: first.dynamodb!.SequenceNumber! }] };
}
