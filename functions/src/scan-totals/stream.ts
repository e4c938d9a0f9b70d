// The scan-totals worker's feed (issue 25 §2): the table's stream (new and old images), filtered to the card-day scan
// counters, the one item a card view writes. The settings are shared by infra/scan-totals.ts (the Lambda event source)
// and functions/local (the local poller), so both read the stream the same way.

export const scanTotalsStream = {
  /** A card-day counter's sort key starts with this (ElectroDB's `$<entity>_<version>` and then `#day_<day>`). */
  cardScanDayPrefix: '$cardscanday_1',
  /**
   * Records per invocation: the fold writes once per card and business in a batch, however many scans the batch holds,
   * so larger batches are cheaper. Lambda waits up to `batchingWindowSeconds` to fill one: the totals, and the owner's
   * day counters, are that much behind the card's own day counter (the employee's series is current).
   */
  batchSize: 1000,
  batchingWindowSeconds: 60,
  /**
   * A failing batch is retried (split in two) until it succeeds or its records leave the stream (24 hours): the fold is
   * idempotent, so a retry never counts twice, and dropping a record would lose scans. Locally: the same, in practice.
   */
  localRetryAttempts: 1_000,
  timeoutSeconds: 60,
  /** The worker only computes and writes a few items: the smallest size is enough. */
  memorySize: 256,
} as const;

/** The event filter pattern (Lambda's filter criteria syntax): card-day counters written (not deleted). */
export const scanDayRecordsPattern = {
  eventName: ['INSERT', 'MODIFY'],
  dynamodb: { Keys: { sk: { S: [{ prefix: scanTotalsStream.cardScanDayPrefix }] } } },
};

/** The same filter as a predicate (the local poller). */
export function isScanDayRecord(record: { eventName?: string; dynamodb?: { Keys?: Record<string, { S?: string }> } }): boolean {
  return (record.eventName === 'INSERT' || record.eventName === 'MODIFY') && (record.dynamodb?.Keys?.sk?.S ?? '').startsWith(scanTotalsStream.cardScanDayPrefix);
}
