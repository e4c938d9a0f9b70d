// A scheduled job: its Lambda, the EventBridge Scheduler schedule that runs it (UTC) and the DLQ for runs that failed
// every retry. Used for the monthly invoice job (1st of the month; one guard item per business and month) and the
// daily dunning job (conditional status changes and reminder claims) and the daily scan close (conditional adds); all are idempotent, so retries are safe.
import { Duration, Stack, TimeZone, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as targets from 'aws-cdk-lib/aws-scheduler-targets';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { jobs } from '../functions/routes';
import { AppFunction } from './app-function';
import type { AppEnvironment } from './app-environment';
import { nagText } from './nag';

/** 03:00 UTC on the 1st of every month. */
export const MONTHLY_INVOICE_CRON = 'cron(0 3 1 * ? *)';
/** 06:00 UTC every day: after the monthly run on the 1st, before the working day in Europe and the Americas. */
export const DUNNING_CRON = 'cron(0 6 * * ? *)';
/** 00:10 UTC every day: yesterday has ended (a card view counts on the UTC day it started, well within 10 minutes). */
export const SCAN_CLOSE_CRON = 'cron(10 0 * * ? *)';
/** The scan close waits on DynamoDB and computes sums: the smallest memory that runs it (the bench prices it). */
export const SCAN_CLOSE_MEMORY_MB = 256;

export interface ScheduledJobProps {
  /** The job in `jobs` (functions/routes.ts): its entry and the capabilities granted, exactly. */
  readonly job: keyof typeof jobs;
  /** Powertools service name (logs, metrics). */
  readonly serviceName: string;
  /** The function's description. */
  readonly description: string;
  /** What the job is called in its scheduler role's description ('monthly invoice'). */
  readonly title: string;
  /** The schedule's description. */
  readonly scheduleDescription: string;
  /** Evaluated in UTC. */
  readonly scheduleExpression: string;
  readonly timeout: Duration;
  /** MB; 1024 unless given (the scan close, which only waits on DynamoDB, runs at 256). */
  readonly memorySize?: number;
  /** Binds the job's declared capabilities (environment and permissions). */
  readonly environment: AppEnvironment;
}

export class ScheduledJob extends Construct {
  readonly function: AppFunction;
  readonly schedule: scheduler.Schedule;
  /** Runs that could not be delivered or that failed every retry land here, to be re-run by hand. */
  readonly deadLetterQueue: sqs.Queue;
  /** The role EventBridge Scheduler assumes to invoke the job (for further schedules of the same job). */
  readonly schedulerRole: iam.Role;

  constructor(scope: Construct, id: string, props: ScheduledJobProps) {
    super(scope, id);

    this.deadLetterQueue = new sqs.Queue(this, 'DeadLetterQueue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });

    this.function = new AppFunction(this, 'Job', {
      entry: jobs[props.job].entry,
      serviceName: props.serviceName,
      description: props.description,
      timeout: props.timeout,
      memorySize: props.memorySize ?? 1024,
      // Scheduler invokes asynchronously: a run that throws is retried by Lambda, then parked in the DLQ.
      retryAttempts: 2,
      deadLetterQueue: this.deadLetterQueue,
      // The job renders no images.
      nativeModules: [],
    });
    props.environment.bindTo(this.function, jobs[props.job].capabilities);

    // The role Scheduler assumes; LambdaInvoke grants it lambda:InvokeFunction on the job (and its versions).
    const schedulerRole = (this.schedulerRole = new iam.Role(this, 'SchedulerRole', {
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
      description: `EventBridge Scheduler: invoke the CardCrew ${props.title} job`,
    }));
    Validations.of(schedulerRole).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${nagText(this, this.function.function.functionArn)}:*]`,
      reason:
        'Scheduler target grant (grantInvoke) covers the job function and its qualified ARNs (versions/aliases) — still this one function only.',
    });

    this.schedule = new scheduler.Schedule(this, 'Schedule', {
      description: props.scheduleDescription,
      schedule: scheduler.ScheduleExpression.expression(props.scheduleExpression, TimeZone.ETC_UTC),
      target: new targets.LambdaInvoke(this.function.function, {
        role: schedulerRole,
        // Delivery retries (throttling, service errors) for up to six hours, then the same DLQ.
        retryAttempts: 20,
        maxEventAge: Duration.hours(6),
        deadLetterQueue: this.deadLetterQueue,
        input: scheduler.ScheduleTargetInput.fromObject({ source: 'cardcrew.scheduler', job: props.job }),
      }),
    });
  }

  /** Another schedule of the same job, with its own input (the billing planner's hourly check). */
  addSchedule(id: string, props: { description: string; scheduleExpression: string; input: Record<string, unknown> }): scheduler.Schedule {
    return new scheduler.Schedule(this, id, {
      description: props.description,
      schedule: scheduler.ScheduleExpression.expression(props.scheduleExpression, TimeZone.ETC_UTC),
      target: new targets.LambdaInvoke(this.function.function, {
        role: this.schedulerRole,
        retryAttempts: 2,
        maxEventAge: Duration.hours(1),
        deadLetterQueue: this.deadLetterQueue,
        input: scheduler.ScheduleTargetInput.fromObject(props.input),
      }),
    });
  }
}
