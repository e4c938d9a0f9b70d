// Business metrics in CloudWatch's embedded metric format (EMF): one JSON line on stdout per event, which CloudWatch
// Logs turns into a metric without an API call or IAM permission. The same shape Powertools Metrics writes (namespace
// from POWERTOOLS_METRICS_NAMESPACE, dimension `service` = POWERTOOLS_SERVICE_NAME), written here in a few lines
// because Powertools Metrics adds ~10 KB to every bundle and the card page's Lambda must stay small (docs/decisions.md).

/** The business events the product counts (docs/operations.md lists who emits which). */
export type BusinessMetric = 'SignUps' | 'InvoicesCreated' | 'InvoicesPaid' | 'UnappliedPayments' | 'InvoiceRemindersSent' | 'ContactsShared' | 'CardScans';
/**
 * Health of the monthly billing run (alarms in infra/operations-stack.ts): failed payers of a run that just finished,
 * and runs still unfinished an hour after they started (the hourly check emits it, 0 included). And the failed
 * businesses of a finished scan close run.
 */
export type OperationalMetric = 'BillingRunFailures' | 'BillingRunsUnfinished' | 'ScanCloseFailures';

/**
 * Emits `value` of `name` (unit Count). Off when no namespace is configured (the local runtime, tests) or when
 * POWERTOOLS_METRICS_DISABLED is 'true', as with Powertools; never throws, so counting cannot fail a request.
 */
export function recordMetric(name: BusinessMetric | OperationalMetric, value = 1, now = Date.now()): void {
  const namespace = process.env.POWERTOOLS_METRICS_NAMESPACE;
  if (!namespace || process.env.POWERTOOLS_METRICS_DISABLED === 'true') return;
  const line = {
    _aws: { Timestamp: now, CloudWatchMetrics: [{ Namespace: namespace, Dimensions: [['service']], Metrics: [{ Name: name, Unit: 'Count' }] }] },
    service: process.env.POWERTOOLS_SERVICE_NAME ?? 'cardcrew',
    [name]: value,
  };
  try {
    process.stdout.write(`${JSON.stringify(line)}\n`);
  } catch {
    // A closed stdout loses one data point, nothing else.
  }
}

/** One scan of a public card page (for the card page Lambda, which records the scan itself). */
export const recordScanMetric = (now = Date.now()): void => recordMetric('CardScans', 1, now);
