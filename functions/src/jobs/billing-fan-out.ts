// The billing fan-out's settings, declared once: infra deploys the queues and the worker's event source from them and
// the local runtime creates the same queues and mapping (declarations only, so infra can import this file).

export const billingFanOut = {
  /** The worker's Lambda timeout: one batch of at most `batchSize` payers, each a few round trips and one paced mail. */
  workerTimeoutSeconds: 60,
  /** AWS: at least six times the function timeout for an SQS event source (a throttled batch must not reappear). */
  visibilityTimeoutSeconds: 360,
  /** Receives before SQS parks a payer's message in the dead-letter queue (the first try and two retries). */
  maxReceiveCount: 3,
  /** A failed payer's message comes back after this many seconds (the worker shortens its visibility timeout). */
  retryDelaySeconds: 30,
  /** Messages per worker invocation (payers billed one after another within a batch). */
  batchSize: 10,
  /**
   * Worker invocations at once (the event source's maximumConcurrency, 2–1000). It bounds the writers racing for the
   * gapless invoice number (once per batch) and, with the SES quota, the mail rate of each invocation: with a batch of
   * 10 in a 60 s timeout the account needs MaxSendRate ≥ 10 × 20 / (0.8 × 60) ≈ 4.2 mails/s (docs/decisions.md).
   */
  maxConcurrency: 20,
  /** The share of the account's SES sending rate the run may use; the rest stays for receipts, invitations, sign-ups. */
  sendRateShare: 0.8,
  /**
   * Mails per second assumed when SES GetAccount cannot be read: the smallest production quota (a sandbox account cannot
   * mail customers at all). A lower guess would make a batch's mails outlast the worker's timeout.
   */
  fallbackSendRate: 14,
  /** The planner: lists the payers and queues them; also the scheduled job's timeout. */
  plannerTimeoutSeconds: 900,
  /** Queues keep a message this long (the dead-letter queues: 14 days, SQS's maximum). */
  retentionDays: 4,
  deadLetterRetentionDays: 14,
  /** A run still running this long after it started raises the unfinished-run alarm. */
  unfinishedAfterMinutes: 60,
} as const;

/** Queue names in the local runtime (AWS names them from the stack). */
export const localQueueNames = {
  billing: 'cardcrew-billing',
  billingDeadLetters: 'cardcrew-billing-dlq',
  planning: 'cardcrew-billing-planning',
  planningDeadLetters: 'cardcrew-billing-planning-dlq',
} as const;
