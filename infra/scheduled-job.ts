// The monthly invoice job: its Lambda and the EventBridge Scheduler schedule that runs it on the 1st of every
// month (UTC). The job is idempotent (one guard item per business and month), so retries are safe.
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

export interface MonthlyInvoiceJobProps {
  /** Binds the job's declared capabilities (environment and permissions). */
  readonly environment: AppEnvironment;
  /** @default MONTHLY_INVOICE_CRON, evaluated in UTC */
  readonly scheduleExpression?: string;
}

export class MonthlyInvoiceJob extends Construct {
  readonly function: AppFunction;
  readonly schedule: scheduler.Schedule;
  /** Runs that could not be delivered or that failed every retry land here, to be re-run by hand. */
  readonly deadLetterQueue: sqs.Queue;

  constructor(scope: Construct, id: string, props: MonthlyInvoiceJobProps) {
    super(scope, id);

    this.deadLetterQueue = new sqs.Queue(this, 'DeadLetterQueue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });

    this.function = new AppFunction(this, 'Job', {
      entry: jobs.monthlyInvoices.entry,
      serviceName: 'monthly-invoices',
      description: 'Creates the month’s invoices for every business (idempotent)',
      // A full month of invoices for every business; the guard items make a re-run after a timeout safe.
      timeout: Duration.minutes(15),
      memorySize: 1024,
      // Scheduler invokes asynchronously: a run that throws is retried by Lambda, then parked in the DLQ.
      retryAttempts: 2,
      deadLetterQueue: this.deadLetterQueue,
      // The job renders no images.
      nativeModules: [],
    });
    props.environment.bindTo(this.function, jobs.monthlyInvoices.capabilities);

    // The role Scheduler assumes; LambdaInvoke grants it lambda:InvokeFunction on the job (and its versions).
    const schedulerRole = new iam.Role(this, 'SchedulerRole', {
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
      description: 'EventBridge Scheduler: invoke the CardCrew monthly invoice job',
    });
    Validations.of(schedulerRole).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${nagText(this, this.function.function.functionArn)}:*]`,
      reason:
        'Scheduler target grant (grantInvoke) covers the job function and its qualified ARNs (versions/aliases) — still this one function only.',
    });

    this.schedule = new scheduler.Schedule(this, 'Schedule', {
      description: 'CardCrew monthly invoices (1st of the month, UTC)',
      schedule: scheduler.ScheduleExpression.expression(
        props.scheduleExpression ?? MONTHLY_INVOICE_CRON,
        TimeZone.ETC_UTC,
      ),
      target: new targets.LambdaInvoke(this.function.function, {
        role: schedulerRole,
        // Delivery retries (throttling, service errors) for up to six hours, then the same DLQ.
        retryAttempts: 20,
        maxEventAge: Duration.hours(6),
        deadLetterQueue: this.deadLetterQueue,
        input: scheduler.ScheduleTargetInput.fromObject({ source: 'cardcrew.scheduler', job: 'monthlyInvoices' }),
      }),
    });
  }
}
