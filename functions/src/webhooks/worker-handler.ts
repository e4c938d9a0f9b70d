// The webhook delivery worker Lambda: its SQS event source (ReportBatchItemFailures) delivers queued deliveries.
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { SQSEvent } from 'aws-lambda';
import { logger } from '../lib/logger';
import { deliverWebhookMessages } from './deliver-webhooks';

export const handler = middy(async (event: SQSEvent) => deliverWebhookMessages(event)).use(injectLambdaContext(logger));
