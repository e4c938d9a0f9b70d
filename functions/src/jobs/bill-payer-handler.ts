// The billing worker Lambda: its SQS event source (ReportBatchItemFailures) delivers payer messages.
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { Context, SQSEvent } from 'aws-lambda';
import { logger } from '../lib/logger';
import { billPayerMessages } from './bill-payer-worker';

export const handler = middy(async (event: SQSEvent, context: Context) => billPayerMessages(event, context)).use(injectLambdaContext(logger));
