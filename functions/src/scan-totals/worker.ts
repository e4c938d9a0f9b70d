// The scan-totals worker: folds a batch of card-day counter records into the card, business and business-day totals
// (fold.ts). The fold is idempotent, so on any failure the whole batch is reported failed and comes again (Lambda
// splits it and retries until it succeeds or the records leave the stream); nothing is ever counted twice.
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { logger } from '../lib/logger';
import { foldScanRecords } from './fold';
import { isScanDayRecord } from './stream';

export async function handleScanRecords(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  const records = event.Records.filter(isScanDayRecord);
  try {
    await foldScanRecords(records);
    return { batchItemFailures: [] };
  } catch (error) {
    logger.error('scan fold failed, the batch comes again', { records: records.length, error: error as Error });
    const first = event.Records[0]?.dynamodb?.SequenceNumber;
    return { batchItemFailures: first ? [{ itemIdentifier: first }] : [] };
  }
}
