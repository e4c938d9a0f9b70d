// The scan-totals Lambda (issue 25 §2): the table's stream (card-day counters only, by the event filter) with
// ReportBatchItemFailures. No middy middleware beyond the logger's context: a stream job with one dependency-light path.
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { logger } from '../lib/logger';
import { handleScanRecords } from './worker';

export const handler = middy(async (event: DynamoDBStreamEvent) => handleScanRecords(event)).use(injectLambdaContext(logger));
