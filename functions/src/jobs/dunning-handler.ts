// EventBridge Scheduler target: runs the dunning job (daily, 06:00 UTC).
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logger } from '../lib/logger';
import { runDunning } from './dunning';

export const handler = middy(async () => runDunning()).use(injectLambdaContext(logger));
