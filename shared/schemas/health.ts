import { z } from 'zod';

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  dependencies: z.record(z.string(), z.object({ ok: z.boolean(), latencyMs: z.number(), error: z.string().optional() })),
});
export type Health = z.infer<typeof healthSchema>;
