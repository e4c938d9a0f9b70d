// The link preview image (issue 22 §5): what a chat app shows when someone pastes a card's link. One 1200×630 JPEG in
// the company's colours with the person's photo in a circle, their name, job title, the company and its logo. Drawn as
// SVG, rasterised by resvg with the bundled Inter fonts only, then encoded by sharp, so a render needs no browser and
// gives the same pixels everywhere. Text is measured with the same fonts and shrunk or cut with an ellipsis to fit.
import { renderAsync, Resvg } from '@resvg/resvg-js';
import { DEFAULT_BRAND_COLORS, isHexColor, readableTextOnAll } from '../../../shared/colour';
import { initials } from '../../../shared/format';
import { loadSharp } from '../adapters/sharp';
import { PREVIEW_IMAGE_SIZE } from '../card-page/card-page';
import { fontFilePaths } from './fonts';

/** The size the card page announces in og:image:width/height. */
export const { width: PREVIEW_WIDTH, height: PREVIEW_HEIGHT } = PREVIEW_IMAGE_SIZE;
/**
 * WhatsApp drops previews over 300 KB. Quality 88 without chroma subsampling keeps coloured text crisp; a worst case (a
 * 900 px grain photo and a pure-noise logo drawn directly, not from the stored renditions) measures ~95 KB.
 */
export const PREVIEW_MAX_BYTES = 300 * 1024;
export const PREVIEW_JPEG_QUALITY = 88;

export interface PreviewContent {
  name: string;
  jobTitle?: string;
  company: string;
  primaryColor?: string;
  secondaryColor?: string;
  accentColor?: string;
  /** Image bytes in any format sharp reads; absent or unreadable: initials instead (photo), nothing (logo). */
  photo?: Uint8Array | null;
  logo?: Uint8Array | null;
}

/** Escapes text for XML (element content and attribute values). */
export function xmlEscape(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** Characters XML 1.0 does not allow at all (control characters): dropped, so a stray one cannot break the document. */
const clean = (value: string) =>
  [...value]
    .filter((c) => c.charCodeAt(0) >= 0x20 || c === '\t' || c === '\n' || c === '\r')
    .join('')
    .replace(/[\ufffe\uffff]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

const FONT_FAMILY = 'Inter';
const resvgOptions = () => ({ font: { fontFiles: fontFilePaths(), loadSystemFonts: false, defaultFontFamily: FONT_FAMILY } });

interface TextStyle {
  size: number;
  weight: 400 | 600 | 700;
}

const textElement = (text: string, x: number, y: number, style: TextStyle, fill: string, extra = '') =>
  `<text x="${x}" y="${y}" font-family="${FONT_FAMILY}" font-weight="${style.weight}" font-size="${style.size}" fill="${fill}"${extra}>${xmlEscape(text)}</text>`;

/** The drawn width of one line of text in the preview's fonts. */
export function textWidth(text: string, style: TextStyle): number {
  if (!text) return 0;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${textElement(text, 0, style.size, style, '#000')}</svg>`;
  return new Resvg(svg, resvgOptions()).getBBox()?.width ?? 0;
}

/** The text as it fits `maxWidth`: as it is, or cut at a word (or character) boundary with an ellipsis. */
export function fitText(text: string, style: TextStyle, maxWidth: number): string {
  if (textWidth(text, style) <= maxWidth) return text;
  const chars = [...text];
  let low = 0;
  let high = chars.length;
  // The longest prefix that fits with the ellipsis (binary search on characters; grapheme-accurate enough for names).
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (textWidth(`${chars.slice(0, mid).join('').trimEnd()}…`, style) <= maxWidth) low = mid;
    else high = mid - 1;
  }
  return `${chars.slice(0, low).join('').trimEnd()}…`;
}

/**
 * The name's lines: one line at the largest size from 72 down to 56 px at which it fits; else two lines at 56 px
 * (broken between words, the second cut with an ellipsis if need be); else (one very long word) one line cut at 48 px.
 */
export function fitName(name: string, maxWidth: number): { lines: string[]; style: TextStyle } {
  for (const size of [72, 64, 56]) {
    const style: TextStyle = { size, weight: 700 };
    if (textWidth(name, style) <= maxWidth) return { lines: [name], style };
  }
  const two: TextStyle = { size: 56, weight: 700 };
  const words = name.split(' ');
  let first = 0;
  while (first < words.length - 1 && textWidth(words.slice(0, first + 1).join(' '), two) <= maxWidth) first += 1;
  if (first > 0) return { lines: [words.slice(0, first).join(' '), fitText(words.slice(first).join(' '), two, maxWidth)], style: two };
  const one: TextStyle = { size: 48, weight: 700 };
  return { lines: [fitText(name, one, maxWidth)], style: one };
}

const colourOr = (value: string | undefined, fallback: string) => (isHexColor(value) ? value : fallback);

/** An image as a PNG data URI at `size`×`size` (`cover` crops, `contain` fits on transparency); null when unreadable. */
async function embedded(bytes: Uint8Array | null | undefined, size: number, fit: 'cover' | 'contain'): Promise<string | null> {
  if (!bytes || bytes.byteLength === 0) return null;
  const sharp = await loadSharp();
  try {
    const png = await sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(size, size, { fit, background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
    return `data:image/png;base64,${png.toString('base64')}`;
  } catch {
    return null;
  }
}

// Layout: the photo circle on the left, the text column on the right (centred on the photo), an accent band below.
const PHOTO = { cx: 240, cy: 306, r: 156 };
const TEXT_X = 450;
const TEXT_RIGHT = 1140;
const LOGO = { size: 96, plate: 120 };
const TITLE: TextStyle = { size: 36, weight: 400 };
const COMPANY: TextStyle = { size: 34, weight: 600 };

/** The baseline that centres a line of capitals of `size` in a box from `top` of `height` (Inter's caps are ~0.73 em). */
const baseline = (top: number, height: number, size: number) => Math.round(top + height / 2 + size * 0.36);

/** The preview as SVG (exported for tests; `renderPreview` rasterises it). */
export async function previewSvg(content: PreviewContent): Promise<string> {
  const primary = colourOr(content.primaryColor, DEFAULT_BRAND_COLORS.primaryColor);
  const secondary = colourOr(content.secondaryColor, DEFAULT_BRAND_COLORS.secondaryColor);
  const accent = colourOr(content.accentColor, DEFAULT_BRAND_COLORS.accentColor);
  // Text sits on both ends of the gradient: the colour that reads on its worst stop (shared/colour.ts).
  const ink = readableTextOnAll([primary, secondary]);
  const name = clean(content.name) || ' ';
  const jobTitle = clean(content.jobTitle ?? '');
  const company = clean(content.company);
  const width = TEXT_RIGHT - TEXT_X;

  const [photo, logo] = await Promise.all([embedded(content.photo, PHOTO.r * 2, 'cover'), embedded(content.logo, LOGO.size, 'contain')]);

  const fittedName = fitName(name, width);
  const companyX = logo ? TEXT_X + LOGO.plate + 24 : TEXT_X;
  const fittedTitle = jobTitle ? fitText(jobTitle, TITLE, width) : '';
  const fittedCompany = company ? fitText(company, COMPANY, TEXT_RIGHT - companyX) : '';

  // The text block's boxes top to bottom, centred as a whole on the photo's centre.
  const nameLine = Math.round(fittedName.style.size * 1.2);
  const boxes: { height: number; gap: number; draw: (top: number) => string }[] = [
    ...fittedName.lines.map((line) => ({
      height: nameLine,
      gap: 0,
      draw: (top: number) => textElement(line, TEXT_X, baseline(top, nameLine, fittedName.style.size), fittedName.style, ink),
    })),
    ...(fittedTitle ? [{ height: 44, gap: 10, draw: (top: number) => textElement(fittedTitle, TEXT_X, baseline(top, 44, TITLE.size), TITLE, ink, ' fill-opacity="0.9"') }] : []),
    ...(logo || fittedCompany
      ? [
          {
            height: logo ? LOGO.plate : 44,
            gap: 32,
            draw: (top: number) =>
              (logo
                ? `<rect x="${TEXT_X}" y="${top}" width="${LOGO.plate}" height="${LOGO.plate}" rx="20" fill="#ffffff"/>` +
                  `<image href="${logo}" x="${TEXT_X + (LOGO.plate - LOGO.size) / 2}" y="${top + (LOGO.plate - LOGO.size) / 2}" width="${LOGO.size}" height="${LOGO.size}"/>`
                : '') + (fittedCompany ? textElement(fittedCompany, companyX, baseline(top, logo ? LOGO.plate : 44, COMPANY.size), COMPANY, ink) : ''),
          },
        ]
      : []),
  ];
  const total = boxes.reduce((sum, box) => sum + box.gap + box.height, 0);
  let top = Math.round(PHOTO.cy - total / 2);
  const text = boxes
    .map((box) => {
      top += box.gap;
      const drawn = box.draw(top);
      top += box.height;
      return drawn;
    })
    .join('');

  const photoPart = photo
    ? `<image href="${photo}" x="${PHOTO.cx - PHOTO.r}" y="${PHOTO.cy - PHOTO.r}" width="${PHOTO.r * 2}" height="${PHOTO.r * 2}" clip-path="url(#photo)"/>`
    : `<circle cx="${PHOTO.cx}" cy="${PHOTO.cy}" r="${PHOTO.r}" fill="${ink}" fill-opacity="0.16"/>` +
      textElement(initials(name), PHOTO.cx, PHOTO.cy + 40, { size: 112, weight: 700 }, ink, ' text-anchor="middle"');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" viewBox="0 0 ${PREVIEW_WIDTH} ${PREVIEW_HEIGHT}">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${primary}"/><stop offset="1" stop-color="${secondary}"/></linearGradient>` +
    `<clipPath id="photo"><circle cx="${PHOTO.cx}" cy="${PHOTO.cy}" r="${PHOTO.r}"/></clipPath></defs>` +
    `<rect width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" fill="url(#bg)"/>` +
    photoPart +
    `<circle cx="${PHOTO.cx}" cy="${PHOTO.cy}" r="${PHOTO.r + 4}" fill="none" stroke="${ink}" stroke-opacity="0.7" stroke-width="8"/>` +
    text +
    `<rect y="${PREVIEW_HEIGHT - 18}" width="${PREVIEW_WIDTH}" height="18" fill="${accent}"/>` +
    `</svg>`
  );
}

/** Renders the preview as a 1200×630 JPEG. */
export async function renderPreview(content: PreviewContent): Promise<Buffer> {
  const svg = await previewSvg(content);
  // Off the event loop (libuv's pool): locally the worker shares its process with the API. The raw pixels go straight to
  // the JPEG encoder (no PNG in between), and the encoder is libjpeg-turbo's, not mozjpeg's: mozjpeg made the file 10 %
  // smaller (53.6 against 59.5 KB) in 7 times the time (223 against 31 ms), and a 2,500-person import waits on it.
  const rendered = await renderAsync(svg, { ...resvgOptions(), fitTo: { mode: 'original' } });
  const sharp = await loadSharp();
  return sharp(rendered.pixels, { raw: { width: rendered.width, height: rendered.height, channels: 4 } })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: PREVIEW_JPEG_QUALITY, chromaSubsampling: '4:4:4' })
    .toBuffer();
}
