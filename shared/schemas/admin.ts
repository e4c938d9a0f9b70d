// Admin portal (spec 2 §2, §5): the Invite Admin form, the admin user list item and the business status toggle.
import * as z from 'zod';
import { messages } from '../messages';
import { emailAddress } from './common';

/**
 * Invite Admin dialog. The spec only asks for a non-empty e-mail once trimmed; we also check the format, with the
 * same message, because the address becomes a sign-in identity.
 */
export const adminInviteSchema = z
  .object({
    email: emailAddress(messages.admin.inviteEmailInvalid),
  })
  .strict();
export type AdminInviteInput = z.input<typeof adminInviteSchema>;
export type AdminInvite = z.output<typeof adminInviteSchema>;

/** A row of the Admin Users table. No display name shows 'No Name'; no last sign-in shows 'Never'. */
export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** The Active/Inactive toggle of a row in the businesses table (spec 2 §4). */
export const businessStatusUpdateSchema = z
  .object({
    isActive: z.boolean({ error: 'Active must be true or false' }),
  })
  .strict();
export type BusinessStatusUpdate = z.infer<typeof businessStatusUpdateSchema>;
