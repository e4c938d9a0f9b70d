// EventBridge Scheduler target: the daily close of scan counts (00:10 UTC; close.ts). Idempotent, so the schedule's and
// Lambda's retries are safe.
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logger } from '../lib/logger';
import { closeScanDays } from './close';

export const handler = middy(async () => closeScanDays()).use(injectLambdaContext(logger));
