// The scan-totals worker locally: DynamoDB Local's stream of the table, filtered to card-day counters and read in
// batches with retries as infra/scan-totals.ts configures the Lambda's event source.
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { isScanDayRecord, scanTotalsStream } from '../src/scan-totals/stream';
import { startDynamoDbStreamSource, type RunningStreamSource } from './dynamodb-stream-source';

/** Starts the mapping; the handler is imported after the environment is set. */
export async function startScanTotalsStream(table: DynamoDBClient, tableName: string): Promise<RunningStreamSource> {
  const { handleScanRecords } = await import('../src/scan-totals/worker');
  return startDynamoDbStreamSource({
    table,
    tableName,
    filter: isScanDayRecord,
    batchSize: scanTotalsStream.batchSize,
    retryAttempts: scanTotalsStream.localRetryAttempts,
    handler: (event) => handleScanRecords(event),
    onError: (error) => console.error('scan-totals stream:', (error as Error).message),
    onDeadLetter: (record) => console.error(`scan-totals stream: gave up on card-day record ${record.dynamodb?.SequenceNumber}`),
  });
}
