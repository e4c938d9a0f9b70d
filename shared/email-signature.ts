// The e-mail signature (issue 22 §3): signature data → the HTML that survives Gmail, Outlook (web and desktop) and
// Apple Mail, and its plain-text twin. Pure, so the web app builds it as the preview changes and tests check it.
// What those clients keep: tables for layout, inline styles only (no <style>, no classes), images by absolute URL
// (no SVG, no data: URLs), PNG or JPEG only (classic Outlook for Windows shows WebP as a broken image), width and height
// attributes on every image (Outlook desktop ignores CSS sizes), at most 600 px wide and well under Gmail's 10 KB
// signature limit. The photo comes cropped round in its pixels (Outlook ignores border-radius).
import { contrastRatio, DEFAULT_BRAND_COLORS, hexToHsl, hslToHex, isHexColor } from './colour';
import { escapeHtml } from './html';
import { emailSignatureMessages } from './messages/email-signature';
import type { EmailSignatureData } from './schemas/email-signature';

export interface EmailSignature {
  html: string;
  text: string;
}

/** The widest the signature may be; its images and columns stay inside this. */
export const SIGNATURE_MAX_WIDTH = 600;
/** Gmail refuses a signature of more than 10,000 characters. */
export const SIGNATURE_MAX_BYTES = 10 * 1024;

/** The photo's size in the signature (CSS pixels); the server's round PNG is made for it. */
export const SIGNATURE_PHOTO_SIZE = 80;
/** The logo's box in the signature (CSS pixels); the server's PNG fits inside it, its shape kept. */
export const SIGNATURE_LOGO_HEIGHT = 36;
export const SIGNATURE_LOGO_MAX_WIDTH = 160;
const PHOTO_SIZE = SIGNATURE_PHOTO_SIZE;
const QR_SIZE = 88;
const TEXT = '#1f2937';
const MUTED = '#4b5563';
const SMALL_PRINT = '#6b7280';
const FONT = 'Arial,Helvetica,sans-serif';

const m = emailSignatureMessages;

/**
 * An image URL a mail client will load and show: absolute, https or on the site's own origin (locally the site is
 * http://127.0.0.1:3000; in AWS the origin is https), and a PNG or JPEG by its name. Anything else (relative, data:,
 * http elsewhere, WebP, SVG, no extension) is left out.
 */
export function signatureImageUrl(url: string | null | undefined, siteOrigin: string): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    if (!/\.(png|jpe?g)$/i.test(parsed.pathname)) return null;
    if (parsed.protocol === 'https:' || parsed.origin === new URL(siteOrigin).origin) return parsed.href;
  } catch {
    return null;
  }
  return null;
}

/** A link target: http(s) only (the card URL comes from the server; this keeps a bad value out of an href). */
function httpUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** `tel:` with the digits and a leading + only, as every client dials it (an extension is left to the reader). */
export function telHref(number: string): string | null {
  const digits = number
    .split(/ext|x|[,;#]/i)[0]!
    .replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
  return /\d{3,}/.test(digits) ? `tel:${digits}` : null;
}

/** The brand colour darkened until it reads on white (WCAG AA, 4.5:1), so a pale brand still gives legible links. */
export function readableBrandColor(hex: string | null | undefined): string {
  let colour = (isHexColor(hex) ? hex.trim() : DEFAULT_BRAND_COLORS.secondaryColor).toLowerCase();
  for (let hsl = hexToHsl(colour); contrastRatio(colour, '#ffffff') < 4.5 && hsl.l > 0; ) {
    hsl = { ...hsl, l: Math.max(0, hsl.l - 4) };
    colour = hslToHex(hsl);
  }
  return colour;
}

const style = (rules: Record<string, string | number>) =>
  Object.entries(rules)
    .map(([k, v]) => `${k}:${typeof v === 'number' ? `${v}px` : v}`)
    .join(';');

const line = (content: string, rules: Record<string, string | number> = {}) =>
  `<tr><td style="${style({ 'font-family': FONT, 'font-size': 14, 'line-height': '20px', color: TEXT, ...rules })}">${content}</td></tr>`;

const link = (href: string, label: string, colour: string, rules: Record<string, string | number> = {}) =>
  `<a href="${escapeHtml(href)}" style="${style({ color: colour, 'text-decoration': 'none', ...rules })}">${escapeHtml(label)}</a>`;

const img = (src: string, alt: string, width: number, height: number) =>
  `<img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}" width="${width}" height="${height}" style="${style({ display: 'block', border: 0, width, height })}">`;

const table = (rows: string, rules: Record<string, string | number> = {}) =>
  `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="${style({ 'border-collapse': 'collapse', ...rules })}">${rows}</table>`;

/** The signature for one card, with the company's field choices and disclaimer applied. */
export function buildEmailSignature(data: EmailSignatureData): EmailSignature {
  const { fields } = data;
  const brand = readableBrandColor(data.brandColor);
  const cardUrl = httpUrl(data.cardUrl);
  const photo = fields.photo ? signatureImageUrl(data.photoUrl, data.siteOrigin) : null;
  // A logo without a known size is left out: Outlook would draw it at its full pixel size.
  const logo = fields.logo && data.logoSize ? signatureImageUrl(data.logoUrl, data.siteOrigin) : null;
  const qr = fields.qrCode && cardUrl ? signatureImageUrl(data.qrImageUrl, data.siteOrigin) : null;
  const jobTitle = fields.jobTitle ? data.jobTitle : null;
  const phones = fields.phones ? data.phones.map((p) => ({ ...p, href: telHref(p.number) })) : [];
  const email = fields.email ? data.email : null;
  const cardLink = fields.cardLink ? cardUrl : null;
  const disclaimer = data.disclaimer?.trim() || null;

  const details = [
    line(escapeHtml(data.name), { 'font-size': 16, 'line-height': '22px', 'font-weight': 'bold', color: brand }),
    jobTitle ? line(escapeHtml(jobTitle), { color: MUTED }) : '',
    line(escapeHtml(data.companyName), { 'font-weight': 'bold' }),
    ...phones.map((p, i) =>
      line(`${escapeHtml(p.label)}: ${p.href ? link(p.href, p.number, TEXT) : escapeHtml(p.number)}`, i === 0 ? { 'padding-top': 6 } : {}),
    ),
    email ? line(link(`mailto:${email}`, email, brand), phones.length ? {} : { 'padding-top': 6 }) : '',
    cardLink ? line(link(cardLink, m.viewCard, brand, { 'font-weight': 'bold', 'text-decoration': 'underline' }), { 'padding-top': 6 }) : '',
    logo && data.logoSize ? line(img(logo, m.logoAlt(data.companyName), data.logoSize.width, data.logoSize.height), { 'padding-top': 8 }) : '',
  ].join('');

  const photoCell = photo
    ? `<td width="${PHOTO_SIZE + 16}" valign="top" style="${style({ 'padding-right': 16, 'vertical-align': 'top' })}">${wrapLink(
        cardLink,
        img(photo, m.photoAlt(data.name), PHOTO_SIZE, PHOTO_SIZE),
      )}</td>`
    : '';
  const detailsCell = `<td valign="top" style="${style({ 'vertical-align': 'top', 'border-left': `3px solid ${brand}`, 'padding-left': 12 })}">${table(details)}</td>`;
  const qrCell = qr
    ? `<td width="${QR_SIZE + 16}" valign="top" style="${style({ 'padding-left': 16, 'vertical-align': 'top' })}">${wrapLink(cardUrl, img(qr, m.qrAlt, QR_SIZE, QR_SIZE))}</td>`
    : '';
  const main = table(`<tr>${photoCell}${detailsCell}${qrCell}</tr>`);
  const small = disclaimer ? line(escapeHtml(disclaimer), { 'padding-top': 10, 'font-size': 11, 'line-height': '15px', color: SMALL_PRINT }) : '';
  const html = table(`<tr><td style="padding:0">${main}</td></tr>${small}`, { 'max-width': SIGNATURE_MAX_WIDTH });

  const text = [
    data.name,
    jobTitle,
    data.companyName,
    ...phones.map((p) => `${p.label}: ${p.number}`),
    email ? `${m.emailLabel}: ${email}` : null,
    cardLink ? `${m.viewCard}: ${cardLink}` : null,
    disclaimer ? `\n${disclaimer}` : null,
  ]
    .filter((l): l is string => Boolean(l))
    .join('\n');

  return { html, text };
}

function wrapLink(href: string | null, content: string): string {
  return href ? `<a href="${escapeHtml(href)}" style="text-decoration:none">${content}</a>` : content;
}

/** The phone lines of a signature from a card's copy of the profile: office, mobile, then any other number. */
export function phonesOf(profile: { phone?: string | null; officePhone?: string | null; mobilePhone?: string | null }): { label: string; number: string }[] {
  const phones: { label: string; number: string }[] = [];
  if (profile.officePhone) phones.push({ label: m.officeLabel, number: profile.officePhone });
  if (profile.mobilePhone) phones.push({ label: m.mobileLabel, number: profile.mobilePhone });
  if (profile.phone && profile.phone !== profile.officePhone && profile.phone !== profile.mobilePhone) phones.push({ label: m.phoneLabel, number: profile.phone });
  return phones;
}

/** `{name}-signature.htm`, from the person's name in letters, digits and dashes. */
export function signatureFileName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'email'}-signature.htm`;
}

/** A whole HTML document around the signature, for the .htm file Outlook desktop imports. */
export function signatureDocument(signature: EmailSignature, title: string): string {
  return `<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>${signature.html}</body></html>\n`;
}
