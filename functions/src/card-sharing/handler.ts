// The card-sharing Lambda: the table's stream (card items only, by the event filter) with ReportBatchItemFailures.
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { logger } from '../lib/logger';
import { handleCardRecords } from './worker';

export const handler = middy(async (event: DynamoDBStreamEvent) => handleCardRecords(event)).use(injectLambdaContext(logger));
