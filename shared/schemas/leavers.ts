// Leavers (issue 23 §2): what the deactivate dialog sends — the colleague whose card the leaver's page points to and
// the person who receives their leads (default: the owner) — and what the deactivate and reactivate calls answer.
import * as z from '../zod';
import { idSchema } from './common';
import { employeeSchema } from './employee';

export const deactivateEmployeeSchema = z.strictObject({
  /** An active card of another employee of the business; absent: the page shows the company's website and phone. */
  successorCardId: z.optional(idSchema),
  /** An active employee of the business; absent: the person who created the business. */
  leadsTo: z.optional(idSchema),
});
export type DeactivateEmployeeInput = z.input<typeof deactivateEmployeeSchema>;
export type DeactivateEmployee = z.output<typeof deactivateEmployeeSchema>;

export const leaverResultSchema = z.object({
  employee: employeeSchema,
  /** Leads moved by this call. */
  leadsMoved: z.number(),
});
export type LeaverResult = z.infer<typeof leaverResultSchema>;

/** What the deactivate dialog shows before anything happens: the choices and how many leads move. */
export const leavingPreviewSchema = z.object({
  businessName: z.string(),
  leadCount: z.number(),
  /** Active cards of the other employees: where the leaver's page may point. */
  colleagues: z.array(z.object({ cardId: z.string(), name: z.string() })),
  /** Active employees who may receive the leads. */
  people: z.array(z.object({ employeeId: z.string(), name: z.string() })),
  /** Who gets the leads when nobody is picked: the owner's profile, else the company's own contacts (`isCompany`). */
  defaultLeadsTo: z.object({ employeeId: z.string(), name: z.string(), isCompany: z.boolean() }),
});
export type LeavingPreview = z.infer<typeof leavingPreviewSchema>;
