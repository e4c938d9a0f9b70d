// The operations stack: what a production owner watches and restores from. Alarms on the API, every function,
// the invoice job and the table go to one SNS topic named in configuration; a CloudWatch dashboard shows the same
// metrics; AWS Backup keeps daily and monthly recovery points of the table. It reads the other stacks and is
// read by none, so it deploys last and can be changed without touching the product.
import { Duration, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as backup from 'aws-cdk-lib/aws-backup';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { MonitoringFacade, SnsAlarmActionStrategy } from 'cdk-monitoring-constructs';
import type { Construct } from 'constructs';
import type { BusinessMetric } from '../functions/src/lib/metrics';
import type { AppFunction } from './app-function';
import type { DeployConfig } from './deploy-config';

export interface OperationsStackProps extends StackProps {
  readonly config: DeployConfig;
  readonly httpApi: apigw.IHttpApi;
  /** The API's access log group (JSON lines with `status`): throttled requests (429) are counted from it. */
  readonly apiAccessLogs: logs.ILogGroup;
  /** Every function that serves the API, by area name. */
  readonly apiFunctions: Record<string, AppFunction>;
  readonly invoiceJob: AppFunction;
  readonly invoiceJobDeadLetterQueue: sqs.IQueue;
  /** The billing fan-out (issue 20 §3): the worker, the payer queue and the two dead-letter queues. */
  readonly billingWorker: AppFunction;
  readonly billingQueue: sqs.IQueue;
  readonly billingDeadLetterQueue: sqs.IQueue;
  readonly planningDeadLetterQueue: sqs.IQueue;
  readonly dunningJob: AppFunction;
  readonly dunningJobDeadLetterQueue: sqs.IQueue;
  /** The card-sharing worker on the table's stream (issue 22) and its dead-letter queue. */
  readonly cardSharingWorker: AppFunction;
  readonly cardSharingDeadLetterQueue: sqs.IQueue;
  /** The daily close of scan counts (issue 25 §2): the planner, its worker, the business queue and its dead letters. */
  readonly scanCloseJob: AppFunction;
  readonly scanCloseJobDeadLetterQueue: sqs.IQueue;
  readonly scanCloseWorker: AppFunction;
  readonly scanCloseQueue: sqs.IQueue;
  readonly scanCloseDeadLetterQueue: sqs.IQueue;
  /** Outgoing webhooks: the delivery worker and its dead-letter queue. */
  readonly webhookWorker: AppFunction;
  readonly webhookDeadLetterQueue: sqs.IQueue;
  readonly table: dynamodb.ITable;
}

/**
 * Alarm thresholds in one place, so the closing notes and docs/operations.md can quote them. Counts are per
 * 5-minute period (the library's default), one period breaching is enough.
 */
export const alarmThresholds = {
  /** API Gateway 5xx responses: a handful is already a user-visible outage for a product this size. */
  api5xxCount: 5,
  /** Requests API Gateway throttled (429) — a spike means an abusive client or limits set too low. */
  apiThrottledCount: 50,
  /** Unhandled errors of an API function. */
  functionErrorCount: 3,
  /** p99 duration of an API function, as a percentage of its timeout. */
  functionP99PercentOfTimeout: 80,
  /** Any invocation Lambda throttled (account concurrency reached). */
  functionThrottleCount: 0,
  /** The invoice job: any failed run, and any run parked in its dead-letter queue. */
  invoiceJobErrorCount: 0,
  invoiceJobDeadLetterMessages: 0,
  /** A billing run that finished with any failed payer (BillingRunFailures, emitted once by whoever finishes the run). */
  billingRunFailures: 0,
  /** Any run still unfinished an hour after it started (BillingRunsUnfinished, the planner's hourly check). */
  billingRunsUnfinished: 0,
  /** A payer message waiting longer than an hour: the run cannot finish within the hour. */
  billingQueueMaxAgeSeconds: 3600,
  /** Any payer (or planning request) parked in a billing dead-letter queue. */
  billingDeadLetterMessages: 0,
  /** Unhandled errors of the billing worker (a whole batch returned to the queue). */
  billingWorkerErrorCount: 0,
  /** The dunning job: any failed run, and any run parked in its dead-letter queue (reminders stop until it runs). */
  dunningJobErrorCount: 0,
  dunningJobDeadLetterMessages: 0,
  /** The card-sharing worker: any unhandled error, any card change given up on, and changes waiting over 15 minutes. */
  cardSharingWorkerErrorCount: 0,
  cardSharingDeadLetterMessages: 0,
  cardSharingIteratorAgeSeconds: 900,
  /** The scan close: any failed run, and any run parked in its dead-letter queue (totals stay exact; reads grow). */
  scanCloseJobErrorCount: 0,
  scanCloseJobDeadLetterMessages: 0,
  /** The scan close worker: any unhandled error, any run that finished with a failed business, any business given up on. */
  scanCloseWorkerErrorCount: 0,
  scanCloseFailures: 0,
  scanCloseDeadLetterMessages: 0,
  /** A business message waiting longer than an hour: the day's close is not keeping up. */
  scanCloseQueueMaxAgeSeconds: 3600,
  /** Webhooks: the worker failing (not an endpoint failing: that is a retried attempt), a delivery it could not handle. */
  webhookWorkerErrorCount: 0,
  webhookDeadLetterMessages: 0,
  /** Any payment Stripe took that could not be applied to its invoice: a customer was charged and must be refunded. */
  unappliedPayments: 0,
  /** DynamoDB: any throttled read or write, any system error. */
  tableThrottledEvents: 0,
  tableSystemErrors: 0,
} as const;

export class OperationsStack extends Stack {
  /** Every alarm notifies this topic; subscribe e-mail, chat or paging to it. */
  readonly alarmTopic: sns.Topic;
  readonly monitoring: MonitoringFacade;
  readonly backupPlan: backup.BackupPlan;

  constructor(scope: Construct, id: string, props: OperationsStackProps) {
    super(scope, id, props);
    const { config } = props;

    // Alarm messages name resources and metrics only; SNS-managed encryption is enough, and a customer key
    // would need a key policy for CloudWatch that the managed key already has.
    this.alarmTopic = new sns.Topic(this, 'AlarmTopic', {
      topicName: config.alarmTopicName,
      displayName: `CardCrew ${config.stage} alarms`,
      enforceSSL: true,
      masterKey: kms.Alias.fromAliasName(this, 'SnsManagedKey', 'alias/aws/sns'),
    });
    if (config.alarmEmail) this.alarmTopic.addSubscription(new subscriptions.EmailSubscription(config.alarmEmail));

    this.monitoring = new MonitoringFacade(this, 'Monitoring', {
      alarmFactoryDefaults: {
        alarmNamePrefix: `CardCrew-${config.stage}`,
        actionsEnabled: true,
        action: new SnsAlarmActionStrategy({ onAlarmTopic: this.alarmTopic }),
        datapointsToAlarm: 1,
      },
      metricFactoryDefaults: {},
    });
    const t = alarmThresholds;

    this.monitoring
      .addLargeHeader(`CardCrew ${config.stage}`)
      .monitorApiGatewayV2HttpApi({
        api: props.httpApi,
        alarmFriendlyName: 'Api',
        add5xxCountAlarm: { Critical: { maxErrorCount: t.api5xxCount } },
      });

    // HTTP APIs publish no throttle metric: count the 429s in the access log.
    const throttled = new logs.MetricFilter(this, 'ApiThrottledFilter', {
      logGroup: props.apiAccessLogs,
      filterPattern: logs.FilterPattern.numberValue('$.status', '=', 429),
      metricNamespace: 'CardCrew',
      metricName: 'ApiThrottledRequests',
      dimensions: { Stage: config.stage },
      metricValue: '1',
      defaultValue: 0,
    });
    this.monitoring.monitorCustom({
      alarmFriendlyName: 'ApiThrottled',
      humanReadableName: 'API requests throttled (429)',
      metricGroups: [
        {
          title: 'Throttled requests',
          metrics: [
            {
              metric: throttled.metric({ statistic: 'Sum', period: Duration.minutes(5) }),
              alarmFriendlyName: 'ApiThrottled',
              addAlarm: {
                Warning: {
                  threshold: t.apiThrottledCount,
                  comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
                  treatMissingDataOverride: cloudwatch.TreatMissingData.NOT_BREACHING,
                },
              },
            },
          ],
        },
      ],
    });

    for (const [area, fn] of Object.entries(props.apiFunctions)) {
      this.monitoring.monitorLambdaFunction({
        lambdaFunction: fn.function,
        alarmFriendlyName: `Function-${area}`,
        humanReadableName: `${area} function`,
        addFaultCountAlarm: { Critical: { maxErrorCount: t.functionErrorCount } },
        addLatencyP99Alarm: { Warning: { maxLatencyPercentageOfTimeout: t.functionP99PercentOfTimeout } },
        addThrottlesCountAlarm: { Warning: { maxErrorCount: t.functionThrottleCount } },
      });
    }

    this.monitoring
      .addLargeHeader('Monthly invoices')
      .monitorLambdaFunction({
        lambdaFunction: props.invoiceJob.function,
        alarmFriendlyName: 'InvoiceJob',
        humanReadableName: 'Monthly invoice job',
        addFaultCountAlarm: { Critical: { maxErrorCount: t.invoiceJobErrorCount } },
      })
      .monitorSqsQueue({
        queue: props.invoiceJobDeadLetterQueue,
        alarmFriendlyName: 'InvoiceJobDeadLetters',
        humanReadableName: 'Invoice job dead-letter queue',
        addQueueMaxSizeAlarm: { Critical: { maxMessageCount: t.invoiceJobDeadLetterMessages } },
      });

    // The billing fan-out: the run's own figures (EMF from the worker and the planner's hourly check), the payer queue's
    // oldest message, and both dead-letter queues.
    // The app's own metrics (functions/src/lib/metrics.ts, EMF), by the emitting function's service name.
    const appMetric = (metricName: string, service: string, statistic: string, period: Duration) =>
      new cloudwatch.Metric({ namespace: 'CardCrew', metricName, dimensionsMap: { service }, statistic, period });
    const above = (threshold: number) => ({
      Critical: { threshold, comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD, treatMissingDataOverride: cloudwatch.TreatMissingData.NOT_BREACHING },
    });
    this.monitoring
      .addLargeHeader('Monthly billing runs')
      .monitorCustom({
        alarmFriendlyName: 'BillingRuns',
        humanReadableName: 'Monthly billing runs',
        metricGroups: [
          {
            title: 'Run health',
            metrics: [
              {
                // The worker that completes a run emits its failed-payer count (the worker's POWERTOOLS_SERVICE_NAME).
                metric: appMetric('BillingRunFailures', 'cardcrew-bill-payers', 'Maximum', Duration.minutes(5)),
                alarmFriendlyName: 'BillingRunFailures',
                addAlarm: above(t.billingRunFailures),
              },
              {
                // The planner's hourly check emits the number of runs unfinished an hour after they started (0 too).
                metric: appMetric('BillingRunsUnfinished', 'cardcrew-monthly-invoices', 'Maximum', Duration.hours(1)),
                alarmFriendlyName: 'BillingRunsUnfinished',
                addAlarm: above(t.billingRunsUnfinished),
              },
            ],
          },
        ],
      })
      .monitorLambdaFunction({
        lambdaFunction: props.billingWorker.function,
        alarmFriendlyName: 'BillingWorker',
        humanReadableName: 'Billing worker',
        addFaultCountAlarm: { Critical: { maxErrorCount: t.billingWorkerErrorCount } },
      })
      .monitorSqsQueue({
        queue: props.billingQueue,
        alarmFriendlyName: 'BillingQueue',
        humanReadableName: 'Billing queue (one message per payer)',
        addQueueMaxMessageAgeAlarm: { Critical: { maxAgeInSeconds: t.billingQueueMaxAgeSeconds } },
      })
      .monitorSqsQueue({
        queue: props.billingDeadLetterQueue,
        alarmFriendlyName: 'BillingDeadLetters',
        humanReadableName: 'Billing dead-letter queue (payers that failed every retry)',
        addQueueMaxSizeAlarm: { Critical: { maxMessageCount: t.billingDeadLetterMessages } },
      })
      .monitorSqsQueue({
        queue: props.planningDeadLetterQueue,
        alarmFriendlyName: 'BillingPlanningDeadLetters',
        humanReadableName: 'Billing planning dead-letter queue (runs that could not be planned)',
        addQueueMaxSizeAlarm: { Critical: { maxMessageCount: t.billingDeadLetterMessages } },
      });

    this.monitoring
      .addLargeHeader('Dunning')
      .monitorLambdaFunction({
        lambdaFunction: props.dunningJob.function,
        alarmFriendlyName: 'DunningJob',
        humanReadableName: 'Dunning job',
        addFaultCountAlarm: { Critical: { maxErrorCount: t.dunningJobErrorCount } },
      })
      .monitorSqsQueue({
        queue: props.dunningJobDeadLetterQueue,
        alarmFriendlyName: 'DunningJobDeadLetters',
        humanReadableName: 'Dunning job dead-letter queue',
        addQueueMaxSizeAlarm: { Critical: { maxMessageCount: t.dunningJobDeadLetterMessages } },
      });

    // The card-sharing worker: a shared card (link preview, wallet passes) lags behind its card while records wait, and a
    // record in the dead-letter queue was given up on (docs/operations.md says how to replay it).
    this.monitoring
      .addLargeHeader('Card sharing')
      .monitorLambdaFunction({
        lambdaFunction: props.cardSharingWorker.function,
        alarmFriendlyName: 'CardSharingWorker',
        humanReadableName: 'Card-sharing worker (table stream)',
        isIterator: true,
        addFaultCountAlarm: { Critical: { maxErrorCount: t.cardSharingWorkerErrorCount } },
        addMaxIteratorAgeAlarm: { Critical: { maxAgeInMillis: t.cardSharingIteratorAgeSeconds * 1000 } },
      })
      .monitorSqsQueue({
        queue: props.cardSharingDeadLetterQueue,
        alarmFriendlyName: 'CardSharingDeadLetters',
        humanReadableName: 'Card-sharing dead-letter queue (card changes given up on)',
        addQueueMaxSizeAlarm: { Critical: { maxMessageCount: t.cardSharingDeadLetterMessages } },
      });

    // The scan close: a day left open stays exact (readers add it from the card-days), the next run catches it up; the
    // alarm says the readers' open-days Query is growing.
    this.monitoring
      .addLargeHeader('Scan close')
      .monitorLambdaFunction({
        lambdaFunction: props.scanCloseJob.function,
        alarmFriendlyName: 'ScanCloseJob',
        humanReadableName: 'Scan close job',
        addFaultCountAlarm: { Critical: { maxErrorCount: t.scanCloseJobErrorCount } },
      })
      .monitorSqsQueue({
        queue: props.scanCloseJobDeadLetterQueue,
        alarmFriendlyName: 'ScanCloseJobDeadLetters',
        humanReadableName: 'Scan close job dead-letter queue',
        addQueueMaxSizeAlarm: { Critical: { maxMessageCount: t.scanCloseJobDeadLetterMessages } },
      })
      .monitorCustom({
        alarmFriendlyName: 'ScanCloseRuns',
        humanReadableName: 'Scan close runs',
        metricGroups: [
          {
            title: 'Run health',
            metrics: [
              {
                // The worker that completes a run emits its failed-business count (the worker's POWERTOOLS_SERVICE_NAME).
                metric: appMetric('ScanCloseFailures', 'cardcrew-scan-close-worker', 'Maximum', Duration.minutes(5)),
                alarmFriendlyName: 'ScanCloseFailures',
                addAlarm: above(t.scanCloseFailures),
              },
            ],
          },
        ],
      })
      .monitorLambdaFunction({
        lambdaFunction: props.scanCloseWorker.function,
        alarmFriendlyName: 'ScanCloseWorker',
        humanReadableName: 'Scan close worker',
        addFaultCountAlarm: { Critical: { maxErrorCount: t.scanCloseWorkerErrorCount } },
      })
      .monitorSqsQueue({
        queue: props.scanCloseQueue,
        alarmFriendlyName: 'ScanCloseQueue',
        humanReadableName: 'Scan close queue (one message per business)',
        addQueueMaxMessageAgeAlarm: { Critical: { maxAgeInSeconds: t.scanCloseQueueMaxAgeSeconds } },
      })
      .monitorSqsQueue({
        queue: props.scanCloseDeadLetterQueue,
        alarmFriendlyName: 'ScanCloseDeadLetters',
        humanReadableName: 'Scan close dead-letter queue (businesses that failed every retry)',
        addQueueMaxSizeAlarm: { Critical: { maxMessageCount: t.scanCloseDeadLetterMessages } },
      })
      .addLargeHeader('Outgoing webhooks')
      .monitorLambdaFunction({
        lambdaFunction: props.webhookWorker.function,
        alarmFriendlyName: 'WebhookWorker',
        humanReadableName: 'Webhook delivery worker',
        addFaultCountAlarm: { Critical: { maxErrorCount: t.webhookWorkerErrorCount } },
      })
      .monitorSqsQueue({
        queue: props.webhookDeadLetterQueue,
        alarmFriendlyName: 'WebhookDeadLetters',
        humanReadableName: 'Webhook dead-letter queue (deliveries the worker could not handle)',
        addQueueMaxSizeAlarm: { Critical: { maxMessageCount: t.webhookDeadLetterMessages } },
      });

    // Payments the payments function kept as unapplied (void, cancelled or paid invoices; a different amount): someone
    // was charged for nothing, so an admin refunds it from the Billing tab.
    this.monitoring.monitorCustom({
      alarmFriendlyName: 'UnappliedPayments',
      humanReadableName: 'Payments not applied to their invoice',
      metricGroups: [
        {
          title: 'Unapplied payments',
          metrics: [
            {
              metric: new cloudwatch.Metric({
                namespace: 'CardCrew',
                metricName: 'UnappliedPayments',
                // The payments function's POWERTOOLS_SERVICE_NAME (api-stack: `cardcrew-{area}`), the only emitter.
                dimensionsMap: { service: 'cardcrew-payments' },
                statistic: 'Sum',
                period: Duration.minutes(5),
              }),
              alarmFriendlyName: 'UnappliedPayments',
              addAlarm: {
                Critical: {
                  threshold: t.unappliedPayments,
                  comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
                  treatMissingDataOverride: cloudwatch.TreatMissingData.NOT_BREACHING,
                },
              },
            },
          ],
        },
      ],
    });

    // Business events (functions/src/lib/metrics.ts), summed over the functions that emit them; a dashboard, no alarms.
    const businessEvents: Record<BusinessMetric, string> = {
      SignUps: 'Sign-ups',
      InvoicesCreated: 'Invoices created',
      InvoicesPaid: 'Invoices paid',
      UnappliedPayments: 'Payments not applied',
      InvoiceRemindersSent: 'Overdue reminders sent',
      ContactsShared: 'Contacts shared',
      CardScans: 'Card scans',
    };
    this.monitoring.addLargeHeader('Business').monitorCustom({
      humanReadableName: 'Business events',
      alarmFriendlyName: 'Business',
      metricGroups: [
        {
          title: 'Business events per hour',
          metrics: Object.entries(businessEvents).map(
            ([name, label]) =>
              new cloudwatch.MathExpression({
                expression: `SUM(SEARCH('{CardCrew,service} MetricName="${name}"', 'Sum', 3600))`,
                usingMetrics: {},
                label,
                period: Duration.hours(1),
              }),
          ),
        },
      ],
    });

    this.monitoring
      .addLargeHeader('Data')
      .monitorDynamoTable({
        table: props.table,
        alarmFriendlyName: 'Table',
        addReadThrottledEventsCountAlarm: { Critical: { maxThrottledEventsThreshold: t.tableThrottledEvents } },
        addWriteThrottledEventsCountAlarm: { Critical: { maxThrottledEventsThreshold: t.tableThrottledEvents } },
        addSystemErrorCountAlarm: { Critical: { maxErrorCount: t.tableSystemErrors } },
      });

    // Point-in-time recovery (35 days, on the table) covers mistakes of the last weeks; Backup adds daily points
    // kept 35 days and monthly points kept a year, in a vault that survives the stack.
    const vault = new backup.BackupVault(this, 'BackupVault', {
      backupVaultName: `cardcrew-${config.stage}`,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.backupPlan = new backup.BackupPlan(this, 'TableBackupPlan', {
      backupPlanName: `cardcrew-${config.stage}-table`,
      backupVault: vault,
      backupPlanRules: [
        new backup.BackupPlanRule({
          ruleName: 'Daily',
          scheduleExpression: events.Schedule.cron({ hour: '3', minute: '0' }),
          deleteAfter: Duration.days(35),
        }),
        new backup.BackupPlanRule({
          ruleName: 'Monthly',
          scheduleExpression: events.Schedule.cron({ day: '1', hour: '4', minute: '0' }),
          deleteAfter: Duration.days(365),
        }),
      ],
    });
    const selection = this.backupPlan.addSelection('Table', { resources: [backup.BackupResource.fromDynamoDbTable(props.table)] });
    Validations.of(selection).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSBackupServiceRolePolicyForBackup]',
      reason:
        'The role AWS Backup assumes to back the table up: AWSBackupServiceRolePolicyForBackup is the AWS-maintained policy for exactly that service role, and Backup needs its actions to create and tag recovery points.',
    });
  }
}
