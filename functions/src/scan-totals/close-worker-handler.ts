// The scan close worker Lambda: its SQS event source (ReportBatchItemFailures) delivers business messages.
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { SQSEvent } from 'aws-lambda';
import { logger } from '../lib/logger';
import { closeBusinessMessages } from './close-worker';

export const handler = middy(async (event: SQSEvent) => closeBusinessMessages(event)).use(injectLambdaContext(logger));
