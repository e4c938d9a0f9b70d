// The webhook delivery queue's settings, declared once: infra deploys the queue and the worker's event source from them
// and the local runtime creates the same queue and mapping (declarations only, so infra can import this file).

export const webhookDeliveryQueue = {
  /** The worker's Lambda timeout: a batch of deliveries sent side by side, each at most 15 s (post-webhook.ts). */
  workerTimeoutSeconds: 60,
  /** AWS: at least six times the function timeout for an SQS event source. */
  visibilityTimeoutSeconds: 360,
  /**
   * Receives before SQS parks a message in the dead-letter queue: only when the worker itself fails (the table is
   * unreachable). A failed delivery is not an error: its retry is a new message (retryScheduleSeconds).
   */
  maxReceiveCount: 3,
  batchSize: 5,
  /** Worker invocations at once (maximumConcurrency, 2–1000): slow endpoints cannot hold up the rest of the account. */
  maxConcurrency: 10,
  /**
   * When each retry is due, in seconds after the event (Standard Webhooks' suggested backoff, ending at 24 h): the
   * first attempt is immediate, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 24 h; after the last the delivery failed.
   */
  retryScheduleSeconds: [5, 300, 1800, 7200, 18_000, 36_000, 86_400],
  /** SQS delays a message by 15 minutes at most: a later retry hops (the worker sends it on until it is due). */
  maxDelaySeconds: 900,
  retentionDays: 4,
  deadLetterRetentionDays: 14,
} as const;

/** Queue names in the local runtime (AWS names them from the stack). */
export const localWebhookQueueNames = { webhooks: 'cardcrew-webhooks', webhooksDeadLetters: 'cardcrew-webhooks-dlq' } as const;
