// Logo and employee photo uploads (spec 2 §5, spec 1 §5): the file check the browser runs before uploading,
// and the upload request the API validates before it signs an upload.
import * as z from '../zod';
import { messages } from '../messages';
import { idSchema } from './common';

const m = messages.upload;

/** Spec 2 §9: logos (and photos) of at most 5 MB. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

// The spec only asks for a type starting with 'image/'. We accept the raster formats we re-encode instead:
// SVG can carry script and DESIGN §8 says SVG and HTML are never served from user uploads. Anything else,
// SVG and HEIC included, gets the spec's 'Invalid file type' message.
export const uploadContentTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export type UploadContentType = (typeof uploadContentTypes)[number];

/**
 * A favicon is an agency's own square tab icon (issue 21 §1); only Agency Settings uploads one. A cover is the wide
 * image across the top of a business's Banner card design.
 */
export const uploadPurposes = ['logo', 'photo', 'favicon', 'cover'] as const;
export type UploadPurpose = (typeof uploadPurposes)[number];

export type UploadCheck =
  | { ok: true; contentType: UploadContentType }
  | { ok: false; reason: 'invalidType' | 'tooLarge'; title: string; description: string };

/** Browsers report lower-case MIME types, but other clients may not. */
function normaliseContentType(type: string): string {
  return type.trim().toLowerCase();
}

export function isUploadContentType(type: string): type is UploadContentType {
  return (uploadContentTypes as readonly string[]).includes(type);
}

/**
 * The check a picked file must pass (a browser `File` fits `{ type, size }`). The type is checked first, as in
 * the spec. An empty file is refused as an invalid type: it is not an image at all.
 */
export function checkUploadFile(file: { type: string; size: number }): UploadCheck {
  const contentType = normaliseContentType(file.type);
  if (!isUploadContentType(contentType) || !(file.size > 0)) {
    return { ok: false, reason: 'invalidType', title: m.invalidTypeTitle, description: m.invalidType };
  }
  if (file.size > MAX_UPLOAD_BYTES) {
    return { ok: false, reason: 'tooLarge', title: m.tooLargeTitle, description: m.tooLarge };
  }
  return { ok: true, contentType };
}

/** What the browser asks for before it uploads a logo or an employee photo; the same rules as checkUploadFile. */
export const uploadRequestSchema = z.strictObject({
  contentType: z.pipe(
    z.pipe(z.string({ error: m.invalidType }).check(z.maxLength(100, m.invalidType)), z.transform(normaliseContentType)),
    z.enum(uploadContentTypes, { error: m.invalidType }),
  ),
  size: z.number({ error: m.invalidType }).check(z.int(m.invalidType), z.gte(1, m.invalidType), z.lte(MAX_UPLOAD_BYTES, m.tooLarge)),
  purpose: z.enum(uploadPurposes, { error: 'Purpose must be logo, photo, favicon or cover' }),
});
export type UploadRequestInput = z.input<typeof uploadRequestSchema>;
export type UploadRequest = z.output<typeof uploadRequestSchema>;

/** Starting an upload: the file's type and size, what it is for, and whose photo (photos only). */
export const uploadStartSchema = z.strictObject({ ...uploadRequestSchema.shape, employeeId: z.optional(idSchema) }).check(
  z.superRefine((value, ctx) => {
    if (value.purpose === 'photo' && !value.employeeId) ctx.addIssue({ code: 'custom', path: ['employeeId'], message: 'Whose photo is it? employeeId is required for a photo.' });
    if (value.purpose === 'favicon') ctx.addIssue({ code: 'custom', path: ['purpose'], message: 'A business uploads its logo and photos; a favicon is an agency’s.' });
    if (value.purpose !== 'photo' && value.employeeId) ctx.addIssue({ code: 'custom', path: ['employeeId'], message: 'A logo or cover belongs to the business, not to an employee.' });
  }),
);
export type UploadStart = z.output<typeof uploadStartSchema>;

/** Where and how the browser sends the file: a presigned POST (its form fields carry the policy and signature). */
export const uploadTicketSchema = z.object({
  uploadId: z.string(),
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  maxBytes: z.int(),
});
export type UploadTicket = z.infer<typeof uploadTicketSchema>;

/** The confirmed image: the URL now stored on the business (logo) or the employee (photo). */
export const uploadResultSchema = z.object({ purpose: z.enum(uploadPurposes), url: z.string() });
export type UploadResult = z.infer<typeof uploadResultSchema>;
