// Apple Wallet (issue 22 §1): the signed-in call that answers a short-lived download link, the link's query, and the
// shapes of Apple's PassKit web service (register a device, list updated serial numbers, log).
import * as z from '../zod';
import { cleanText, idSchema } from './common';

export const applePassLinkSchema = z.object({ downloadUrl: z.url() });
export type ApplePassLink = z.infer<typeof applePassLinkSchema>;

/** `?expires=<unix seconds>&signature=<base64url HMAC>` (functions/src/apple-wallet/pass-tokens.ts). */
export const applePassDownloadQuerySchema = z.object({
  expires: z.pipe(z.string().check(z.regex(/^\d{1,12}$/, 'Invalid link')), z.transform(Number)),
  signature: z.string().check(z.regex(/^[\w-]{43}$/, 'Invalid link')),
});

/** Apple's device library identifiers are lower-case hex (32 characters today); push tokens are hex (64 today). */
const deviceLibraryIdentifier = z.string().check(z.regex(/^[0-9a-f]{16,64}$/, 'Invalid device'));
const passTypeIdentifier = z.string().check(z.regex(/^pass\.[\w.-]{1,120}$/, 'Invalid pass type'));

export const passkitDeviceParams = z.strictObject({ deviceLibraryIdentifier, passTypeIdentifier });
export const passkitRegistrationParams = z.strictObject({ deviceLibraryIdentifier, passTypeIdentifier, serialNumber: idSchema });
export const passkitPassParams = z.strictObject({ passTypeIdentifier, serialNumber: idSchema });

export const passkitRegisterBodySchema = z.strictObject({ pushToken: z.string().check(z.regex(/^[0-9a-fA-F]{16,200}$/, 'Invalid push token')) });
/** The update tag we hand out (lastUpdated): milliseconds since the epoch, as text. */
export const passkitSerialsQuerySchema = z.object({ passesUpdatedSince: z.optional(z.string().check(z.regex(/^\d{1,16}$/, 'Invalid tag'))) });
export const passkitSerialsSchema = z.object({ serialNumbers: z.array(z.string()), lastUpdated: z.string() });
/** Wallet's log lines: single lines of text (the house text rule), bounded. */
export const passkitLogBodySchema = z.strictObject({ logs: z.array(cleanText().check(z.minLength(1, 'Empty log line'), z.maxLength(2000))).check(z.maxLength(50)) });
