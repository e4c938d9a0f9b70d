// Small building blocks shared by every schema: the one text rule, optional-or-null text, URL, email, phone, hex
// colour, ids.
import * as z from '../zod';
import { ID_PATTERN } from '../ids';
import { isHttpUrl } from '../urls';
import { messages } from '../messages';

/**
 * The text rule every field a person types goes through (the server applies it again; it is the authority):
 * - NFC normalisation, so the same visible text is the same stored text (uniqueness, search);
 * - no C0/C1 control characters (NUL, escape sequences, DEL…): they reach HTML, vCards, mails and CSV exports;
 * - no Unicode bidi controls (U+202A–U+202E, U+2066–U+2069, LRM/RLM/ALM): they let text spoof what it says on a
 *   public card ('moc.elpmaxe' shown as 'example.com'); right-to-left scripts need none of them;
 * - no lone surrogates (not text at all; DynamoDB and browsers would mangle them) and no byte-order marks;
 * - single-line fields refuse every line break (CR, LF, U+2028/2029, tab too); multi-line fields (descriptions,
 *   messages, notes) keep LF and tab, with CRLF and CR normalised to LF.
 * Zero-width joiners and non-joiners stay allowed: Indic and Persian names and emoji sequences need them.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point of this rule
const CONTROL_EXCEPT_TAB_AND_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;
const LINE_BREAK_OR_TAB = /[\t\n\r\u2028\u2029]/u;
const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
const NOT_TEXT = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|\uFEFF/u;

export interface TextOptions {
  /** Descriptions, messages and notes: line breaks allowed. @default false */
  multiLine?: boolean;
}

/** The problem the text rule finds in `value`, or null. */
export function textProblem(value: string, options: TextOptions = {}): string | null {
  if (NOT_TEXT.test(value)) return messages.text.invalidCharacter;
  if (CONTROL_EXCEPT_TAB_AND_LINES.test(value)) return messages.text.controlCharacter;
  if (BIDI_CONTROL.test(value)) return messages.text.directionControl;
  if (!options.multiLine && LINE_BREAK_OR_TAB.test(value)) return messages.text.singleLine;
  return null;
}

function normaliseText(value: string, options: TextOptions): string {
  // normalize() would throw on nothing, but keeps lone surrogates: the rule refuses those after.
  const nfc = value.normalize('NFC');
  return options.multiLine ? nfc.replace(/\r\n?|[\u2028\u2029]/gu, '\n') : nfc;
}

/** A string, trimmed (a pasted trailing newline is not an error), then through the text rule. */
export const cleanText = (options: TextOptions = {}, typeMessage?: string) =>
  z.string(typeMessage ? { error: typeMessage } : undefined).check(
    z.trim(),
    z.overwrite((v) => normaliseText(v, options)),
    z.superRefine((value, ctx) => {
      const problem = textProblem(value, options);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
    }),
  );

/** `text` or nothing: undefined, null and empty (after trimming) all become null (spec: empty optional values are stored as null). */
export const emptyAsNull = <S extends z.ZodMiniType<string, string>>(text: S) => z.pipe(z.nullish(text), z.transform((v) => (v ? v : null)));

/** Trimmed text; an empty string after trimming becomes null. */
export const optionalText = (max = 500, options: TextOptions = {}) => emptyAsNull(cleanText(options).check(z.maxLength(max, `Must be at most ${max} characters`)));

export const requiredText = (message: string, max = 200, options: TextOptions = {}) =>
  cleanText(options, message).check(z.minLength(1, message), z.maxLength(max, `Must be at most ${max} characters`));

/** An http(s) URL or empty (→ null). Other schemes (javascript:, data:) are refused. */
export const optionalUrl = (message: string = messages.businessForm.validUrl) =>
  emptyAsNull(cleanText().check(z.maxLength(2048, message))).check(z.refine((v) => v === null || isHttpUrl(v), message));

export { isHttpUrl };

/** Required e-mail with two messages: one when it is empty, one when it is malformed. Stored lower-case. */
export const requiredEmailAddress = (requiredMessage: string, invalidMessage: string) =>
  z.pipe(
    cleanText({}, requiredMessage).check(z.minLength(1, requiredMessage), z.maxLength(254, invalidMessage)),
    z.email({ error: invalidMessage }).check(z.toLowerCase()),
  );

/** Required e-mail with one message for empty and malformed alike. Stored lower-case. */
export const emailAddress = (message: string) => requiredEmailAddress(message, message);

/** A valid e-mail address or empty (→ null); stored lower-case like every other e-mail. */
export const optionalEmailAddress = (message: string) =>
  emptyAsNull(cleanText().check(z.maxLength(254, message), z.toLowerCase())).check(z.refine((v) => v === null || z.email().safeParse(v).success, message));

const HEX_COLOR = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

export const hexColor = z.string().check(z.trim(), z.regex(HEX_COLOR, messages.settings.hexColor));

export const optionalHexColor = emptyAsNull(z.string().check(z.trim())).check(z.refine((v) => v === null || HEX_COLOR.test(v), messages.settings.hexColor));

const PHONE = /^\+?[0-9 ().\-/]+(?:\s*(?:ext\.?|x|#)\s*\d{1,6})?$/i;

/** True for phone numbers as people write them: digits with + ( ) . - / and spaces, an optional extension. */
export function isPhoneNumber(value: string): boolean {
  const digits = value.replace(/(?:ext\.?|x|#)\s*\d{1,6}$/i, '').match(/\d/g)?.length ?? 0;
  return PHONE.test(value) && digits >= 3 && digits <= 20;
}

export const phoneMessage = 'Please enter a valid phone number';

/** A phone number ('+1 (555) 010-0000 ext. 12'); empty → null. Stored as typed, trimmed. */
export const optionalPhone = emptyAsNull(cleanText().check(z.maxLength(40, phoneMessage))).check(z.refine((v) => v === null || isPhoneNumber(v), phoneMessage));

/** A required phone number, one message for empty and malformed. */
export const requiredPhone = (message: string) =>
  cleanText({}, message).check(z.minLength(1, message), z.maxLength(40, message), z.refine(isPhoneNumber, message));

/** Random public ids (cards, invoices, businesses, employees): URL-safe, 10–64 chars. */
export const idSchema = z.string().check(z.regex(ID_PATTERN, 'Invalid id'));

export const isoDateTime = z.string();

/** The opaque `?cursor=` of a paged listing (base64url of the previous page's position; the service checks its content). */
export const pageCursor = (max: number) => z.optional(z.string().check(z.maxLength(max, 'Invalid cursor.'), z.regex(/^[A-Za-z0-9_-]*$/, 'Invalid cursor.')));
