// Health: the public liveness answer and the admins' per-dependency report.
import * as z from '../zod';

/** GET /api/health: nothing but whether this API can read its table (no dependency names, no latencies). */
export const livenessSchema = z.object({ status: z.enum(['ok', 'degraded']) });
export type Liveness = z.infer<typeof livenessSchema>;

/** GET /api/admin/health: every dependency the API needs, each with its latency. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  dependencies: z.record(z.string(), z.object({ ok: z.boolean(), latencyMs: z.number(), error: z.optional(z.string()) })),
});
export type Health = z.infer<typeof healthSchema>;
