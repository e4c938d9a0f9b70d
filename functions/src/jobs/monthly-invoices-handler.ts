// EventBridge Scheduler target: runs the monthly invoice job (1st of the month, UTC).
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logger } from '../lib/logger';
import { generateMonthlyInvoices } from './generate-monthly-invoices';

export const handler = middy(async () => generateMonthlyInvoices()).use(injectLambdaContext(logger));
