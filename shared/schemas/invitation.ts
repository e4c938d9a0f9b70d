// Employee invitations (spec 1 §2 'Employee onboarding', issue 8 §6): the token in the link, what the onboarding page
// may know before sign-in, and the answers of Send Invite and of linking the account.
import * as z from '../zod';
import { employeeSchema } from './employee';
import { clientBrandSchema } from './me';

/** 32 random bytes, base64url: 43 characters. Anything else cannot be an invitation. */
export const invitationTokenSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'This invitation link is invalid or has expired.'));

/** Send Invite's answer: where the mail went and until when the link works. */
export const invitationReceiptSchema = z.object({ sentTo: z.string(), expiresAt: z.string() });
export type InvitationReceipt = z.infer<typeof invitationReceiptSchema>;

/** What the onboarding page shows before sign-in: only the invited person and the business's look. */
export const invitationViewSchema = z.object({
  employee: z.object({ name: z.string(), email: z.string() }),
  business: z.object({
    name: z.string(),
    logoUrl: z.nullable(z.string()),
    primaryColor: z.nullable(z.string()),
    secondaryColor: z.nullable(z.string()),
    accentColor: z.nullable(z.string()),
  }),
  /** A white-labelled client's agency brand (issue 21), shown instead of CardCrew's; null otherwise. */
  brand: z.nullable(clientBrandSchema),
});
export type InvitationView = z.infer<typeof invitationViewSchema>;

/** Linking the signed-in account to the invited employee answers with the employee, now active. */
export const invitationAcceptedSchema = z.object({ employee: employeeSchema });
export type InvitationAccepted = z.infer<typeof invitationAcceptedSchema>;
