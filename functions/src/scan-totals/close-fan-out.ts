// The scan close's fan-out settings, declared once: infra deploys the queue and the worker's event source from them and
// the local runtime creates the same queue and mapping (declarations only, so infra can import this file).

export const scanCloseFanOut = {
  /**
   * The worker's Lambda timeout: one batch of at most `batchSize` businesses closed side by side, each a few round trips
   * plus a write per card scanned on the day (a business with thousands of cards takes seconds).
   */
  workerTimeoutSeconds: 120,
  /** AWS: at least six times the function timeout for an SQS event source (a throttled batch must not reappear). */
  visibilityTimeoutSeconds: 720,
  /** Receives before SQS parks a business's message in the dead-letter queue (the first try and two retries). */
  maxReceiveCount: 3,
  /** Messages (businesses) per worker invocation, closed side by side. */
  batchSize: 10,
  /**
   * Worker invocations at once (the event source's maximumConcurrency, 2–1000). Each closes `batchSize` businesses side
   * by side, so about 200 businesses are in flight: their writes go to different partitions (every card and business
   * has its own key), well within on-demand capacity.
   */
  maxConcurrency: 20,
  /** The planner: lists the businesses and queues them; also the scheduled job's timeout. */
  plannerTimeoutSeconds: 900,
  /** The queue keeps a message this long (the dead-letter queue: 14 days, SQS's maximum). */
  retentionDays: 1,
  deadLetterRetentionDays: 14,
} as const;

/** Queue names in the local runtime (AWS names them from the stack). */
export const localScanCloseQueueNames = { scanClose: 'cardcrew-scan-close', scanCloseDeadLetters: 'cardcrew-scan-close-dlq' } as const;
