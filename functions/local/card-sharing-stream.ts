// The card-sharing worker locally: DynamoDB Local's stream of the table, filtered to card items and read in batches
// with retries exactly as infra/card-sharing.ts configures the Lambda's event source.
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { cardSharingStream } from '../src/card-sharing/stream';
import { startDynamoDbStreamSource, type RunningStreamSource } from './dynamodb-stream-source';

/** Starts the mapping; the handler is imported after the environment is set. */
export async function startCardSharingStream(table: DynamoDBClient, tableName: string): Promise<RunningStreamSource> {
  const { handleCardRecords } = await import('../src/card-sharing/worker');
  return startDynamoDbStreamSource({
    table,
    tableName,
    filter: (record) => record.dynamodb?.Keys?.sk?.S === cardSharingStream.cardSortKey,
    batchSize: cardSharingStream.batchSize,
    retryAttempts: cardSharingStream.retryAttempts,
    handler: (event) => handleCardRecords(event),
    onError: (error) => console.error('card-sharing stream:', (error as Error).message),
    onDeadLetter: (record) => console.error(`card-sharing stream: gave up on card record ${record.dynamodb?.SequenceNumber} after ${cardSharingStream.retryAttempts} retries`),
  });
}
