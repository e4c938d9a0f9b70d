// Small building blocks shared by every schema: trimmed text, optional-or-null text, URL, email, hex colour, ids.
import { z } from 'zod';
import { messages } from '../messages';

/** Trimmed text; an empty string after trimming becomes null (spec: empty optional values are stored as null). */
export const optionalText = (max = 500) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

export const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

/** An http(s) URL or empty (→ null). Other schemes (javascript:, data:) are refused. */
export const optionalUrl = (message: string = messages.businessForm.validUrl) =>
  z
    .string()
    .trim()
    .max(2048, message)
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isHttpUrl(v), message);

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** Required e-mail with two messages: one when it is empty, one when it is malformed. Stored lower-case. */
export const requiredEmailAddress = (requiredMessage: string, invalidMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(254, invalidMessage)
    .pipe(z.email({ error: invalidMessage }))
    .transform((v) => v.toLowerCase());

/** Required e-mail with one message for empty and malformed alike. Stored lower-case. */
export const emailAddress = (message: string) => requiredEmailAddress(message, message);

/** A valid e-mail address or empty (→ null); stored lower-case like every other e-mail. */
export const optionalEmailAddress = (message: string) =>
  z
    .string()
    .trim()
    .max(254, message)
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null))
    .refine((v) => v === null || z.email().safeParse(v).success, message);

export const hexColor = z
  .string()
  .trim()
  .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, messages.settings.hexColor);

export const optionalHexColor = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(v), messages.settings.hexColor);

/** Random public ids (cards, invoices, businesses, employees): URL-safe, 10–64 chars. */
export const idSchema = z.string().regex(/^[A-Za-z0-9_-]{10,64}$/, 'Invalid id');

export const isoDateTime = z.string();
