// The card-sharing worker: turns stream records of card items into CardChanges and runs every reaction on the ones that
// change what a shared card shows. A record whose reactions fail is reported as the batch's failure: Lambda then
// retries from that record on (stream order is kept per card), splitting the batch, and after the configured attempts
// sends the record's position to the dead-letter queue. Reactions are idempotent, so a retried record is harmless.
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { logger } from '../lib/logger';
import { showsDifferently, type CardReaction } from './card-changes';
import { cardReactions } from './reactions';
import { cardChangeOf } from './stream';

export async function handleCardRecords(event: DynamoDBStreamEvent, reactions: Record<string, CardReaction> = cardReactions): Promise<DynamoDBBatchResponse> {
  for (const record of event.Records) {
    const change = cardChangeOf(record);
    if (!change || !showsDifferently(change)) continue;
    for (const [name, react] of Object.entries(reactions)) {
      try {
        await react(change);
      } catch (error) {
        logger.error('card reaction failed', { reaction: name, cardId: change.cardId, eventName: record.eventName, error: error as Error });
        // Records before this one are done; this one and the rest come again.
        return { batchItemFailures: [{ itemIdentifier: record.dynamodb!.SequenceNumber! }] };
      }
    }
  }
  return { batchItemFailures: [] };
}
