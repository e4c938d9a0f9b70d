// Contact exchange (issue 11 §3): the form on the public card page ('Share your details with {first name}') and the
// contact DTO the portal and dashboard list.
import * as z from '../zod';
import { contactExchangeMessages } from '../messages/contact-exchange';
import { optionalPhone, optionalText, requiredEmailAddress, requiredText } from './common';

const m = contactExchangeMessages;

/**
 * What a visitor sends. `website` is a honeypot (people never see it; a bot that fills it is thanked and ignored), so
 * it is accepted here and checked by the service.
 */
export const contactFormSchema = z.strictObject({
  name: requiredText(m.nameRequired, 100),
  email: requiredEmailAddress(m.emailRequired, m.emailInvalid),
  phone: optionalPhone,
  company: optionalText(200),
  note: optionalText(1000, { multiLine: true }),
  consent: z.literal('yes', { error: m.consentRequired }),
  website: z.optional(z.string().check(z.maxLength(200))),
});
export type ContactForm = z.output<typeof contactFormSchema>;

export const contactSchema = z.object({
  id: z.string(),
  businessId: z.string(),
  employeeId: z.string(),
  /** The employee the visitor shared their details with (their name when the contact was made). */
  employeeName: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  company: z.nullable(z.string()),
  note: z.nullable(z.string()),
  /** Issue 23 §2: the leaver whose card the contact came through, once it was handed over to `employeeName`. */
  reassignedFrom: z.optional(z.nullable(z.string())),
  createdAt: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;

export const contactListQuerySchema = z.object({ employeeId: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{10,64}$/, 'Invalid employee id'))) });
