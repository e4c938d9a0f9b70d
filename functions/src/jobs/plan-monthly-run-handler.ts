// The billing planner Lambda, three triggers: the monthly schedule (starts and plans a run), the planning queue (plans
// a run an admin started), and the hourly check schedule (`{"check": true}`: runs unfinished after an hour).
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { SQSEvent } from 'aws-lambda';
import { logger } from '../lib/logger';
import { checkUnfinishedRuns, planBillingRun, startScheduledRun, type PlanMessage } from './plan-monthly-run';

type PlannerEvent = SQSEvent | { check?: boolean; source?: string };

export async function plan(event: PlannerEvent) {
  if ('Records' in event) {
    // Batch size 1 (infra): a planning failure returns its message for a retry.
    for (const record of event.Records) await planBillingRun((JSON.parse(record.body) as PlanMessage).runId);
    return { planned: event.Records.length };
  }
  if (event.check) return checkUnfinishedRuns();
  return startScheduledRun();
}

export const handler = middy(async (event: PlannerEvent) => plan(event)).use(injectLambdaContext(logger));
