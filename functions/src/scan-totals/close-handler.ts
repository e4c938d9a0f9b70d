// EventBridge Scheduler target: plans the daily close of scan counts (00:10 UTC; plan-scan-close.ts). Planning again
// (the schedule's or Lambda's retry) is safe: every business's close is idempotent.
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logger } from '../lib/logger';
import { planScanClose } from './plan-scan-close';

export const handler = middy(async () => planScanClose()).use(injectLambdaContext(logger));
