// Monthly billing runs (issue 20 §3): what the admin Billing tab shows of each run of the fan-out.
import * as z from '../zod';

export const billingRunStatuses = ['queued', 'running', 'finished'] as const;
export type BillingRunStatus = (typeof billingRunStatuses)[number];

export const billingRunFailureSchema = z.object({ payerType: z.enum(['business', 'agency']), payerId: z.string(), reason: z.string() });

export const billingRunSchema = z.object({
  id: z.string(),
  /** The billed month, YYYY-MM. */
  period: z.string(),
  startedAt: z.string(),
  finishedAt: z.nullable(z.string()),
  /** 'schedule', or the admin who pressed Generate monthly invoices. */
  startedBy: z.string(),
  status: z.enum(billingRunStatuses),
  /** Payers queued; null until the planner has listed them. */
  expected: z.nullable(z.int()),
  billed: z.int(),
  alreadyBilled: z.int(),
  /** No billable employees this month. */
  skipped: z.int(),
  /** Switched off or unsubscribed after the run started. */
  notBillable: z.int(),
  failed: z.int(),
  mailsFailed: z.int(),
  /** The first failures (all are counted in `failed`). */
  failures: z.array(billingRunFailureSchema),
});
export type BillingRun = z.infer<typeof billingRunSchema>;

export const billingRunListSchema = z.object({ runs: z.array(billingRunSchema) });
export type BillingRunList = z.infer<typeof billingRunListSchema>;

/** Payers a run has dealt with so far. */
export const billingRunDone = (run: Pick<BillingRun, 'billed' | 'alreadyBilled' | 'skipped' | 'notBillable' | 'failed'>) => run.billed + run.alreadyBilled + run.skipped + run.notBillable + run.failed;
