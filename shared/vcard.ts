// The Save Contact file (spec 1 §2, §9): a vCard 3.0 built from a public card, with RFC 6350 §3.4
// text escaping and folding at 75 octets. Isomorphic: byte counts come from TextEncoder, not Buffer.

export interface VcardInput {
  name: string;
  jobTitle?: string | null;
  organisation?: string | null;
  department?: string | null;
  email?: string | null;
  officePhone?: string | null;
  mobilePhone?: string | null;
  /** Generic phone, written only when there is neither an office nor a mobile number (spec 1 §2). */
  phone?: string | null;
  website?: string | null;
  linkedin?: string | null;
  photoUrl?: string | null;
  /** The photo itself, base64 JPEG: embedded (`PHOTO;ENCODING=b;TYPE=JPEG`) instead of the URL, so it works offline. */
  photoJpegBase64?: string | null;
  note?: string | null;
  /** Pronouns, written first in the note (vCard 3.0 has no property for them; phones show the note). */
  pronouns?: string | null;
  /** The office address as typed (free text, lines kept): a work ADR with it as the street, and its label. */
  officeAddress?: string | null;
  /** The calendar booking link, labelled 'Book a meeting'. */
  bookingUrl?: string | null;
  /** More labelled links (the label as Apple's X-ABLabel, which other apps read too). */
  links?: readonly { label: string; url: string }[];
  /** The public card page; written as a labelled URL so the contact links back to the live card. */
  cardUrl?: string | null;
}

export const VCARD_LINE_LIMIT = 75;
const CRLF = '\r\n';
const encoder = new TextEncoder();

// C0 controls other than TAB, plus DEL: not allowed in a content line. CR and LF are handled separately.
// eslint-disable-next-line no-control-regex
const forbiddenControls = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** Escapes a text value (RFC 6350 §3.4): backslash, comma, semicolon, and any newline as \n. */
export function escapeVcardText(value: string): string {
  return value
    .replace(forbiddenControls, '')
    .replace(/\\/g, '\\\\')
    .replace(/,/g, '\\,')
    .replace(/;/g, '\\;')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** URI values are not escaped; line breaks and controls are removed. Only http(s) URIs are kept. */
function uriValue(value: string | null | undefined): string | null {
  // eslint-disable-next-line no-control-regex
  const uri = clean(value)?.replace(/[\u0000-\u001F\u007F]/g, '');
  return uri && /^https?:\/\/[^/\s]/i.test(uri) ? uri : null;
}

function clean(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** Folds one content line so no physical line exceeds 75 octets; never splits a UTF-8 character. */
export function foldVcardLine(line: string, limit = VCARD_LINE_LIMIT): string {
  if (encoder.encode(line).length <= limit) return line;
  const segments: string[] = [];
  let current = '';
  let currentBytes = 0;
  let budget = limit;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    if (currentBytes + bytes > budget) {
      segments.push(current);
      current = '';
      currentBytes = 0;
      budget = limit - 1; // the leading space of a continuation line counts toward its 75 octets
    }
    current += char;
    currentBytes += bytes;
  }
  segments.push(current);
  return segments.join(`${CRLF} `);
}

/** 'Jane van Doe' → family 'Doe', given 'Jane van' (the last word is the family name). */
function splitName(name: string): { family: string; given: string } {
  const words = name.split(/\s+/).filter(Boolean);
  return { family: words.at(-1) ?? '', given: words.slice(0, -1).join(' ') };
}

export function buildVcard(input: VcardInput): string {
  const name = clean(input.name) ?? clean(input.email) ?? 'Contact';
  const { family, given } = splitName(name);
  const lines = ['BEGIN:VCARD', 'VERSION:3.0', `FN:${escapeVcardText(name)}`];
  lines.push(`N:${[family, given, '', '', ''].map(escapeVcardText).join(';')}`);

  const text = (property: string, value: string | null | undefined) => {
    const v = clean(value);
    if (v) lines.push(`${property}:${escapeVcardText(v)}`);
  };
  const uri = (property: string, value: string | null | undefined) => {
    const v = uriValue(value);
    if (v) lines.push(`${property}:${v}`);
  };

  const organisation = clean(input.organisation);
  const department = clean(input.department);
  if (organisation || department) {
    lines.push(`ORG:${[organisation ?? '', ...(department ? [department] : [])].map(escapeVcardText).join(';')}`);
  }
  text('TITLE', input.jobTitle);
  text('EMAIL;TYPE=INTERNET', input.email);
  text('TEL;TYPE=WORK,VOICE', input.officePhone);
  text('TEL;TYPE=CELL', input.mobilePhone);
  if (!clean(input.officePhone) && !clean(input.mobilePhone)) text('TEL;TYPE=VOICE', input.phone);
  uri('URL', input.website);
  uri('URL;TYPE=LinkedIn', input.linkedin);
  uri('URL;TYPE=Card', input.cardUrl);
  // Labelled URLs as grouped properties (item1.URL + item1.X-ABLabel): TYPE cannot carry free text.
  const labelled = [...(input.bookingUrl ? [{ label: 'Book a meeting', url: input.bookingUrl }] : []), ...(input.links ?? [])];
  let item = 0;
  for (const link of labelled) {
    const url = uriValue(link.url);
    const label = clean(link.label);
    if (!url || !label) continue;
    item++;
    lines.push(`item${item}.URL:${url}`, `item${item}.X-ABLabel:${escapeVcardText(label)}`);
  }
  const address = clean(input.officeAddress);
  if (address) {
    lines.push(`ADR;TYPE=WORK:;;${escapeVcardText(address)};;;;`);
    lines.push(`LABEL;TYPE=WORK:${escapeVcardText(address)}`);
  }
  const photo = clean(input.photoJpegBase64);
  if (photo && /^[A-Za-z0-9+/]+=*$/.test(photo)) lines.push(`PHOTO;ENCODING=b;TYPE=JPEG:${photo}`);
  else uri('PHOTO;VALUE=URI', input.photoUrl);
  const pronouns = clean(input.pronouns);
  text('NOTE', [pronouns && `Pronouns: ${pronouns}`, clean(input.note)].filter(Boolean).join('\n'));
  lines.push('END:VCARD');

  return lines.map((line) => foldVcardLine(line)).join(CRLF) + CRLF;
}

/** A safe ASCII download name: 'José Núñez' → 'Jose-Nunez.vcf'; nothing usable → 'contact.vcf'. */
export function vcardFilename(name: string | null | undefined): string {
  const base = (name ?? '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
    .replace(/-+$/, '');
  return `${base || 'contact'}.vcf`;
}
