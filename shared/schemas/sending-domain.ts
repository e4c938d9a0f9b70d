// An agency's own sending domain: the Add form and the DTO. A sending domain obeys the custom domain's hostname rules
// (customDomainProblem), so the form and the API refuse the same names with the same reasons.
import * as z from '../zod';
import { customDomainNameSchema, dnsRecordSchema } from './custom-domain';

/** Add sending domain (Agency Settings → Sending domain). */
export const addSendingDomainSchema = z.strictObject({ domain: customDomainNameSchema });
export type AddSendingDomainInput = z.input<typeof addSendingDomainSchema>;

/** pending (DKIM records not seen yet) → verified, or failed (SES gave up after 72 hours). */
export const sendingDomainStateSchema = z.enum(['pending', 'verified', 'failed']);
export type SendingDomainState = z.infer<typeof sendingDomainStateSchema>;

export const sendingDomainSchema = z.object({
  domain: z.string(),
  state: sendingDomainStateSchema,
  /** What the agency should do next, or why it failed. */
  reason: z.string(),
  /** The three Easy DKIM CNAME records. */
  dnsRecords: z.array(dnsRecordSchema),
  /** The address its clients' mails go from once verified. */
  fromAddress: z.string(),
  checkedAt: z.nullable(z.string()),
  createdAt: z.string(),
});
export type SendingDomain = z.infer<typeof sendingDomainSchema>;

/** The agency's sending domain, or null when it has none. */
export const sendingDomainViewSchema = z.object({ sendingDomain: z.nullable(sendingDomainSchema) });
export type SendingDomainView = z.infer<typeof sendingDomainViewSchema>;

export const removedSendingDomainSchema = z.object({ domain: z.string() });
export type RemovedSendingDomain = z.infer<typeof removedSendingDomainSchema>;
