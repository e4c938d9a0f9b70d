// E-mail signature (issue 22 §3): the company's choices (which fields appear, one disclaimer line) as Company Settings
// stores them, and what GET /api/cards/{cardId}/email-signature answers for the signature builder
// (shared/email-signature.ts).
import * as z from '../zod';
import { optionalText } from './common';

/** The fields an owner may leave out of every signature of the company; name and company always appear. */
export const signatureFieldNames = ['photo', 'jobTitle', 'phones', 'email', 'logo', 'qrCode', 'cardLink'] as const;
export type SignatureFieldName = (typeof signatureFieldNames)[number];

export const signatureFieldLabels = {
  photo: 'Photo',
  jobTitle: 'Job title',
  phones: 'Phone numbers',
  email: 'Email address',
  logo: 'Company logo',
  qrCode: 'QR code',
  cardLink: 'Link to the digital card',
} as const satisfies Record<SignatureFieldName, string>;

export const signatureFieldsSchema = z.strictObject({
  photo: z.boolean(),
  jobTitle: z.boolean(),
  phones: z.boolean(),
  email: z.boolean(),
  logo: z.boolean(),
  qrCode: z.boolean(),
  cardLink: z.boolean(),
});
export type SignatureFields = z.infer<typeof signatureFieldsSchema>;

/** A business that never chose shows every field. */
export const DEFAULT_SIGNATURE_FIELDS: SignatureFields = { photo: true, jobTitle: true, phones: true, email: true, logo: true, qrCode: true, cardLink: true };

export const SIGNATURE_DISCLAIMER_MAX = 300;

/** One line of small print under every signature of the company; empty → none (the text rule: single line). */
export const signatureDisclaimerSchema = optionalText(SIGNATURE_DISCLAIMER_MAX);

/** What the builder needs beyond the card: the marked card URL, the QR image, the company's choices. */
export const emailSignatureSchema = z.object({
  cardId: z.string(),
  /** The card URL marked as an e-mail signature scan (shared/scan-sources.ts). */
  cardUrl: z.string(),
  /** Absolute URL of a small PNG of `cardUrl`'s QR code, long-cached under a versioned media key. */
  qrImageUrl: z.string(),
  /** The site's origin: every image of the signature is served from it. */
  siteOrigin: z.string(),
  name: z.string(),
  jobTitle: z.nullable(z.string()),
  email: z.nullable(z.string()),
  phones: z.array(z.object({ label: z.string(), number: z.string() })),
  /** The photo as a PNG cropped round, SIGNATURE_PHOTO_SIZE square (shared/email-signature.ts); null: none. */
  photoUrl: z.nullable(z.string()),
  companyName: z.string(),
  /** The logo as a PNG; shown at `logoSize` (CSS pixels, inside the signature's logo box). */
  logoUrl: z.nullable(z.string()),
  logoSize: z.nullable(z.object({ width: z.int(), height: z.int() })),
  brandColor: z.nullable(z.string()),
  fields: signatureFieldsSchema,
  disclaimer: z.nullable(z.string()),
});
export type EmailSignatureData = z.infer<typeof emailSignatureSchema>;
