// Directory sync (issue 23 §1): the SCIM tokens and the setting Company Settings → 'Directory sync' sends and reads.
// The SCIM protocol's own documents are not validated here (functions/src/directory/scim-*.ts answer SCIM errors).
import * as z from '../zod';
import { directorySyncMessages } from '../messages/directory-sync';
import { requiredText } from './common';

/** At most this many tokens per business (issue 23 §1). */
export const MAX_SCIM_TOKENS = 5;

export const scimTokenCreateSchema = z.strictObject({
  name: requiredText(directorySyncMessages.tokenNameRequired, 60),
});
export type ScimTokenCreateInput = z.input<typeof scimTokenCreateSchema>;

export const scimTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
});
export type ScimToken = z.infer<typeof scimTokenSchema>;

/** The answer to a create: the token itself, shown once and never again. */
export const scimTokenCreatedSchema = z.object({ token: scimTokenSchema, secret: z.string() });
export type ScimTokenCreated = z.infer<typeof scimTokenCreatedSchema>;

export const directorySyncSettingsSchema = z.strictObject({
  /** Provisioned employees also get the invitation mail (default off). */
  sendInvitations: z.boolean({ error: directorySyncMessages.sendInvitationsBoolean }),
});
export type DirectorySyncSettings = z.infer<typeof directorySyncSettingsSchema>;

export const directorySyncSchema = z.object({
  tokens: z.array(scimTokenSchema),
  settings: z.object({ sendInvitations: z.boolean() }),
});
export type DirectorySync = z.infer<typeof directorySyncSchema>;
